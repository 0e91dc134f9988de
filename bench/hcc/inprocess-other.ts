// In-process throughput of the RxHCC V08 and ESRD V24 models side by side with CMS-HCC V28, on one
// JSON-lines file in the Part D / ESRD input shape (see generate-other.ts). Input parsed first (not
// timed); then per model, best and median of N timed passes after a warm-up pass:
//   compact  segment, raw score, payment categories (what the CLI computes)
//   explain  the full explanation (terms, codes behind each category, normalisation)
//   line     processLine: JSON.parse + score + CSV row, i.e. the CLI without stream I/O
// Usage: npx tsx bench/hcc/inprocess-other.ts [file=/tmp/hcc-other.jsonl] [repeats=5]
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

const file = process.argv[2] ?? '/tmp/hcc-other.jsonl'
const repeats = Number(process.argv[3] ?? 5)
const hcc = await import('@blueconsent/hcc')

interface Row {
  age: number
  sex: 'F' | 'M'
  orec: string
  dual: string
  lis: boolean
  lti: boolean
  ne: boolean
  esrd: boolean
  graft_months: number | null
  dx: string[]
}
const lines = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l !== '')
const rows = lines.map((l) => JSON.parse(l) as Row)
const n = rows.length
const base = rows.map((r) => ({
  sex: r.sex,
  age: r.age,
  orec: r.orec,
  dual: r.dual,
  lti: r.lti,
  newEnrollee: r.ne,
}))
const v28 = base.map((b) => ({ ...b, snp: false }))
const rx = rows.map((r, i) => ({ ...base[i]!, lis: r.lis, esrd: r.esrd }))
const esrd = rows.map((r, i) => ({ ...base[i]!, graftMonths: r.graft_months }))

function time(label: string, loop: () => number): string {
  loop()
  const wall: number[] = []
  const cpu: number[] = []
  let check = 0
  for (let r = 0; r < repeats; r++) {
    const t = performance.now()
    const c = process.cpuUsage()
    check = loop()
    const used = process.cpuUsage(c)
    wall.push(n / ((performance.now() - t) / 1000))
    cpu.push(n / ((used.user + used.system) / 1e6))
  }
  const q = (xs: number[], best: boolean): string => {
    const s = [...xs].sort((a, b) => a - b)
    return Math.round((best ? s[s.length - 1] : s[Math.floor(s.length / 2)]) ?? 0).toLocaleString('en-US')
  }
  return `${label.padEnd(16)} wall best ${q(wall, true)}/s median ${q(wall, false)}/s | per CPU-second best ${q(cpu, true)}/s median ${q(cpu, false)}/s (check ${check})`
}

console.log(
  `RxHCC / ESRD / V28 in-process: ${n} beneficiaries, node ${process.version}, best and median of ${repeats}`,
)
const out: string[] = []
for (const model of ['V28', 'RxHCC', 'ESRD-V24'] as const) {
  const options = { model, paymentYear: 2026 } as const
  if (model === 'V28') {
    out.push(
      time('V28 compact', () =>
        v28.reduce(
          (s, d, i) => s + hcc.scoreCompact(d, rows[i]!.dx, { model, paymentYear: 2026 }).rawThousandths,
          0,
        ),
      ),
    )
    out.push(
      time('V28 explain', () =>
        v28.reduce(
          (s, d, i) =>
            s +
            hcc.scoreBeneficiary({ ...d, diagnoses: rows[i]!.dx }, { model, paymentYear: 2026 }).terms.length,
          0,
        ),
      ),
    )
  } else if (model === 'RxHCC') {
    out.push(
      time('RxHCC compact', () =>
        rx.reduce((s, d, i) => s + hcc.scoreRxHccCompact(d, rows[i]!.dx).rawThousandths, 0),
      ),
    )
    out.push(
      time('RxHCC explain', () => rx.reduce((s, d, i) => s + hcc.scoreRxHcc(d, rows[i]!.dx).terms.length, 0)),
    )
  } else {
    out.push(
      time('ESRD compact', () =>
        esrd.reduce((s, d, i) => s + hcc.scoreEsrdCompact(d, rows[i]!.dx).rawThousandths, 0),
      ),
    )
    out.push(
      time('ESRD explain', () => esrd.reduce((s, d, i) => s + hcc.scoreEsrd(d, rows[i]!.dx).terms.length, 0)),
    )
  }
  out.push(
    time(`${model} line`, () => lines.reduce((s, l) => s + (hcc.processLine(l, options).ok ? 1 : 0), 0)),
  )
  console.log(out.splice(0).join('\n'))
}
console.log(
  `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB (whole process, input held in memory)`,
)
