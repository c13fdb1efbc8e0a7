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
    // The largest chunk is the chart library (about 540 kB), fetched only by the report screens.
    chunkSizeWarningLimit: 600,
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
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
