import { describe, expect, it } from 'vitest'
import {
  invitationAcceptSchema,
  invitationSchema,
  invitationSentSchema,
  invitationStatusOf,
  loginLinkOf,
} from './invitations.ts'

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('accepting an invitation', () => {
  it("says 'Password must be at least 8 characters' for a short password", () => {
    const result = invitationAcceptSchema.safeParse({
      first_name: 'Ana',
      last_name: 'Ruiz',
      password: 'short',
      password_confirm: 'short',
    })
    expect(messagesOf(result)).toEqual(['Password must be at least 8 characters'])
  })

  it("says 'Password is required' for none", () => {
    const result = invitationAcceptSchema.safeParse({
      first_name: 'Ana',
      last_name: 'Ruiz',
      password: '',
      password_confirm: '',
    })
    expect(messagesOf(result)).toContain('Password is required')
  })
})

describe('an invitation with only the shared fields', () => {
  const shared = {
    id: '6f1c1b8e-2d7a-4f55-9a59-2f1f3f0c1a10',
    email: 'new@clinic.test',
    role: 'PHYSICIAN_USER',
    created_at: '2026-11-20T10:00:00Z',
    expires_at: '2026-11-22T10:00:00Z',
    is_accepted: false,
  }

  it('parses, and its state comes from its dates', () => {
    const invitation = invitationSchema.parse(shared)
    expect(invitationStatusOf(invitation, Date.parse('2026-11-21T00:00:00Z'))).toBe('pending')
    expect(invitationStatusOf(invitation, Date.parse('2026-11-23T00:00:00Z'))).toBe('expired')
    expect(invitationStatusOf({ ...invitation, is_accepted: true })).toBe('accepted')
  })

  it("prefers the server's own state, and ignores one it does not know", () => {
    expect(invitationStatusOf(invitationSchema.parse({ ...shared, status: 'revoked' }))).toBe('revoked')
    const unknown = invitationSchema.parse({ ...shared, status: 'archived' })
    expect(invitationStatusOf(unknown, Date.parse('2026-11-21T00:00:00Z'))).toBe('pending')
  })

  it('takes the sign-in link from whichever field the server named it', () => {
    const link = 'https://portal.test/app/login'
    expect(loginLinkOf(invitationSentSchema.parse({ detail: 'Sent', tenant_login_url: link }))).toBe(link)
    expect(loginLinkOf(invitationSentSchema.parse({ detail: 'Sent', login_url: link }))).toBe(link)
    expect(loginLinkOf(invitationSentSchema.parse({ detail: 'Sent', extra_data: { login_url: link } }))).toBe(
      link,
    )
  })
})
