// In-process throughput of the HCC engine on a JSON-lines file (see generate.ts). The input is parsed
// into memory first (not timed), then three loops are timed:
//   compact  scoreCompact: segment, raw score, payment HCCs (what the CLI computes)
//   explain  scoreBeneficiary: the full explanation stored for the web app
//   line     processLine: JSON.parse + score + CSV row, i.e. the CLI without stream I/O
// Usage: npx tsx bench/hcc/inprocess.ts [file=/tmp/hcc-bench.jsonl] [V28|V24] [paymentYear=2026] [repeats=3]
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

const file = process.argv[2] ?? '/tmp/hcc-bench.jsonl'
const model = (process.argv[3] ?? 'V28') as 'V24' | 'V28'
const paymentYear = Number(process.argv[4] ?? 2026) as 2024 | 2025 | 2026
const repeats = Number(process.argv[5] ?? 3)

interface Row {
  id: string
  age: number
  sex: 'F' | 'M'
  orec: string
  dual: string
  lti: boolean
  ne: boolean
  dx: string[]
}

const tImport = performance.now()
const hcc = await import('@blueconsent/hcc')
const importMs = performance.now() - tImport
const options = { model, paymentYear }

const lines = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l !== '')
// One object per beneficiary serves both APIs (DemographicInput is a subset of BeneficiaryInput).
const inputs = lines.map((l) => {
  const r = JSON.parse(l) as Row
  return {
    sex: r.sex,
    age: r.age,
    orec: r.orec,
    dual: r.dual,
    lti: r.lti,
    newEnrollee: r.ne,
    snp: false,
    maMonths: 0,
    diagnoses: r.dx,
  }
})
const rows = inputs

const tCompile = performance.now()
hcc.scoreCompact(
  inputs[0] ?? { age: 70, sex: 'F', orec: '0', dual: 'NA', lti: false, newEnrollee: false, snp: false },
  [],
  options,
)
const compileMs = performance.now() - tCompile

// The two cores are shared with other work, so besides wall-clock rates we report the rate per
// CPU-second this process actually got (process.cpuUsage), which is far less sensitive to sharing.
function time(label: string, loop: () => number): void {
  loop() // warm-up pass so the JIT has settled
  const wall: number[] = []
  const cpu: number[] = []
  let check = 0
  for (let r = 0; r < repeats; r++) {
    const t = performance.now()
    const c = process.cpuUsage()
    check = loop()
    const used = process.cpuUsage(c)
    wall.push(rows.length / ((performance.now() - t) / 1000))
    cpu.push(rows.length / ((used.user + used.system) / 1e6))
  }
  const fmt = (xs: number[], q: 'best' | 'median'): string => {
    const sorted = [...xs].sort((a, b) => a - b)
    const x = q === 'best' ? sorted[sorted.length - 1] : sorted[Math.floor(sorted.length / 2)]
    return Math.round(x ?? 0).toLocaleString('en-US')
  }
  console.log(
    `${label.padEnd(8)} wall best ${fmt(wall, 'best')}/s median ${fmt(wall, 'median')}/s | per CPU-second best ${fmt(cpu, 'best')}/s median ${fmt(cpu, 'median')}/s  (check ${check})`,
  )
}

console.log(
  `HCC engine in-process: ${rows.length} beneficiaries, ${model} PY${paymentYear}, node ${process.version}`,
)
console.log(`table load: module import ${importMs.toFixed(1)} ms + compile/decode ${compileMs.toFixed(1)} ms`)

let sumRaw = 0
let sumHccs = 0
time('compact', () => {
  sumRaw = 0
  sumHccs = 0
  for (const input of inputs) {
    const s = hcc.scoreCompact(input, input.diagnoses, options)
    sumRaw += s.rawThousandths
    sumHccs += s.hccs.length
  }
  return sumRaw
})
console.log(
  `         sum raw ${hcc.formatThousandths(sumRaw)}, mean payment HCCs ${(sumHccs / rows.length).toFixed(3)}`,
)

time('explain', () => {
  let n = 0
  for (const input of inputs) n += hcc.scoreBeneficiary(input, options).terms.length
  return n
})

time('line', () => {
  let n = 0
  for (const line of lines) {
    const r = hcc.processLine(line, options)
    if (r.ok) n += r.row.length
  }
  return n
})

const mem = process.memoryUsage()
const mb = (b: number): string => (b / 1024 / 1024).toFixed(1)
console.log(
  `memory: peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB (whole process, input held in memory), heap used now ${mb(mem.heapUsed)} MB`,
)
