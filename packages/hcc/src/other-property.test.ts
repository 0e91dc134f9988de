import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { processLine } from './cli-core.ts'
import {
  esrdMappedCodes,
  esrdModel,
  esrdSegment,
  scoreEsrd,
  scoreEsrdCompact,
  type EsrdInput,
} from './esrd.ts'
import type { CompiledOther } from './other-engine.ts'
import {
  RX_NORMALIZATION,
  rxMappedCodes,
  rxModel,
  rxSegment,
  scoreRxHcc,
  scoreRxHccCompact,
  type RxHccInput,
} from './rxhcc.ts'

const RUNS = { numRuns: 300 }

/** Codes of one category, for building hierarchies on purpose. */
function codesByCategory(m: CompiledOther): Map<number, string[]> {
  const out = new Map<number, string[]>()
  for (const line of m.data.mapping.split('\n')) {
    const [cat, ...codes] = line.split(' ')
    out.set(Number(cat), codes)
  }
  return out
}

const rxCodes = codesByCategory(rxModel())
const esrdCodes = codesByCategory(esrdModel())
// Codes mapping to exactly one category, so adding one adds only that category.
const single = (byCat: Map<number, string[]>): Map<number, string[]> => {
  const count = new Map<string, number>()
  for (const codes of byCat.values()) for (const c of codes) count.set(c, (count.get(c) ?? 0) + 1)
  return new Map([...byCat].map(([cat, codes]) => [cat, codes.filter((c) => count.get(c) === 1)]))
}
const rxSingle = single(rxCodes)
const esrdSingle = single(esrdCodes)
const pairs = (m: CompiledOther, byCat: Map<number, string[]>): Array<[number, number]> =>
  Object.entries(m.data.hierarchy).flatMap(([p, kids]) =>
    kids
      .filter((k) => (byCat.get(Number(p))?.length ?? 0) > 0 && (byCat.get(k)?.length ?? 0) > 0)
      .map((k) => [Number(p), k] as [number, number]),
  )
const rxPairs = pairs(rxModel(), rxSingle)
const esrdPairs = pairs(esrdModel(), esrdSingle)

