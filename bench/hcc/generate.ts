// Writes N synthetic beneficiaries (JSON lines, CLI input shape) from a fixed seed; see synthetic.ts.
// Usage: npx tsx bench/hcc/generate.ts [count=100000] [out=/tmp/hcc-bench.jsonl] [seed=20261120]
import { createWriteStream } from 'node:fs'
import { syntheticBeneficiaries } from './synthetic.ts'

const count = Number(process.argv[2] ?? 100_000)
const out = process.argv[3] ?? '/tmp/hcc-bench.jsonl'
const seed = Number(process.argv[4] ?? 20261120)
const stream = createWriteStream(out)
let chunk = ''
for (const line of syntheticBeneficiaries(count, seed)) {
  chunk += `${line}\n`
  if (chunk.length > 1 << 16) {
    stream.write(chunk)
    chunk = ''
  }
}
stream.end(chunk)
stream.on('finish', () => console.error(`wrote ${count} beneficiaries to ${out} (seed ${seed})`))
