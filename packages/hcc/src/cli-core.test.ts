import { describe, expect, it } from 'vitest'
import { parseArgs, processLine } from './cli-core.ts'

const A = '{"id":"A","age":72,"sex":"F","orec":"0","dual":"NA","lti":false,"ne":false,"dx":["E11.9","I50.9"]}'
const C = '{"id":"C","age":80,"sex":"F","dx":["E11.22","E11.9","N18.6","N18.4","I50.9"]}'

describe('parseArgs', () => {
  it('accepts both flag styles and defaults to V28 PY2026', () => {
    expect(parseArgs(['--model=v24', '--payment-year', '2025'])).toEqual({
      ok: true,
      options: { model: 'V24', paymentYear: 2025 },
    })
    expect(parseArgs([])).toEqual({ ok: true, options: { model: 'V28', paymentYear: 2026 } })
  })

  it('rejects unknown flags, missing values and unsupported years; --help is not an error', () => {
    expect(parseArgs(['--modle', 'V28'])).toEqual({ ok: false, error: 'unknown argument: --modle' })
    expect(parseArgs(['--model'])).toEqual({ ok: false, error: '--model needs a value' })
    expect(parseArgs(['--payment-year', '2031'])).toMatchObject({ ok: false })
    expect(parseArgs(['--help'])).toEqual({ ok: false, error: null })
  })

  it('accepts the Part D and ESRD models for payment year 2026 only', () => {
    expect(parseArgs(['--model', 'RxHCC', '--payment-year', '2026'])).toEqual({
      ok: true,
      options: { model: 'RxHCC', paymentYear: 2026 },
    })
    expect(parseArgs(['--model=esrd-v24'])).toEqual({
      ok: true,
      options: { model: 'ESRD-V24', paymentYear: 2026 },
    })
    expect(parseArgs(['--model', 'RxHCC', '--payment-year', '2025'])).toEqual({
      ok: false,
      error: '--model RxHCC has tables for payment year 2026 only, got 2025',
    })
  })
})

describe('processLine', () => {
  it('scores V24 rows with the same input shape', () => {
    const v24 = { model: 'V24', paymentYear: 2025 } as const
    expect(processLine(A, v24)).toEqual({ ok: true, row: 'A,CNA,0.943,HCC19 HCC85' })
    expect(processLine(C, v24)).toEqual({ ok: true, row: 'C,CNA,1.727,HCC18 HCC85 HCC136' })
  })

  it('reports bad records instead of throwing', () => {
    const v28 = { model: 'V28', paymentYear: 2026 } as const
    expect(processLine('[1,2]', v28)).toEqual({ ok: false, error: 'not a JSON object' })
    expect(processLine('{"age":70,"sex":"F"}', v28)).toEqual({ ok: false, error: 'missing id' })
    expect(processLine('{"id":1,"age":170,"sex":"F"}', v28)).toEqual({
      ok: false,
      error: 'id 1: age 170 out of range',
    })
    expect(processLine('{"id":1,"age":70,"sex":"F","dx":"E119"}', v28)).toEqual({
      ok: false,
      error: 'id 1: dx must be a list of codes',
    })
  })
})

describe('processLine for RxHCC and ESRD', () => {
  const rx = { model: 'RxHCC', paymentYear: 2026 } as const
  const esrd = { model: 'ESRD-V24', paymentYear: 2026 } as const

  it('derives the RxHCC segment from lti, ne, lis and age, and writes RxHCCs as RXHCC<n>', () => {
    const line = (extra: string): string =>
      `{"id":"R","age":72,"sex":"F","orec":"0",${extra}"dx":["E1165","E119","I10","E039","J449"]}`
    expect(processLine(line('"lis":false,'), rx)).toEqual({
      ok: true,
      row: 'R,CE_NONLOW_AGED,0.930,RXHCC30 RXHCC44 RXHCC187 RXHCC229',
    })
    // A full-benefit dual without an explicit lis counts as low income.
    expect(processLine(line('"dual":"02",'), rx)).toMatchObject({
      ok: true,
      row: expect.stringMatching(/^R,CE_LOW_AGED,/),
    })
    expect(processLine(line('"lti":true,"ne":true,'), rx)).toMatchObject({
      row: expect.stringMatching(/^R,NE_LTI,/),
    })
    // ESRD from CREC when the status is not given: the new enrollee's ESRD cell (case K).
    expect(
      processLine(
        '{"id":"K","age":50,"sex":"M","orec":"2","crec":"2","dual":"02","ne":true,"dx":["N186","Z992"]}',
        rx,
      ),
    ).toEqual({
      ok: true,
      row: 'K,NE_LOW_COMMUNITY,2.066,RXHCC261',
    })
    expect(processLine('{"id":"x","age":70,"sex":"F","lis":"yes"}', rx)).toEqual({
      ok: false,
      error: 'id x: lis must be true, false or null',
    })
  })

  it('derives the ESRD segment from graft_months, ne and lti', () => {
    const dx = '"dx":["E1165","I5022","J449"]'
    expect(processLine(`{"id":"D","age":72,"sex":"F","orec":"0",${dx}}`, esrd)).toEqual({
      ok: true,
      row: 'D,DIAL,0.832,HCC18 HCC85 HCC111',
    })
    expect(
      processLine(`{"id":"G","age":70,"sex":"M","orec":"2","dual":"02","graft_months":6,${dx}}`, esrd),
    ).toEqual({
      ok: true,
      row: 'G,GRAFT_COMM_FBD_GE65,4.398,HCC18 HCC85 HCC111',
    })
    expect(processLine(`{"id":"T","age":70,"sex":"M","graft_months":1,${dx}}`, esrd)).toEqual({
      ok: true,
      row: 'T,TRANSPLANT_1M,5.985,',
    })
    expect(processLine(`{"id":"N","age":70,"sex":"M","graft_months":2.5}`, esrd)).toMatchObject({ ok: false })
  })
})
