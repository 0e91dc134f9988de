// One flat config for the monorepo: strict TypeScript with type-aware checks, feature boundaries generated
// from the folders (a new feature is covered the day its folder exists), no import cycles, env read in one
// file per app. Prettier's formatting is checked by `npm run lint` beside this.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// Every path below is absolute: the boundary rule resolves relative zones against process.cwd(), so
// `cd apps/api && npx eslint src` (or an editor's ESLint server) would otherwise match no zone at all.
const ROOT = import.meta.dirname

/** The entries of a folder of the repository, read at lint time. */
const entriesOf = (folder) => readdirSync(join(ROOT, folder), { withFileTypes: true })
/** The feature folders of an app, read at lint time. */
const featuresOf = (app) =>
  entriesOf(`apps/${app}/src/features`)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

const apiFeatures = featuresOf('api')
const webFeatures = featuresOf('web')
const API = join(ROOT, 'apps/api')
const FEATURES = `${API}/src/features`
const publicFaces = (except = null) =>
  apiFeatures.filter((feature) => feature !== except).map((feature) => `./${feature}/index.ts`)
// Everything else of the API reaches a feature only by its index.ts: the files beside src/ and in it (app.ts,
// server.ts, context.ts, the tests there; by glob, so a new file is covered too) and every folder but
// features/, db/ and lib/ (jobs/, plugins/, testing/, scripts/, and any folder added later).
const foldersOf = (folder, except) =>
  entriesOf(folder)
    .filter((entry) => entry.isDirectory() && !except.includes(entry.name))
    .map((entry) => join(ROOT, folder, entry.name))
const apiOutsideFeatures = [
  `${API}/*.ts`,
  `${API}/src/*.ts`,
  ...foldersOf('apps/api', ['src', 'node_modules', 'dist']),
  ...foldersOf('apps/api/src', ['features', 'db', 'lib']),
]

const apiBoundaries = [
  // A feature reaches another only through its index.ts; its repositories and every other file are private.
  // Its tests are files of the feature too: its own internals, and other features' index.ts only.
  ...apiFeatures.map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`, ...publicFaces(feature)],
    message: `Import another feature only through its index.ts (its public face); '${feature}' may not reach into it.`,
  })),
  {
    target: [`${API}/src/db`, `${API}/src/lib`],
    from: FEATURES,
    message:
      'db/ and lib/ sit below the features and import none of them; publish an event or pass a function.',
  },
  {
    target: apiOutsideFeatures,
    from: FEATURES,
    except: publicFaces(),
    message: 'Outside the features, import a feature only through its index.ts.',
  },
]

const WEB = join(ROOT, 'apps/web/src')
const webBoundaries = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Web features do not import each other; compose them in app/.',
  })),
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: [`${WEB}/features`, `${WEB}/app`],
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
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Resolves imports as TypeScript does (`./a.ts`, `./a`, `./a.js` for a.ts, a folder's index.ts, the
      // workspace packages' exports) so no-restricted-paths and no-cycle see every edge of the graph.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [`${ROOT}/{apps,packages,tools}/*/tsconfig.json`, `${ROOT}/{e2e,bench}/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
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
    // switch that forgets a member of a union. Not no-misused-promises: over the whole repository it found
    // one async Fastify hook typed as a callback hook (harmless: Fastify awaits it) and cost ~6 s of CPU.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'scripts/*.ts'] },
        tsconfigRootDir: ROOT,
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
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A relative import the resolver cannot follow would pass the boundaries and no-cycle unseen.
      'import-x/no-unresolved': ['error', { ignore: ['^[^.]'] }],
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
    files: ['apps/api/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: apiBoundaries }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webBoundaries }],
      // The browser gets words for codes from the API: the Blue Button package (with its 2 MB ICD-10-CM table)
      // never goes into the bundle.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@blueconsent/bluebutton', '@blueconsent/bluebutton/*'],
              message: 'Server-only: read the words the API serves beside each code.',
            },
          ],
        },
      ],
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
