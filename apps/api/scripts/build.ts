// Bundles src/server.ts into dist/server.js (and the migration command into dist/migrate.js, for a
// production image without TypeScript tooling): our workspace packages (which export TypeScript source) are
// inlined, every npm dependency stays external and loads from node_modules. Migrations are copied beside
// the bundle, where src/db/migrate.ts looks for them.
import { cpSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')

const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@blueconsent/') ? undefined : { path: args.path, external: true },
    )
  },
}

rmSync(dist, { recursive: true, force: true })
await build({
  entryPoints: {
    server: join(root, 'src', 'server.ts'),
    migrate: join(root, 'src', 'db', 'migrate-cli.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  // Some CommonJS dependencies call require(); ESM output needs one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
})
cpSync(join(root, 'src', 'db', 'migrations'), join(dist, 'migrations'), { recursive: true })
