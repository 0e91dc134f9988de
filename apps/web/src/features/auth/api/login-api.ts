import type { LoginRequest } from '@blueconsent/contract/auth'
import { apiClient } from '../../../lib/api-client.ts'
import { loadContract } from '../../../lib/contract.ts'

/** POST /api/jwt/login/ (on the login route, so the response schema is loaded on demand). */
export const login = (body: LoginRequest) =>
  apiClient.post('/api/jwt/login/', body, { schema: async () => (await loadContract()).loginResponseSchema })
