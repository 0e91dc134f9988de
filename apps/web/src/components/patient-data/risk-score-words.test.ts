import type { RiskScore } from '@blueconsent/contract/patients'
import { describe, expect, it } from 'vitest'
import { assumptionText, scoreCaveats, sourceClaimText, sourceText } from './risk-score-words.ts'

const complete: RiskScore['completeness'] = { status: 'complete', note: 'Fee-for-service all year.' }

describe('assumption sentences', () => {
  it('writes each defaulted input as what was assumed and why, without the engine’s jargon', () => {
    for (const input of ['lti', 'dual', 'newEnrollee', 'snp', 'esrd', 'orec', 'maMonths']) {
      const text = assumptionText({ input, reason: 'engine wording' })
      expect(text).not.toMatch(/MDS|OREC|Blue Button|engine wording/)
      expect(text).toMatch(/^(Scored as|The score)/)
    }
    expect(assumptionText({ input: 'lti', reason: 'needs MDS' })).toBe(
      'Scored as living in the community: Medicare’s data does not say whether the patient lives in a nursing home.',
    )
  })

  it('tells the two entitlement assumptions apart: by age, or by disability to be confirmed', () => {
    expect(
      assumptionText({ input: 'orec', reason: 'OREC unknown: aged 65+, assumed entitlement by age' }),
    ).toMatch(/by age/)
    expect(
      assumptionText({
        input: 'orec',
        reason: 'OREC unknown: under 65, assumed entitlement by disability; ask the beneficiary',
      }),
    ).toMatch(/through a disability.*confirm this with the patient/)
  })

  it('names an input it has no sentence for rather than dropping it', () => {
    expect(assumptionText({ input: 'frailty', reason: 'x' })).toBe(
      'Scored with an assumed value for frailty.',
    )
  })
})

describe('score caveats', () => {
  it('has none for a complete score with nothing assumed', () => {
    expect(scoreCaveats({ completeness: complete, defaulted: [] })).toEqual([])
  })

  it('says the Medicare Advantage gap once, even though the engine also lists it as an assumption', () => {
    const caveats = scoreCaveats({
      completeness: { status: 'unknown', note: 'Blue Button carries fee-for-service claims only…' },
      defaulted: [
        { input: 'maMonths', reason: 'Medicare Advantage months unknown' },
        { input: 'snp', reason: 'SNP enrolment is not in Blue Button: scored as not in a SNP' },
      ],
    })
    expect(caveats).toHaveLength(2)
    expect(caveats[0]).toMatch(/^The score may be too low/)
    expect(caveats[1]).toMatch(/^Scored as not in a Special Needs Plan/)
  })
})

describe('evidence sources', () => {
  it('names the claim by its kind and dates, and by its number as quoted to a biller', () => {
    const source = {
      claim_id: 'carrier--10000001200031',
      claim_type: 'CARRIER',
      from: '2026-03-04',
      through: null,
    }
    expect(sourceText(source)).toBe('a physician/supplier claim of Mar 4, 2026')
    expect(sourceText({ ...source, claim_type: 'OUTPATIENT', through: '2026-03-06' })).toBe(
      'a hospital outpatient claim from Mar 4, 2026 to Mar 6, 2026',
    )
    expect(sourceText({ ...source, claim_type: 'PDE', from: null })).toBe('a PDE claim')
    expect(sourceClaimText(source)).toBe('Claim 10000001200031')
  })
})
