import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OTHER_MODULES, moduleText } from '../scripts/other-model-tables.ts'
import { encodeCode } from './code-table.ts'
import { esrdModel } from './esrd.ts'
import { rxModel } from './rxhcc.ts'
import { ESRD_V24_DATA } from './tables/esrd-v24.ts'
import { RXHCC_V08_DATA } from './tables/rxhcc-v08.ts'

// The CMS tables the modules are generated from (research folder; HCC_DATA_DIR overrides).
const HCC_DATA = process.env.HCC_DATA_DIR ?? '/work/shared/research/hcc-data'
const haveSources = existsSync(`${HCC_DATA}/risk_adjustment_model/v08_rxhcc_x/2026/weights.csv`)

describe('generated RxHCC and ESRD tables', () => {
  it.skipIf(!haveSources).each(OTHER_MODULES)(
    '$file is what the generator writes from the source files',
    ({ file, constName, build }) => {
      const committed = readFileSync(new URL(`./tables/${file}`, import.meta.url), 'utf8')
      expect(committed).toBe(moduleText(constName, build(HCC_DATA)))
    },
  )

  it('RxHCC V08 X: 84 RxHCCs, 36 hierarchy parents with 71 children, 8 segments, 5,385 codes in 5,527 code-RxHCC pairs', () => {
    const m = rxModel()
    const rxhccs = m.varNames.filter((n) => /^RXHCC\d+$/.test(n))
    expect(rxhccs).toHaveLength(84)
    expect(Object.keys(RXHCC_V08_DATA.hierarchy)).toHaveLength(36)
    expect(Object.values(RXHCC_V08_DATA.hierarchy).flat()).toHaveLength(71)
    expect(RXHCC_V08_DATA.segments).toHaveLength(8)
    expect(RXHCC_V08_DATA.codes).toBe(5385)
    const pairs = RXHCC_V08_DATA.mapping.split('\n').reduce((n, line) => n + line.split(' ').length - 1, 0)
    expect(pairs).toBe(5527)
    expect(m.table.get(encodeCode('E11.65'))).toBe(30)
  })

  it('ESRD V24: no renal failure HCCs (ESRD already prices them), 14 segments, graft and transplant scores', () => {
    const m = esrdModel()
    const hccs = m.varNames.filter((n) => /^HCC\d+$/.test(n)).map((n) => Number(n.slice(3)))
    expect(hccs).toHaveLength(81)
    expect(hccs.filter((n) => n >= 134 && n <= 138)).toEqual([])
    expect(ESRD_V24_DATA.segments).toHaveLength(14)
    expect(ESRD_V24_DATA.scores).toMatchObject({
      TRANSPLANT_KIDNEY_ONLY_1M: 5985,
      GE65_DUR4_9_FBD: 2605,
      FGI_PBD_LT65_flag: 141,
      LTI_GE65: 955,
    })
    expect(m.table.get(encodeCode('N18.6'))).toBe(-1)
  })

  it.each([
    ['RxHCC', rxModel()],
    ['ESRD', esrdModel()],
  ] as const)('%s: every hierarchy parent and child is a payment category with a factor row', (_, m) => {
    for (const [parent, kids] of Object.entries(m.data.hierarchy))
      for (const cat of [Number(parent), ...kids])
        expect(m.catVar[cat], `${m.prefix}${cat}`).toBeGreaterThanOrEqual(0)
    for (const row of m.data.variables) expect(row).toHaveLength(3 + m.data.segments.length)
  })
})