const pool = [
  ...new Set([
    ...rxMappedCodes().filter((_, i) => i % 11 === 0),
    ...esrdMappedCodes().filter((_, i) => i % 17 === 0),
    'E1165',
    'E119',
    'F200',
    'F329',
    'F319',
    'B20',
    'I5022',
    'I10',
    'Z992',
    'N186',
    'D66',
    'J449',
    'F3481',
    'C9000',
    'C7951',
  ]),
]
const withDots = (code: string): string =>
  code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}`.toLowerCase() : code

const arbDx = fc.array(fc.constantFrom(...pool), { maxLength: 12 })
const arbCommon = {
  sex: fc.constantFrom<'F' | 'M'>('F', 'M'),
  age: fc.integer({ min: 0, max: 110 }),
  orec: fc.constantFrom('0', '1', '2', '3'),
  dual: fc.constantFrom('NA', '00', '01', '02', '03', '04', '05', '06', '08', '10'),
  lti: fc.boolean(),
  newEnrollee: fc.boolean(),
}
const arbRx: fc.Arbitrary<RxHccInput> = fc.record({
  ...arbCommon,
  lis: fc.option(fc.boolean(), { nil: null }),
  esrd: fc.boolean(),
})
const arbEsrd: fc.Arbitrary<EsrdInput> = fc.record({
  ...arbCommon,
  graftMonths: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
})

/** Kept categories are never children of a category present; dropped ones always are. */
function checkHierarchy(
  m: CompiledOther,
  kept: ReadonlyArray<{ number: number }>,
  dropped: ReadonlyArray<{ number: number; droppedBy: string[] }>,
): void {
  const present = [...kept, ...dropped].map((c) => c.number)
  const trumps = (p: number, c: number): boolean => m.data.hierarchy[String(p)]?.includes(c) ?? false
  for (const k of kept) expect(present.some((p) => trumps(p, k.number))).toBe(false)
  for (const d of dropped) {
    expect(present.some((p) => trumps(p, d.number))).toBe(true)
    expect(d.droppedBy.length).toBeGreaterThan(0)
  }
}

const sumTerms = (terms: ReadonlyArray<{ coefficient: number }>): number =>
  terms.reduce((s, t) => s + Math.round(t.coefficient * 1000), 0)

describe('RxHCC V08 properties', () => {
  it('never counts a trumped RxHCC, and the explanation adds up to the compact score', () => {
    fc.assert(
      fc.property(arbRx, arbDx, (input, dx) => {
        const s = scoreRxHcc(input, dx)
        checkHierarchy(rxModel(), s.rxhccs, s.droppedByHierarchy)
        const compact = scoreRxHccCompact(input, dx)
        expect(compact.rxhccs).toEqual(s.rxhccs.map((h) => h.number))
        expect(sumTerms(s.terms)).toBe(compact.rawThousandths)
        expect(Math.round(s.rawScore * 1000)).toBe(compact.rawThousandths)
      }),
      RUNS,
    )
  })

  it('a child code adds nothing when its parent RxHCC is present', () => {
    expect(rxPairs.length).toBeGreaterThan(60)
    fc.assert(
      fc.property(arbRx, arbDx, fc.constantFrom(...rxPairs), fc.nat(), (input, dx, [parent, child], pick) => {
        const parentCodes = rxSingle.get(parent) as string[]
        const childCodes = rxSingle.get(child) as string[]
        const withParent = [...dx, parentCodes[pick % parentCodes.length] as string]
        const both = [...withParent, childCodes[pick % childCodes.length] as string]
        const a = scoreRxHccCompact(input, withParent)
        const b = scoreRxHccCompact(input, both)
        expect(b.rxhccs).not.toContain(child)
        expect(b).toEqual(a)
      }),
      RUNS,
    )
  })

  it('chooses the segment from institutional, new-enrollee, low-income status and age', () => {
    fc.assert(
      fc.property(arbRx, (input) => {
        const seg = rxSegment(input)
        const low = input.lis ?? ['01', '02', '03', '04', '05', '06', '08'].includes(input.dual ?? 'NA')
        if (input.lti) expect(seg).toBe(input.newEnrollee ? 'NE_LTI' : 'CE_LTI')
        else if (input.newEnrollee) expect(seg).toBe(low ? 'NE_LOW_COMMUNITY' : 'NE_NONLOW_COMMUNITY')
        else expect(seg).toBe(`CE_${low ? 'LOW' : 'NONLOW'}_${input.age >= 65 ? 'AGED' : 'NONAGED'}`)
      }),
      RUNS,
    )
  })

  it('scores every new enrollee above 0 from demographics alone (diagnoses carry factor 0)', () => {
    fc.assert(
      fc.property(arbRx, arbDx, (input, dx) => {
        const ne = { ...input, newEnrollee: true }
        const s = scoreRxHccCompact(ne, dx)
        expect(s.rawThousandths).toBeGreaterThan(0)
        expect(s.rawThousandths).toBe(scoreRxHccCompact(ne, []).rawThousandths)
      }),
      RUNS,
    )
  })

  it('normalises per plan type: round3(raw / factor), half up', () => {
    fc.assert(
      fc.property(arbRx, arbDx, (input, dx) => {
        const s = scoreRxHcc(input, dx)
        const raw = Math.round(s.rawScore * 1000)
        for (const n of s.normalized) {
          const factor = RX_NORMALIZATION[n.plan]
          const norm = Math.round(n.normalizedScore * 1000)
          // norm is the nearest integer to raw * 1000 / factor, halves up.
          expect(2 * raw * 1000 - 2 * norm * factor).toBeGreaterThanOrEqual(-factor)
          expect(2 * raw * 1000 - 2 * norm * factor).toBeLessThan(factor)
        }
        const [mapd, pdp] = s.normalized
        expect((pdp?.normalizedScore ?? 0) >= (mapd?.normalizedScore ?? 0)).toBe(true)
      }),
      RUNS,
    )
  })

  it('ignores code order, duplicates, case and dots; CLI rows agree with the engine', () => {
    fc.assert(
      fc.property(arbRx, arbDx, (input, dx) => {
        const a = scoreRxHccCompact(input, dx)
        expect(scoreRxHccCompact(input, [...dx].reverse().concat(dx).map(withDots))).toEqual(a)
        const line = JSON.stringify({ id: 'x', ...input, ne: input.newEnrollee, dx })
        const row = processLine(line, { model: 'RxHCC', paymentYear: 2026 })
        const raw = `${Math.floor(a.rawThousandths / 1000)}.${String(a.rawThousandths % 1000).padStart(3, '0')}`
        expect(row).toEqual({
          ok: true,
          row: `x,${a.segment},${raw},${a.rxhccs.map((n) => `RXHCC${n}`).join(' ')}`,
        })
      }),
      RUNS,
    )
  })
})

describe('ESRD V24 properties', () => {
  it('never counts a trumped HCC; terms add up on dialysis and graft', () => {
    fc.assert(
      fc.property(arbEsrd, arbDx, (input, dx) => {
        const s = scoreEsrd(input, dx)
        checkHierarchy(esrdModel(), s.hccs, s.droppedByHierarchy)
        const compact = scoreEsrdCompact(input, dx)
        expect(compact.hccs).toEqual(s.hccs.map((h) => h.number))
        expect(Math.round(s.rawScore * 1000)).toBe(compact.rawThousandths)
        if (s.actuarialAdjustment === null) expect(sumTerms(s.terms)).toBe(compact.rawThousandths)
      }),
      RUNS,
    )
  })

  it('a child code adds nothing when its parent HCC is present', () => {
    expect(esrdPairs.length).toBeGreaterThan(50)
    fc.assert(
      fc.property(
        arbEsrd,
        arbDx,
        fc.constantFrom(...esrdPairs),
        fc.nat(),
        (input, dx, [parent, child], pick) => {
          const adult = { ...input, age: Math.max(input.age, 19), sex: 'M' as const }
          const parentCodes = esrdSingle.get(parent) as string[]
          const childCodes = esrdSingle.get(child) as string[]
          const withParent = [...dx, parentCodes[pick % parentCodes.length] as string]
          const both = [...withParent, childCodes[pick % childCodes.length] as string]
          expect(scoreEsrdCompact(adult, both)).toEqual(scoreEsrdCompact(adult, withParent))
        },
      ),
      RUNS,
    )
  })

  it('chooses dialysis, transplant month or functioning graft from graft_months; new enrollees and transplants ignore diagnoses', () => {
    fc.assert(
      fc.property(arbEsrd, arbDx, (input, dx) => {
        const seg = esrdSegment(input)
        const m = input.graftMonths
        if (m === null) expect(seg).toBe(input.newEnrollee ? seg : 'DIAL')
        if (m === null && input.newEnrollee) expect(seg).toMatch(/^NE_DIAL_/)
        if (m !== null && m <= 3) expect(seg).toBe(`TRANSPLANT_${Math.max(m, 1)}M`)
        if (m !== null && m > 3)
          expect(seg).toMatch(input.newEnrollee ? /^NE_GRAFT_/ : input.lti ? /^GRAFT_INST$/ : /^GRAFT_COMM_/)
        if (seg.startsWith('NE_') || seg.startsWith('TRANSPLANT_')) {
          expect(scoreEsrdCompact(input, dx)).toEqual(scoreEsrdCompact(input, []))
          expect(scoreEsrdCompact(input, dx).hccs).toEqual([])
        }
        const s = scoreEsrd(input, dx)
        expect(s.normalizationFactor).toBe(m !== null && m > 3 ? 1.104 : 1.062)
        expect(s.rawScore).toBeGreaterThan(0)
      }),
      RUNS,
    )
  })
})
