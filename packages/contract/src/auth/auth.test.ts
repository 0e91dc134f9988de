import { describe, expect, it } from 'vitest'
import {
  loginRequestSchema,
  oauthAuthorizeQuerySchema,
  oauthTokenRequestSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from './index.ts'

const issues = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message])

describe('login', () => {
  it('requires email and password with the spec message', () => {
    expect(issues(loginRequestSchema.safeParse({ email: '', password: '' }))).toEqual([
      ['email', 'Please enter both email and password.'],
      ['password', 'Please enter both email and password.'],
    ])
  })
  it('accepts remember_me', () => {
    expect(loginRequestSchema.parse({ email: 'a@b.c', password: 'x', remember_me: true }).remember_me).toBe(
      true,
    )
  })
})

describe('password reset', () => {
  it('needs an @ in the email', () => {
    expect(issues(passwordResetRequestSchema.safeParse({ email: 'nobody' }))).toEqual([
      ['email', 'Please enter a valid email address'],
    ])
  })
  it('needs 8 characters and a matching confirmation', () => {
    expect(
      issues(
        passwordResetConfirmSchema.safeParse({
          uid: 'u',
          token: 't',
          password: 'short',
          password_confirm: 'short',
        }),
      ),
    ).toEqual([['password', 'Password must be at least 8 characters long']])
    expect(
      issues(
        passwordResetConfirmSchema.safeParse({
          uid: 'u',
          token: 't',
          password: 'long-enough',
          password_confirm: 'different',
        }),
      ),
    ).toEqual([['password_confirm', 'Passwords do not match']])
  })
})

describe('password change', () => {
  it('uses the change-password wording', () => {
    expect(
      issues(
        passwordChangeSchema.safeParse({ old_password: '', new_password: '', new_password_confirm: '' }),
      ),
    ).toEqual([
      ['old_password', 'Current password is required'],
      ['new_password', 'New password is required'],
      ['new_password', 'Password must be at least 8 characters'],
    ])
    expect(
      issues(
        passwordChangeSchema.safeParse({
          old_password: 'a',
          new_password: 'long-enough',
          new_password_confirm: 'nope',
        }),
      ),
    ).toEqual([['new_password_confirm', 'Passwords do not match']])
  })
})

describe('OAuth', () => {
  const authorize = {
    response_type: 'code',
    client_id: 'blueconsent-web',
    redirect_uri: 'http://localhost:8000/app/oauth/callback',
    state: 'abc',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }
  it('accepts S256 and refuses plain', () => {
    expect(oauthAuthorizeQuerySchema.safeParse(authorize).success).toBe(true)
    expect(
      oauthAuthorizeQuerySchema.safeParse({ ...authorize, code_challenge_method: 'plain' }).success,
    ).toBe(false)
  })
  it('requires a 43-128 character verifier', () => {
    const token = { grant_type: 'authorization_code', code: 'c', redirect_uri: 'x', client_id: 'y' }
    expect(oauthTokenRequestSchema.safeParse({ ...token, code_verifier: 'a'.repeat(42) }).success).toBe(false)
    expect(oauthTokenRequestSchema.safeParse({ ...token, code_verifier: 'a'.repeat(64) }).success).toBe(true)
    expect(oauthTokenRequestSchema.safeParse({ ...token, code_verifier: 'a'.repeat(129) }).success).toBe(
      false,
    )
  })
})
