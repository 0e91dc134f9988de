#!/usr/bin/env node
// Prints the import graph between feature folders of an app: every edge (importer → imported feature,
// with how many files import it), the two-way pairs, and the imports that bypass a feature's index.ts.
// Usage: node scripts/feature-graph.mjs [apps/api/src] [--tests]
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const args = process.argv.slice(2)
const includeTests = args.includes('--tests')
const root = resolve(args.find((arg) => !arg.startsWith('--')) ?? 'apps/api/src')
const featuresDir = join(root, 'features')
const features = readdirSync(featuresDir).filter((name) => statSync(join(featuresDir, name)).isDirectory())

const isTest = (file) => /\.(int-pg\.|int\.)?test\.tsx?$/.test(file) || file.includes('/testing/')
function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'migrations') continue
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(name) && (includeTests || !isTest(path))) yield path
  }
}

const featureOf = (path) => {
  const rel = relative(featuresDir, path)
  return rel.startsWith('..') ? null : rel.split('/')[0]
}
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

const edges = new Map()
const bypasses = []
const intoFeaturesFromOutside = []
for (const file of sourceFiles(root)) {
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2]
    if (!specifier.startsWith('.')) continue
    const target = resolve(dirname(file), specifier)
    const from = featureOf(file)
    const to = featureOf(target)
    if (!to || from === to) continue
    if (!from) {
      const area = relative(root, file).split('/')[0]
      if (!['app.ts', 'server.ts', 'context.ts'].includes(area) && area !== 'testing')
        intoFeaturesFromOutside.push(`${relative(root, file)} → ${relative(root, target)}`)
      continue
    }
    const key = `${from} → ${to}`
    edges.set(key, (edges.get(key) ?? 0) + 1)
    if (!/\/index(\.tsx?)?$/.test(target) && relative(join(featuresDir, to), target) !== 'index.ts')
      bypasses.push(`${relative(root, file)} → ${relative(root, target)}`)
  }
}

const pairs = [...edges.keys()]
  .map((key) => key.split(' → '))
  .filter(([a, b]) => a < b && edges.has(`${b} → ${a}`))
  .map(([a, b]) => `${a} ↔ ${b}`)

console.log(`features (${features.length}): ${features.join(', ')}`)
console.log(`\ncross-feature edges: ${edges.size}`)
for (const [key, count] of [...edges].sort()) console.log(`  ${key} (${count} import${count > 1 ? 's' : ''})`)
console.log(`\ntwo-way pairs: ${pairs.length}`)
for (const pair of pairs) console.log(`  ${pair}`)
console.log(`\nimports past a feature's index.ts: ${bypasses.length}`)
for (const line of bypasses) console.log(`  ${line}`)
console.log(`\nfeature imports from db/, lib/, jobs/, plugins/: ${intoFeaturesFromOutside.length}`)
for (const line of intoFeaturesFromOutside) console.log(`  ${line}`)
