import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'packages/*/dist/',
      'node_modules/',
      'coverage/',
      'bench/out/',
      'test-results/',
      'docs/.vitepress/dist/',
      'docs/.vitepress/cache/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'test/**', 'packages/*/scripts/**', 'packages/*/test/**'],
    rules: { 'no-console': 'off' },
  },
);
