// One flat config for the monorepo: strict TypeScript with type-aware checks, feature boundaries generated
// from the folders (a new feature is covered the day its folder exists), no import cycles, env read in one
// file per app. Prettier's formatting is checked by `npm run lint` beside this.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { normalizeOptions, resolve as resolveTypeScriptImport } from 'eslint-import-resolver-typescript'
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
const SRC = `${API}/src`
// The API's three tiers, from the bottom up: platform/ (identity, access, audit, outbox, events, jobs, db, lib,
// the HTTP plugins) imports no feature; features/ are peers that meet through domain events; views/ are
// read-only composites that read several features through their index.ts. Each tier's areas are its folders,
// read at lint time like the web's features.
const PLATFORM = `${SRC}/platform`
const FEATURES = `${SRC}/features`
const VIEWS = `${SRC}/views`
const apiViews = entriesOf('apps/api/src/views')
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
/** Platform areas other tiers reach only through their index.ts (the rest are a file per concern). */
const platformFaces = entriesOf('apps/api/src/platform')
  .filter((entry) => entry.isDirectory() && readdirSync(join(PLATFORM, entry.name)).includes('index.ts'))
  .map((entry) => entry.name)

/**
 * The feature-to-feature imports that remain, each through the imported feature's index.ts. Every other
 * import of one feature by another fails lint; a new edge needs a line here and a reason. Shrink it: publish a
 * domain event, or declare a route requirement (see `config.requires` in platform/access/access.ts).
 */
export const FEATURE_EDGES = {
  // Creating a request finds or creates its patient row in the same transaction.
  'authorization-requests': ['patients'],
  // The patient's consent page reads the request behind its link, starts the Blue Button grant and names
  // the patient.
  consent: ['authorization-requests', 'bluebutton', 'patients'],
  // Adherence, the visit planner and the brief read a patient's fills and visits under the patients
  // feature's scope, like every other read of the patient's data; the brief lists the patient's open gaps.
  adherence: ['patients', 'risk-gaps'],
  // A team's seats are its organisation's members and pending invitations (one team model): billing counts
  // them, and its seat invitations are invitations, sent and accepted by that feature.
  billing: ['invitations', 'members'],
  // The demo seed drives the real services: requests, billing accounts, grants, pulls and webhook endpoints.
  'demo-data': ['authorization-requests', 'billing', 'bluebutton', 'ingestion', 'integrations'],
  // A pull reads the request's grant, records its outcome on the request and writes the patient's data.
  ingestion: ['authorization-requests', 'bluebutton', 'patients'],
  // Messages are written from the request (its contact, language, links) and recorded on its history.
  messaging: ['authorization-requests'],
  // A patient's gaps are scoped like the patient's other data (the patients feature's scope and its
  // live-authorization check) and scored from the same demographics as the stored score (ingestion's sexOf).
  'risk-gaps': ['ingestion', 'patients'],
  // Saved template versions are checked against messaging's built-in copy.
  'reference-data': ['messaging'],
  // Completing setup writes the organisation's TINs and first invitations in its transaction.
  setup: ['invitations', 'tins'],
  // A TIN's patients are counted and moved with it.
  tins: ['patients'],
}

// The resolver object eslint-import-resolver-typescript builds forgets each project's tsconfig (and so the web
// app's `@/` paths) for good once ESLint runs from another directory in the same process (an editor's ESLint
// server, the lint-config tests). Resolving with options normalised once, from the root, keeps them.
const typeScriptResolverOptions = normalizeOptions(
  {
    project: [`${ROOT}/{apps,packages,tools}/*/tsconfig.json`, `${ROOT}/{e2e,bench}/tsconfig.json`],
    noWarnOnMultipleProjects: true,
  },
  ROOT,
)
const typeScriptResolver = {
  interfaceVersion: 3,
  name: 'eslint-import-resolver-typescript',
  resolve: (source, file) => resolveTypeScriptImport(source, file, typeScriptResolverOptions),
}

const faces = (names, except = null) =>
  names.filter((name) => name !== except).map((name) => `./${name}/index.ts`)
// Everything outside the tiers reaches a feature or a view only by its index.ts: the files beside src/ and in
// it (app.ts, server.ts, workers.ts, the tests there; by glob, so a new file is covered too) and every other
// folder (testing/, scripts/, and any folder added later).
const foldersOf = (folder, except) =>
  entriesOf(folder)
    .filter((entry) => entry.isDirectory() && !except.includes(entry.name))
    .map((entry) => join(ROOT, folder, entry.name))
const apiOutsideTiers = [
  `${API}/*.ts`,
  `${SRC}/*.ts`,
  ...foldersOf('apps/api', ['src', 'node_modules', 'dist']),
  ...foldersOf('apps/api/src', ['features', 'platform', 'views']),
]

