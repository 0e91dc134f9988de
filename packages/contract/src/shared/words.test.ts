import { describe, expect, it } from 'vitest'
import { countText } from './words.ts'

describe('countText', () => {
  it('is singular for exactly one and plural otherwise', () => {
    expect(countText(1, 'payment')).toBe('1 payment')
    expect(countText(0, 'payment')).toBe('0 payments')
    expect(countText(2, 'invitation')).toBe('2 invitations')
    expect(countText(1, 'person', 'people')).toBe('1 person')
    expect(countText(3, 'person', 'people')).toBe('3 people')
  })
})
