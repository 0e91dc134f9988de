import { describe, expect, it } from 'vitest'
import { heldForReviewText, reviewerPhrase } from './ingestion-progress.tsx'

describe('reviewerPhrase', () => {
  it('names the reviewing role with the right article', () => {
    expect(reviewerPhrase('PHYSICIAN_USER')).toBe('A Physician Admin')
    expect(reviewerPhrase('CLINICIAN')).toBe('A Physician Admin')
    expect(reviewerPhrase('ACO_USER')).toBe('An ACO Admin')
    expect(reviewerPhrase('AGENT_USER')).toBe('An Agent Admin')
    expect(heldForReviewText('PHYSICIAN_USER')).toContain(
      'A Physician Admin of your organization must confirm the patient’s identity',
    )
  })
})
