// Bundles src/server.ts into dist/server.js (and the migration command into dist/migrate.js, for a
// production image without TypeScript tooling): our workspace packages (which export TypeScript source) are
// inlined, every npm dependency stays external and loads from node_modules. Migrations are copied beside
// the bundle, where src/platform/db/migrate.ts looks for them. `--outdir <folder>` bundles elsewhere (the build test
// bundles into its own folder, so a build running beside it keeps dist/).
import { cpSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
function outputFolder(): string {
  const flag = process.argv.indexOf('--outdir')
  if (flag === -1) return join(root, 'dist')
  const folder = process.argv[flag + 1]
  if (!folder) throw new Error('--outdir needs a folder')
  return resolve(folder)
}
const dist = outputFolder()
const repository = join(root, '..', '..')

type Manifest = { name?: string; dependencies?: Record<string, string> }
const manifest = (folder: string): Manifest =>
  JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest

/** What a production install (npm prune --omit=dev) keeps: the API's and our bundled packages' dependencies. */
function productionDependencies(): Set<string> {
  const ours = ['packages', 'tools'].flatMap((parent) =>
    readdirSync(join(repository, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(repository, parent, entry.name)),
  )
  return new Set(
    [root, ...ours].flatMap((folder) => {
      try {
        return Object.keys(manifest(folder).dependencies ?? {})
      } catch {
        return []
      }
    }),
  )
}

const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

// A package that only a development install has (a devDependency imported by server code) would pass every
// test here and fail in the production image at start, so the build refuses it.
const externalNpmPackages = (allowed: Set<string>): Plugin => ({
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@blueconsent/')) return undefined
      const name = packageName(args.path)
      if (!isBuiltin(args.path) && !allowed.has(name))
        return {
          errors: [
            {
              text: `${name}, imported by ${relative(repository, args.importer)}, is not a production dependency (add it to "dependencies")`,
            },
          ],
        }
      return { path: args.path, external: true }
    })
  },
})

rmSync(dist, { recursive: true, force: true })
await build({
  entryPoints: {
    server: join(root, 'src', 'server.ts'),
    migrate: join(root, 'src', 'platform', 'db', 'migrate-cli.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages(productionDependencies())],
  // Some CommonJS dependencies call require(); ESM output needs one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
})
// The tracing preload (`node --import dist/telemetry.js`), split so that its OpenTelemetry half is a chunk
// loaded only when an OTLP endpoint is configured: without one, the preload loads nothing.
await build({
  entryPoints: { telemetry: join(root, 'src', 'platform', 'telemetry', 'preload.ts') },
  outdir: dist,
  bundle: true,
  splitting: true,
  chunkNames: 'telemetry-[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages(productionDependencies())],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
})
cpSync(join(root, 'src', 'platform', 'db', 'migrations'), join(dist, 'migrations'), { recursive: true })
