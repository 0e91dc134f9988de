import { describe, expect, it } from 'vitest'
import {
  SUPPORT_MESSAGES,
  isHoneypotFilled,
  supportPublicRequestSchema,
  supportRequestSchema,
} from './support.ts'

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message] as const),
  )

describe('support request', () => {
  it('trims both values and accepts the limits exactly', () => {
    const parsed = supportRequestSchema.parse({
      subject: `  ${'s'.repeat(200)}  `,
      message: `\n ${'m'.repeat(10)} \n`,
    })
    expect(parsed).toEqual({ subject: 's'.repeat(200), message: 'm'.repeat(10) })
    expect(supportRequestSchema.safeParse({ subject: 'x', message: 'm'.repeat(5000) }).success).toBe(true)
  })

  it("says the spec's words for each broken rule, one message per field", () => {
    expect(messagesOf(supportRequestSchema.safeParse({ subject: '   ', message: '  ' }))).toEqual({
      subject: 'Subject is required',
      message: 'Message is required',
    })
    expect(messagesOf(supportRequestSchema.safeParse({}))).toEqual({
      subject: 'Subject is required',
      message: 'Message is required',
    })
    expect(
      messagesOf(supportRequestSchema.safeParse({ subject: 's'.repeat(201), message: ' too short ' })),
    ).toEqual({
      subject: 'Subject must be 200 characters or less',
      message: 'Message must be at least 10 characters',
    })
    expect(messagesOf(supportRequestSchema.safeParse({ subject: 'ok', message: 'm'.repeat(5001) }))).toEqual({
      message: 'Message must be 5000 characters or less',
    })
    expect(SUPPORT_MESSAGES.replyPromise).toBe("We'll respond to your email within 24 hours.")
  })
})

describe('public support request', () => {
  const base = { subject: 'Cannot sign in', message: 'The sign-in page keeps reloading.' }

  it('asks for an email, takes an optional name and a honeypot', () => {
    expect(supportPublicRequestSchema.parse({ ...base, email: ' Pat@Example.org ', name: '  ' })).toEqual({
      ...base,
      email: 'pat@example.org',
      name: undefined,
    })
    expect(messagesOf(supportPublicRequestSchema.safeParse({ ...base, email: '' }))).toEqual({
      email: 'Email is required',
    })
    expect(messagesOf(supportPublicRequestSchema.safeParse({ ...base, email: 'nope' }))).toEqual({
      email: 'Please enter a valid email address',
    })
  })

  it('accepts a filled honeypot (the bot gets the usual answer) and tells it apart', () => {
    const bot = supportPublicRequestSchema.parse({ ...base, email: 'bot@example.org', website: 'http://x' })
    expect(isHoneypotFilled(bot)).toBe(true)
    expect(isHoneypotFilled({ website: ' ' })).toBe(false)
    expect(isHoneypotFilled({})).toBe(false)
  })
})
