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
