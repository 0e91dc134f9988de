// Deterministic synthetic beneficiaries in the CLI's input shape, shaped like the research brief's
// held-back acceptance set: 15% aged 25-64 with OREC 1, otherwise 65-98 with OREC 1 in 10%;
// dual NA/02/01/08/03 at 80/8/6/3/3%; 4% institutional; 5% of the rest new enrollees; 10 codes
// sampled from every ICD-10-CM code in the V24 PY2025 and V28 PY2026 tables.
import { mappedCodes } from '@blueconsent/hcc'

/** mulberry32: tiny deterministic PRNG so every run scores the same input. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pickWeighted<T>(rand: () => number, items: ReadonlyArray<readonly [T, number]>): T {
  let x = rand()
  for (const [item, p] of items) {
    if (x < p) return item
    x -= p
  }
  return (items[items.length - 1] as readonly [T, number])[0]
}

const DUALS = [
  ['NA', 0.8],
  ['02', 0.08],
  ['01', 0.06],
  ['08', 0.03],
  ['03', 0.03],
] as const

export function* syntheticBeneficiaries(count: number, seed: number): Generator<string> {
  const rand = prng(seed)
  const pool = [...new Set([...mappedCodes('V24', 2025), ...mappedCodes('V28', 2026)])].sort()
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1))
  for (let i = 0; i < count; i++) {
    const young = rand() < 0.15
    const age = young ? int(25, 64) : int(65, 98)
    const orec = young || rand() < 0.1 ? '1' : '0'
    const lti = rand() < 0.04
    const ne = !lti && rand() < 0.05
    const dx = Array.from({ length: 10 }, () => pool[Math.floor(rand() * pool.length)] as string)
    yield JSON.stringify({
      id: `B${String(i).padStart(6, '0')}`,
      age,
      sex: rand() < 0.55 ? 'F' : 'M',
      orec,
      dual: pickWeighted(rand, DUALS),
      lti,
      ne,
      dx,
    })
  }
}
