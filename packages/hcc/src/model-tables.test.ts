import { describe, expect, it } from 'vitest'
import { ELIGIBLE_HCPCS } from './tables/eligible-hcpcs.ts'
import { interactionGroups, interactionsFor } from './interactions.ts'
import { PAYMENT_YEARS } from './payment.ts'
import { encodeCode } from './code-table.ts'
import { CC_LIMIT, EDIT_FLAG, getCodeTable, getMapping, getModel } from './model-tables.ts'

const MODELS = [
  { model: 'V24', hccs: 86, parents: 37, pairs: 72 },
  { model: 'V28', hccs: 115, parents: 60, pairs: 149 },
] as const

describe.each(MODELS)('$model tables', ({ model, hccs, parents, pairs }) => {
  const m = getModel(model)
  const hccNumbers = new Set(m.varNames.filter((n) => /^HCC\d+$/.test(n)).map((n) => Number(n.slice(3))))

  it(`has ${hccs} payment HCCs, ${parents} hierarchy parents and ${pairs} pairs`, () => {
    expect(hccNumbers.size).toBe(hccs)
    expect(Object.keys(m.data.hierarchy)).toHaveLength(parents)
    expect(Object.values(m.data.hierarchy).reduce((s, kids) => s + kids.length, 0)).toBe(pairs)
  })

  it('has every hierarchy parent and child in the model', () => {
    for (const [parent, kids] of Object.entries(m.data.hierarchy)) {
      expect(hccNumbers.has(Number(parent)), `parent HCC${parent}`).toBe(true)
      for (const kid of kids) expect(hccNumbers.has(kid), `child HCC${kid} of HCC${parent}`).toBe(true)
    }
  })

  it('has a coefficient row for every variable the engine can reference', () => {
    for (const t of interactionsFor(model).terms) expect(m.varIndex.has(t.variable), t.variable).toBe(true)
    for (const g of interactionGroups(model))
      for (const cc of g) expect(hccNumbers.has(cc), `group HCC${cc}`).toBe(true)
    for (const name of [
      'LTIMCAID',
      'OriginallyDisabled_Female',
      'OriginallyDisabled_Male',
      'D1',
      'D9',
      'D10P',
    ])
      expect(m.varIndex.has(name), name).toBe(true)
    for (const sex of ['F', 'M']) {
      for (const band of ['0_34', '60_64', '65_69', '95_GT'])
        expect(m.varIndex.has(`${sex}${band}`)).toBe(true)
      for (const cell of ['0_34', '65', '66', '67', '68', '69', '70_74', '95_GT'])
        expect(m.varIndex.has(`NE${sex}${cell}`)).toBe(true)
    }
    for (const e of m.data.edits)
      if (e.cc !== undefined) expect(hccNumbers.has(e.cc), `edit CC${e.cc}`).toBe(true)
  })

  it('has a coefficient for every segment and labels for every variable', () => {
    expect(m.segments).toHaveLength(15)
    for (const row of m.data.variables) {
      expect(row.length).toBe(3 + m.segments.length)
      expect(row[2].length).toBeGreaterThan(0)
    }
    // Every age/sex cell pays in its own segment family.
    expect(
      m.weights[m.segmentIndex.get('CNA') as number]?.[m.varIndex.get('F70_74') as number],
    ).toBeGreaterThan(0)
    expect(
      m.weights[m.segmentIndex.get('SNPNE_MCAID_NORIGDIS') as number]?.[m.varIndex.get('NEF70_74') as number],
    ).toBeGreaterThan(0)
  })

  it.each([2024, 2025, 2026] as const)('maps PY%i codes only to HCCs of the model', (py) => {
    const map = getMapping(model, py)
    const info = m.data.mappingYears.find((y) => y.paymentYear === py)
    expect(map.size).toBe(info?.codes)
    // One assertion over the whole table keeps the test fast (about 10,000 codes per table).
    const bad: string[] = []
    for (const [code, packed] of map) {
      const ccs = [(packed & ~EDIT_FLAG) % CC_LIMIT, Math.floor((packed & ~EDIT_FLAG) / CC_LIMIT)]
      if (ccs[0] === 0 || ccs.some((cc) => cc > 0 && !hccNumbers.has(cc))) bad.push(code)
    }
    expect(bad).toEqual([])
  })

  it('has the same content in the hot-path code table as in the mapping', () => {
    for (const py of [2024, 2025, 2026] as const) {
      const map = getMapping(model, py)
      const table = getCodeTable(model, py)
      const mismatched = [...map].filter(([code, packed]) => table.get(encodeCode(code)) !== packed)
      expect(mismatched).toEqual([])
      expect(table.get(encodeCode('e11.9'))).toBe(map.get('E119'))
      expect(table.get(encodeCode('Z999999'))).toBe(-1)
    }
    expect(encodeCode('E11 9')).toBe(-1)
    expect(encodeCode('E1199999')).toBe(-1)
    expect(encodeCode('.')).toBe(-1)
  })

  it('maps E11.9 to the diabetes HCC every year and keys newer codes by year', () => {
    for (const py of [2024, 2025, 2026] as const)
      expect(getMapping(model, py).get('E119')).toBe(model === 'V24' ? 19 : 38)
    if (model === 'V28') {
      // G35.A (FY2026 code) only in the PY2026 table.
      expect(getMapping('V28', 2026).get('G35A')).toBe(198)
      expect(getMapping('V28', 2025).get('G35A')).toBeUndefined()
    }
  })
})

describe('payment-year configuration', () => {
  it('has blend weights that add up to 100% and the 5.9% MA adjustment each year', () => {
    for (const config of Object.values(PAYMENT_YEARS)) {
      expect(config.blend.reduce((s, b) => s + b.weightPercent, 0)).toBe(100)
      expect(config.maCodingAdjustment).toBe(59)
    }
  })
})

describe('eligible CPT/HCPCS lists', () => {
  it('has a list per service year 2023-2026 with about 6,700 codes each', () => {
    expect(ELIGIBLE_HCPCS.years).toEqual([2023, 2024, 2025, 2026])
    const counts = ELIGIBLE_HCPCS.years.map((_, i) =>
      ELIGIBLE_HCPCS.groups.split('\n').reduce((s, line) => {
        const [mask, ...codes] = line.split(' ')
        return (Number(mask) & (1 << i)) !== 0 ? s + codes.length : s
      }, 0),
    )
    expect(counts).toEqual([6645, 6696, 6724, 6747])
  })
})
