// Writes N synthetic beneficiaries in the RxHCC / ESRD input shape (see synthetic.ts) from a fixed seed.
// Usage: npx tsx bench/hcc/generate-other.ts [count=100000] [out=/tmp/hcc-other.jsonl] [seed=20261127]
import { createWriteStream } from 'node:fs'
import { syntheticPartDEsrd } from './synthetic.ts'

const count = Number(process.argv[2] ?? 100_000)
const out = process.argv[3] ?? '/tmp/hcc-other.jsonl'
const seed = Number(process.argv[4] ?? 20261127)
const stream = createWriteStream(out)
let chunk = ''
for (const line of syntheticPartDEsrd(count, seed)) {
  chunk += `${line}\n`
  if (chunk.length > 1 << 16) {
    stream.write(chunk)
    chunk = ''
  }
}
stream.end(chunk)
stream.on('finish', () => console.error(`wrote ${count} beneficiaries to ${out} (seed ${seed})`))
