// Deterministic synthetic beneficiaries in the CLI's input shape, shaped like the research brief's
// held-back acceptance set: 15% aged 25-64 with OREC 1, otherwise 65-98 with OREC 1 in 10%;
// dual NA/02/01/08/03 at 80/8/6/3/3%; 4% institutional; 5% of the rest new enrollees; 10 codes
// sampled from every ICD-10-CM code in the V24 PY2025 and V28 PY2026 tables.
import { esrdMappedCodes, mappedCodes, rxMappedCodes } from '@blueconsent/hcc'

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

/**
 * The same, in the Part D / ESRD input shape (adds crec, lis, esrd, graft_months): ages 0-98 (2% under
 * 18 so the ESRD age edits fire), OREC 2/3 common among the under-65s, LIS for 95% of duals and 10%
 * of the rest, 5% institutional, 6% new enrollees, 10% with ESRD status, a kidney transplant 1-60
 * months ago for 40%; 10 codes from every code the V28, RxHCC and ESRD PY2026 tables map.
 */
export function* syntheticPartDEsrd(count: number, seed: number): Generator<string> {
  const rand = prng(seed)
  const pool = [
    ...new Set([
      ...mappedCodes('V28', 2026),
      ...rxMappedCodes(),
      ...esrdMappedCodes(),
      'D66',
      'F3481',
      'J449',
    ]),
  ].sort()
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1))
  const YOUNG_OREC = [
    ['1', 0.7],
    ['2', 0.15],
    ['3', 0.15],
  ] as const
  const AGED_OREC = [
    ['0', 0.8],
    ['1', 0.1],
    ['2', 0.1],
  ] as const
  for (let i = 0; i < count; i++) {
    const r = rand()
    const age = r < 0.02 ? int(0, 17) : r < 0.17 ? int(18, 64) : int(65, 98)
    const orec = pickWeighted(rand, age < 65 ? YOUNG_OREC : AGED_OREC)
    const dual = pickWeighted(rand, DUALS)
    const lis = dual === 'NA' ? rand() < 0.1 : rand() < 0.95
    yield JSON.stringify({
      id: `R${String(i).padStart(6, '0')}`,
      age,
      sex: rand() < 0.55 ? 'F' : 'M',
      orec,
      crec: rand() < 0.9 ? orec : pickWeighted(rand, AGED_OREC),
      dual,
      lis,
      lti: rand() < 0.05,
      ne: rand() < 0.06,
      esrd: rand() < 0.1,
      graft_months: rand() < 0.6 ? null : int(1, 60),
      dx: Array.from({ length: 10 }, () => pool[Math.floor(rand() * pool.length)] as string),
    })
  }
}
