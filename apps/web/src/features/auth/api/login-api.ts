import type { LoginRequest } from '@blueconsent/contract/auth'
import { apiClient } from '../../../lib/api-client.ts'
import { loadContract } from '../../../lib/contract.ts'
import { callEndpointUnparsed } from '../../../lib/endpoints.ts'

/** POST /api/jwt/login/ (on the login route, so the response schema is loaded on demand). */
export const login = (body: LoginRequest) =>
  apiClient.post('/api/jwt/login/', body, { schema: async () => (await loadContract()).loginAnswerSchema })

/** A new link for an address that signed up but has not verified yet; the answer is the same either way. */
export const resendVerification = (email: string) =>
  callEndpointUnparsed('signup.resendVerification', { body: { email } }) as Promise<{ detail: string }>
