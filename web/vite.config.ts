import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverOrigin = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': serverOrigin,
      '/healthz': serverOrigin,
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Libraries change far less often than screens: keep them in their own long-cached chunks.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The theme test reads the colours of the app's style sheet (other style sheets stay empty in tests).
    css: { include: [/app\.css/] },
    include: ['src/**/*.test.{ts,tsx}'],
    // Screens render whole antd tables in jsdom: on two busy cores one can take well over 5 s.
    testTimeout: 30_000,
  },
});
