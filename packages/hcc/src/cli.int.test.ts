import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url))
const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))

function runCli(args: string[], input: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(TSX, [CLI, ...args], { input, encoding: 'utf8', timeout: 30_000 })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

const INPUT = [
  '{"id":"A","age":72,"sex":"F","orec":"0","dual":"NA","lti":false,"ne":false,"dx":["E11.9","I50.9"]}',
  '{"id":"C","age":80,"sex":"F","orec":"0","dual":"NA","lti":false,"ne":false,"dx":["E11.22","E11.9","N18.6","N18.4","I50.9"]}',
  'this is not json',
  '',
  '{"id":"G","age":58,"sex":"M","orec":"1","dual":"02","lti":true,"ne":false,"dx":["G35","I50.9","J44.9","A41.9","L89.154"]}',
  '{"id":"bad-sex","age":70,"sex":"U","dx":[]}',
  '{"id":"H","birth_date":"1960-12-01","sex":"F","orec":"0","dual":"NA","lti":false,"ne":true,"dx":["E11.9"]}',
  '{"id":"with,comma","age":69,"sex":"F","dx":[]}',
].join('\n')

// Each case spawns tsx (about a second to start on a busy machine), hence the longer timeout.
describe('CLI', { timeout: 30_000 }, () => {
  it('scores JSON lines to CSV and reports bad lines with their numbers (V28)', () => {
    const r = runCli(['--model', 'V28', '--payment-year', '2026'], INPUT)
    expect(r.status).toBe(0)
    expect(r.stdout).toBe(
      [
        'id,segment,raw_score,payment_hccs',
        'A,CNA,1.033,HCC38 HCC226',
        'C,CNA,2.153,HCC37 HCC226 HCC326',
        'G,INS,5.501,HCC2 HCC198 HCC226 HCC280 HCC379',
        'H,NE_NMCAID_NORIGDIS,0.532,HCC38',
        '"with,comma",CNA,0.330,',
        '',
      ].join('\n'),
    )
    expect(r.stderr).toContain('line 3: not valid JSON')
    expect(r.stderr).toContain('line 6: id bad-sex: sex must be F or M')
  })

  it('accepts CRLF line endings and a last line without a newline', () => {
    const r = runCli(
      [],
      '{"id":"A","age":72,"sex":"F","dx":["E119"]}\r\n{"id":"B","age":72,"sex":"M","dx":[]}',
    )
    expect(r.stdout).toBe('id,segment,raw_score,payment_hccs\nA,CNA,0.561,HCC38\nB,CNA,0.396,\n')
  })

  it('scores the Part D and ESRD models from the same JSON lines', () => {
    const lines = [
      '{"id":"A","age":72,"sex":"F","orec":"0","crec":"0","dual":"NA","lis":false,"lti":false,"ne":false,"esrd":false,"graft_months":null,"dx":["E1165","E119","I10","E039","J449"]}',
      '{"id":"J","age":66,"sex":"F","orec":"0","crec":"0","dual":"NA","lis":false,"lti":false,"ne":true,"esrd":false,"graft_months":null,"dx":["E1165","I10"]}',
      '{"id":"G","age":70,"sex":"M","orec":"2","crec":"2","dual":"02","lis":true,"lti":false,"ne":false,"esrd":true,"graft_months":6,"dx":["E1165","I5022","J449"]}',
    ].join('\n')
    const rx = runCli(['--model', 'RxHCC', '--payment-year', '2026'], lines)
    expect(rx.stdout).toBe(
      [
        'id,segment,raw_score,payment_hccs',
        'A,CE_NONLOW_AGED,0.930,RXHCC30 RXHCC44 RXHCC187 RXHCC229',
        'J,NE_NONLOW_COMMUNITY,0.414,RXHCC30 RXHCC187',
        'G,CE_LOW_AGED,1.826,RXHCC30 RXHCC186 RXHCC229',
        '',
      ].join('\n'),
    )
    const esrd = runCli(['--model', 'ESRD-V24', '--payment-year', '2026'], lines)
    expect(esrd.stdout.split('\n').slice(1, 4)).toEqual([
      'A,DIAL,0.766,HCC18 HCC111',
      'J,NE_DIAL_ND_PBD_NORIGDIS,0.936,',
      'G,GRAFT_COMM_FBD_GE65,4.398,HCC18 HCC85 HCC111',
    ])
    expect(rx.status).toBe(0)
    expect(esrd.stderr).toBe('')
  })

  it('exits non-zero only for usage errors', () => {
    const bad = runCli(['--model', 'V99'], '')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('--model must be V24, V28, RxHCC or ESRD-V24')
  })
})
