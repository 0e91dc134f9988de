// One flat config for the monorepo: strict TypeScript with type-aware checks, feature boundaries generated
// from the folders (a new feature is covered the day its folder exists), no import cycles, env read in one
// file per app. Prettier's formatting is checked by `npm run lint` beside this.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** The feature folders of an app, read at lint time. */
const featuresOf = (app) =>
  readdirSync(new URL(`./apps/${app}/src/features/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

const apiFeatures = featuresOf('api')
const webFeatures = featuresOf('web')
const API = './apps/api/src'
const publicFaces = (except = null) =>
  apiFeatures.filter((feature) => feature !== except).map((feature) => `./${feature}/index.ts`)

const apiBoundaries = [
  // A feature reaches another only through its index.ts; its repositories and every other file are private.
  ...apiFeatures.map((feature) => ({
    target: `${API}/features/${feature}`,
    from: `${API}/features`,
    except: [`./${feature}`, ...publicFaces(feature)],
    message: `Import another feature only through its index.ts (its public face); '${feature}' may not reach into it.`,
  })),
  {
    target: [`${API}/db`, `${API}/lib`],
    from: `${API}/features`,
    message:
      'db/ and lib/ sit below the features and import none of them; publish an event or pass a function.',
  },
  {
    target: [
      `${API}/jobs`,
      `${API}/plugins`,
      `${API}/testing`,
      `${API}/app.ts`,
      `${API}/server.ts`,
      `${API}/context.ts`,
    ],
    from: `${API}/features`,
    except: publicFaces(),
    message: 'Outside the features, import a feature only through its index.ts.',
  },
]

const webBoundaries = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Web features do not import each other; compose them in app/.',
  })),
  {
    target: ['./apps/web/src/lib', './apps/web/src/components'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'lib/ and components/ stay below features.',
  },
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
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
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
    // Type-aware rules that catch real bugs: a promise nobody waits for (its failure vanishes) and a
    // switch that forgets a member of a union.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    // Import cycles make load order matter and hide a missing boundary.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'tools/*/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
    files: ['apps/api/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiBoundaries }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
    },
  },
  {
    // The contract is shared by browser and server: zod only (its tests may import it by package name).
    files: ['packages/contract/**/*.ts'],
    ignores: ['packages/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['fastify*', 'drizzle-orm*', 'react*', 'node:*', '@blueconsent/*'] },
      ],
    },
  },
)
