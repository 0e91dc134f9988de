// Sums the gzip size of the JavaScript the login route loads: the entry chunk, the login route's lazy
// modules (route guard, login page) and every chunk they import statically. Budget: 120 kB gzip.
// Run after `npm run build -w @blueconsent/web`: node apps/web/scripts/bundle-size.mjs [--budget 120]
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const budgetIndex = process.argv.indexOf('--budget')
const budgetKb = budgetIndex > 0 ? Number(process.argv[budgetIndex + 1]) : 120

const LOGIN_MODULES = [
  'index.html',
  'src/app/routes/login-route.tsx',
  'src/features/auth/components/guest-only.tsx',
]

const files = new Set()
function collect(key) {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return
  files.add(chunk.file)
  for (const imported of chunk.imports ?? []) collect(imported)
}
for (const key of LOGIN_MODULES) {
  if (!manifest[key]) throw new Error(`${key} is not a chunk in the manifest`)
  collect(key)
}

let total = 0
for (const file of files) {
  const gz = gzipSync(readFileSync(join(dist, file))).length
  total += gz
  console.log(`${file.padEnd(48)} ${(gz / 1024).toFixed(1)} kB gzip`)
}
console.log(`login route JS: ${(total / 1024).toFixed(1)} kB gzip (budget ${budgetKb} kB)`)
if (total / 1024 > budgetKb) process.exit(1)
