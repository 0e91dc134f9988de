// One flat config for the monorepo: strict TypeScript, import boundaries, env read in one file per app.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const webFeatures = [
  'auth',
  'shell',
  'dashboard',
  'authorization-requests',
  'patients',
  'audit',
  'consent',
  'dev-outbox',
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      'apps/api/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-default-export': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use string-literal unions, not enums.' },
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: 'Focused tests never land.',
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment only in config.ts / env.ts.' },
      ],
    },
  },
  {
    // The one place per app (and per tool) that reads the environment, plus test harnesses and scripts.
    files: [
      'apps/api/src/config.ts',
      'apps/web/src/lib/env.ts',
      'apps/web/vite.config.ts',
      'tools/bluebutton-sandbox/src/main.ts',
      'packages/hcc/src/cli.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/vitest.*.ts',
      'e2e/**',
      'bench/**',
      '**/scripts/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Web features never reach into each other; they compose in app/ and share via the contract.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in app/.',
            })),
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib/ and components/ stay below features.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is shared by browser and server: zod only.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['fastify*', 'drizzle-orm*', 'react*', 'node:*', '@blueconsent/*'] },
      ],
    },
  },
)
