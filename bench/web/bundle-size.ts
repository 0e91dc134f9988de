// Production bundle per route: JS and CSS, raw and gzip, from Vite's manifest (apps/web/dist/.vite/manifest.json).
// Usage: npm run build -w @blueconsent/web && npx tsx bench/web/bundle-size.ts
// Each row is what a first visit to that page downloads: the entry, the page's module and their static imports.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>

const distDir = join(import.meta.dirname, '../../apps/web/dist')
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest

const sizeOf = (file: string) => {
  const bytes = readFileSync(join(distDir, file))
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

/** Every file a chunk needs before it can run: itself, its static imports, their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen)
  return seen
}

function routeCost(keys: string[]) {
  const files = new Set<string>()
  for (const key of keys)
    for (const chunk of closure(key)) {
      const entry = manifest[chunk]
      if (!entry) continue
      files.add(entry.file)
      for (const css of entry.css ?? []) files.add(css)
    }
  let js = { raw: 0, gzip: 0 }
  let css = { raw: 0, gzip: 0 }
  for (const file of files) {
    const size = sizeOf(file)
    if (file.endsWith('.css')) css = { raw: css.raw + size.raw, gzip: css.gzip + size.gzip }
    else js = { raw: js.raw + size.raw, gzip: js.gzip + size.gzip }
  }
  return { js, css }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
if (!entryKey) throw new Error('no entry chunk in the manifest')

const pageKeys = Object.keys(manifest).filter((key) =>
  /(features\/.+\/pages|app\/routes)\/.+\.tsx$/.test(key),
)
const rows = [{ route: '(entry)', ...routeCost([entryKey]) }]
for (const key of pageKeys.sort())
  rows.push({ route: key.replace(/^src\/(features\/)?/, ''), ...routeCost([entryKey, key]) })

console.log('| page | JS | JS gzip | CSS | CSS gzip |')
console.log('|---|---|---|---|---|')
for (const row of rows) {
  console.log(
    `| ${row.route} | ${kb(row.js.raw)} | ${kb(row.js.gzip)} | ${kb(row.css.raw)} | ${kb(row.css.gzip)} |`,
  )
}
// The login route's budget (120 kB gzip) is enforced by `npm run size -w @blueconsent/web`.
