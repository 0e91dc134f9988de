// Writes .br and .gz beside every built JS, CSS, HTML, SVG and JSON file, so the server sends compressed
// bytes without compressing on each request (@fastify/static `preCompressed`).
// Run after `vite build`: node scripts/precompress.mjs
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (COMPRESSIBLE.test(name)) yield path
  }
}

let count = 0
for (const path of files(dist)) {
  const bytes = readFileSync(path)
  if (bytes.length < 1024) continue
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  count += 1
}
console.log(`precompressed ${count} files (br, gz)`)
