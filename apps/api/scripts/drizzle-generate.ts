// drizzle-kit is hoisted to the repo root while drizzle-orm lives in apps/api/node_modules, so the CLI
// cannot import drizzle-orm from where it sits. Run it through a link inside apps/api with symlinks
// preserved, so its imports resolve from here. Extra arguments pass through (e.g. --custom --name=x).
import { spawnSync } from 'node:child_process'
import { existsSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const link = join(apiRoot, 'node_modules', 'drizzle-kit')
if (!existsSync(link)) {
  // drizzle-kit exports no ./package.json; its entry file sits at the package root.
  const target = dirname(createRequire(import.meta.url).resolve('drizzle-kit'))
  symlinkSync(target, link, 'dir')
}
const result = spawnSync(
  process.execPath,
  [
    '--preserve-symlinks',
    '--preserve-symlinks-main',
    join(link, 'bin.cjs'),
    'generate',
    ...process.argv.slice(2),
  ],
  { cwd: apiRoot, stdio: 'inherit' },
)
process.exit(result.status ?? 1)
