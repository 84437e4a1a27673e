import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Code that Deno runs (the edge functions, their runtime and the test functions): web APIs and
// Deno, not Node's globals.
const denoCode = ['supabase/functions/**', 'supabase/stack/functions/runtime/**', 'supabase/stack/functions/fixtures/**'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    ignores: denoCode,
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: denoCode,
    languageOptions: { globals: { ...globals.browser, Deno: 'readonly' } },
    rules: {
      // TypeScript files skip no-undef, so Node's globals would pass unnoticed: name them here.
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'Edge functions read their settings with Deno.env.get.' },
        { name: 'Buffer', message: "Import it from 'node:buffer' (Deno has no global Buffer)." },
        { name: 'require', message: 'Deno loads ES modules: use import.' },
        { name: '__dirname', message: 'Use import.meta.dirname.' },
        { name: '__filename', message: 'Use import.meta.filename.' },
      ],
    },
  },
  {
    files: ['storefront/**/*.tsx', 'backoffice/**/*.tsx', 'artist-portal/**/*.tsx', 'shared/**/*.ts', 'shared/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
