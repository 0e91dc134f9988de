import { describe, expect, it } from 'vitest'
import { subscriptionStatusLabel } from '../billing/billing.ts'
import { isTemplateKey, renderTemplate } from '../reference-data/reference-data.ts'
import { isOwnKey, ownValue } from './own-keys.ts'

const INHERITED = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']

describe('own-key lookups', () => {
  it('never answer with a property every object inherits', () => {
    const labels: Record<string, string> = { active: 'Active' }
    expect(ownValue(labels, 'active')).toBe('Active')
    for (const key of INHERITED) {
      expect(ownValue(labels, key), key).toBeUndefined()
      expect(isOwnKey(labels, key), key).toBe(false)
      expect(isTemplateKey(key), key).toBe(false)
      expect(subscriptionStatusLabel(key), key).toBe('Unknown')
    }
  })

  it('render an inherited placeholder name as nothing', () => {
    expect(renderTemplate('a{{constructor}}b{{to_string}}', { to_string: 'x' })).toBe('abx')
  })
})
