// The browser's linter: TypeScript's and React's hook rules, and the zones its imports keep to.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const here = import.meta.dirname;

/** The feature areas, each a folder of src/features. */
const featureAreas = readdirSync(`${here}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports run one way, from the application down to what every screen shares:
 *   app -> features -> components -> lib.
 * A feature area does not reach into another one: what two areas share moves down into components
 * (screens, fields, search popups) or lib (calls, codes, pure helpers).
 */
const featureZones = featureAreas.map((area) => ({
  target: `./src/features/${area}`,
  from: './src/features',
  except: [`./${area}`],
  message: 'A feature area imports no other area: move what they share down into components or lib.',
}));

const downwardZones = [
  {
    target: './src/features',
    from: './src/app',
    message: 'Features are composed by the application; they do not import it.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'Shared code imports no feature and not the application.',
  },
  {
    target: './src/lib',
    from: './src/components',
    message: 'lib holds no screens: it imports no component.',
  },
];

// Tests render their subject inside the application's providers, and the tests of the generic
// components drive them with real definitions of the features; no test reaches across feature areas.
const testZones = [
  ...featureZones,
  {
    target: './src/features',
    from: './src/app',
    except: ['./providers.tsx'],
    message: 'A feature test takes only the providers from the application.',
  },
  {
    target: './src/lib',
    from: ['./src/components', './src/features', './src/app'],
    message: 'lib is tested on its own.',
  },
];

const tests = ['src/**/*.test.{ts,tsx}', 'src/test/**'];

export default defineConfig([
  globalIgnores(['dist/', 'coverage/', 'node_modules/', 'test-results/', 'playwright-report/', 'blob-report/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  // The one script served as it is: it runs before the bundle, in browsers too old for it.
  { files: ['public/**/*.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.css'] })],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: tests,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: here, zones: [...featureZones, ...downwardZones] }],
    },
  },
  {
    files: tests,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: here, zones: testZones }],
    },
  },
]);