/**
 * The API's import zones. `tests`: the zones of test files, which start the whole app and so may import any
 * feature's index.ts (seed personas, fixtures), from any tier; everything else holds for them too.
 */
const apiBoundaries = ({ tests }) => [
  {
    target: PLATFORM,
    from: tests ? VIEWS : [FEATURES, VIEWS],
    message:
      'platform/ sits below every feature and view and imports none: publish an event or pass a function.',
  },
  ...(tests
    ? [
        {
          target: PLATFORM,
          from: FEATURES,
          except: faces(apiFeatures),
          message: 'Tests reach a feature by its index.ts.',
        },
      ]
    : []),
  // A feature reaches another only through its index.ts, and only along an edge of FEATURE_EDGES; its
  // repositories and every other file are private.
  ...apiFeatures.map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`, ...(tests ? faces(apiFeatures, feature) : faces(FEATURE_EDGES[feature] ?? []))],
    message: tests
      ? `Import another feature only through its index.ts (its public face); '${feature}' may not reach into it.`
      : `Features are peers: '${feature}' may import another feature only along an edge listed in FEATURE_EDGES (eslint.config.js), through its index.ts. Publish a domain event or declare a route requirement instead.`,
  })),
  {
    target: FEATURES,
    from: VIEWS,
    message: 'Views sit above the features: a feature never imports one.',
  },
  ...apiViews.map((view) => ({
    target: `${VIEWS}/${view}`,
    from: [FEATURES, VIEWS],
    except: [...faces(apiFeatures), `./${view}`],
    message: `A view reads features only through their index.ts and imports no other view.`,
  })),
  ...platformFaces.map((area) => ({
    target: [FEATURES, VIEWS, ...apiOutsideTiers],
    from: `${PLATFORM}/${area}`,
    except: ['./index.ts'],
    message: `Outside platform/, import platform/${area} only through its index.ts.`,
  })),
  {
    target: apiOutsideTiers,
    from: [FEATURES, VIEWS],
    except: [...faces(apiFeatures), ...faces(apiViews)],
    message: 'Outside the tiers, import a feature or a view only through its index.ts.',
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
    target: [`${WEB}/lib`, `${WEB}/components`, `${WEB}/hooks`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'lib/, hooks/ and components/ stay below features.',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      'apps/api/src/platform/db/migrations/**',
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
      // workspace packages' exports, the web app's `@/` alias from its tsconfig paths) so no-restricted-paths
      // and no-cycle see every edge of the graph.
      'import-x/resolver-next': [typeScriptResolver],
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
    // A feature's entry point is what other code may build on; its repositories (every query) stay private.
    // Reads that others need go through a named function of the feature (see patients/patient-reads.ts).
    files: ['apps/api/src/features/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use string-literal unions, not enums.' },
        {
          selector: 'ExportNamedDeclaration[source.value=/\\.repository(\\.ts)?$/]',
          message: "A feature's index.ts exports no repository: publish a read function instead.",
        },
        {
          selector: 'ExportAllDeclaration[source.value=/\\.repository(\\.ts)?$/]',
          message: "A feature's index.ts exports no repository: publish a read function instead.",
        },
      ],
    },
  },
  {
    // Import cycles make load order matter and hide a missing boundary. A test file is imported by nothing, so
    // it can close no cycle: following its imports again cost lint about half of this rule's time.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'tools/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A relative or `@/` (the web app's src/) import the resolver cannot follow would pass the boundaries
    // and no-cycle unseen. Package imports are TypeScript's to check.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'tools/*/src/**/*.ts'],
    rules: { 'import-x/no-unresolved': ['error', { ignore: ['^(?![.]|@/)'] }] },
  },
  {
    // The one place per app (and per tool) that reads the environment, plus test harnesses and scripts.
    files: [
      'apps/api/src/platform/config.ts',
      // Runs before the app (and its config) loads; reads only OTEL_*, which the OpenTelemetry SDK reads too.
      'apps/api/src/platform/telemetry/preload.ts',
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
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: apiBoundaries({ tests: false }) }],
    },
  },
  {
    files: ['apps/api/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: apiBoundaries({ tests: true }) }],
    },
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
    // One data-layer style: a read's key, fetcher and cache options live in a queryOptions factory of the
    // feature's api/ (next to its key factory, which invalidations use), so pages and components pass a
    // factory's result to useQuery and never write a query inline.
    files: ['apps/web/src/**/{pages,components}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use string-literal unions, not enums.' },
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: 'Focused tests never land.',
        },
        {
          selector:
            "CallExpression[callee.name=/^use(Suspense)?Quer(y|ies)$/] ObjectExpression > Property[key.name='queryFn']",
          message:
            "Write the query as a queryOptions factory in the feature's api/ and call useQuery(xxxQueryOptions(...)).",
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
