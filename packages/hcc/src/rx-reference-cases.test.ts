import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rxSegment, scoreRxHcc, scoreRxHccCompact } from './rxhcc.ts'

interface RxCase {
  id: string
  input: {
    sex: 'F' | 'M'
    age: number
    orec: string
    crec: string
    dual: string
    lis: boolean
    lti: boolean
    new_enrollee: boolean
    esrd: boolean
    dx: string[]
  }
  derived: { risk_adjustment_model_population: string }
  expected: {
    RxHCC_V08_X_PY2026: {
      rxhccs: string[]
      dropped_by_hierarchy: string[]
      rxhcc_from_dx: Record<string, string[]>
      relative_factors: Record<string, number>
      raw_score: number
      normalized_example: { MAPD: number; PDP: number }
    }
  }
  hccinfhir_0_3_3: { raw_score: number; rxhccs: string[]; agrees_with_X: boolean }
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/rx-reference-cases.json', import.meta.url), 'utf8'),
) as { cases: RxCase[] }

const toInput = (c: RxCase) => ({
  sex: c.input.sex,
  age: c.input.age,
  orec: c.input.orec,
  dual: c.input.dual,
  lis: c.input.lis,
  lti: c.input.lti,
  newEnrollee: c.input.new_enrollee,
  esrd: c.input.esrd,
})

describe('RxHCC V08 segment X PY2026 reference cases', () => {
  it('has the twelve worked cases', () => {
    expect(fixture.cases).toHaveLength(12)
  })

  describe.each(fixture.cases)('$id', (c) => {
    const expected = c.expected.RxHCC_V08_X_PY2026
    const score = scoreRxHcc(toInput(c), c.input.dx)

    it('chooses the segment CMS scores', () => {
      expect(rxSegment(toInput(c))).toBe(c.derived.risk_adjustment_model_population)
      expect(score.segment).toBe(c.derived.risk_adjustment_model_population)
    })

    it('keeps and drops the same RxHCCs, each traced to its codes', () => {
      expect(score.rxhccs.map((h) => h.variable)).toEqual(expected.rxhccs)
      expect(score.droppedByHierarchy.map((h) => h.variable)).toEqual(expected.dropped_by_hierarchy)
      const fromDx = Object.fromEntries(
        [...score.rxhccs, ...score.droppedByHierarchy].map((h) => [h.variable, h.diagnoses]),
      )
      expect(fromDx).toEqual(expected.rxhcc_from_dx)
    })

    it('fires every variable with its relative factor, zero factors included', () => {
      const factors = Object.fromEntries(score.terms.map((t) => [t.variable, t.coefficient]))
      expect(factors).toEqual(expected.relative_factors)
    })

    it('sums to the raw score and normalises per plan type', () => {
      expect(score.rawScore).toBe(expected.raw_score)
      expect(score.terms.reduce((s, t) => s + Math.round(t.coefficient * 1000), 0)).toBe(
        Math.round(expected.raw_score * 1000),
      )
      expect(score.normalized).toEqual([
        { plan: 'MA-PD', normalizationFactor: 1.194, normalizedScore: expected.normalized_example.MAPD },
        { plan: 'PDP', normalizationFactor: 0.887, normalizedScore: expected.normalized_example.PDP },
      ])
      const compact = scoreRxHccCompact(toInput(c), c.input.dx)
      expect(compact.rawThousandths).toBe(Math.round(expected.raw_score * 1000))
      expect(compact.rxhccs.map((n) => `RXHCC${n}`)).toEqual(expected.rxhccs)
    })
  })

  it('does not reproduce hccinfhir 0.3.3 where its RxHCC path is known to be wrong', () => {
    const wrong = fixture.cases.filter((c) => !c.hccinfhir_0_3_3.agrees_with_X)
    expect(wrong.length).toBeGreaterThan(0)
    for (const c of wrong) {
      const s = scoreRxHcc(toInput(c), c.input.dx)
      const same =
        s.rawScore === c.hccinfhir_0_3_3.raw_score &&
        s.rxhccs.map((h) => h.variable).join() === c.hccinfhir_0_3_3.rxhccs.join()
      expect(same, c.id).toBe(false)
    }
    // Every new enrollee scored 0 there; here each has its demographic cell.
    for (const c of fixture.cases.filter((x) => x.input.new_enrollee))
      expect(scoreRxHcc(toInput(c), c.input.dx).rawScore).toBeGreaterThan(0)
  })
})
