// Engine memory without a bulk input held in memory: RSS of the bare process, after loading and
// compiling the tables, and the peak while scoring N generated beneficiaries one at a time.
// Usage: node <bundle of this file> [count=100000] [V28|V24] [paymentYear=2026]
import { performance } from 'node:perf_hooks'
import { syntheticBeneficiaries } from './synthetic.ts'

const count = Number(process.argv[2] ?? 100_000)
const model = (process.argv[3] ?? 'V28') as 'V24' | 'V28'
const paymentYear = Number(process.argv[4] ?? 2026) as 2024 | 2025 | 2026
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const bare = process.memoryUsage().rss
const t = performance.now()
const { processLine } = await import('@blueconsent/hcc')
processLine('{"id":"warm","age":70,"sex":"F","dx":[]}', { model, paymentYear })
const loadMs = performance.now() - t
const loaded = process.memoryUsage().rss

let rows = 0
for (const line of syntheticBeneficiaries(count, 20261120))
  if (processLine(line, { model, paymentYear }).ok) rows++

console.log(
  `memory ${model} PY${paymentYear}: bare process ${mb(bare)}, after table load ${mb(loaded)} (load ${loadMs.toFixed(0)} ms), peak RSS while scoring ${rows} generated lines ${mb(process.resourceUsage().maxRSS * 1024)}`,
)
