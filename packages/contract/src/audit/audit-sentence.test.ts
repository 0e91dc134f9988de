import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, auditSentence } from './audit.ts'

const entry = (action: string, overrides: Partial<Parameters<typeof auditSentence>[0]> = {}) => ({
  action,
  actor_name: 'Jordan Lee',
  actor_user_id: 'u1',
  patient_name: 'Rosa Garcia',
  patient_id: 'p1',
  ...overrides,
})

describe('audit sentences', () => {
  it('say who did what to whom', () => {
    expect(auditSentence(entry('patient.consolidated'))).toBe(
      'Jordan Lee viewed the medications and claims of Rosa Garcia',
    )
    expect(auditSentence(entry('patient.search', { patient_name: null, patient_id: null }))).toBe(
      'Jordan Lee searched for patients',
    )
    expect(auditSentence(entry('patient.tin_change'))).toBe('Jordan Lee moved Rosa Garcia to another TIN')
  })

  it('never show an id: unnamed people and patients are described instead', () => {
    const sentence = auditSentence(entry('patient.read', { actor_name: null, patient_name: null }))
    expect(sentence).toBe('A former user opened the record of a patient')
    expect(
      auditSentence(entry('authorization_request.message_queued', { actor_name: null, actor_user_id: null })),
    ).toBe('The system: authorization request: message queued (Rosa Garcia)')
  })

  it('has words for every action the filter offers', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action], action).toBeTruthy()
      const sentence = auditSentence(entry(action))
      expect(sentence.startsWith('Jordan Lee '), action).toBe(true)
      expect(sentence).not.toMatch(/[a-z]+\.[a-z_]+/)
    }
  })
})
