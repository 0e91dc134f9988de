// Sign-up's public calls.
import {
  checkEmailResultSchema,
  signupCreatedSchema,
  signupDetailSchema,
  type Signup,
} from '@blueconsent/contract/signup'
import { apiClient } from '../../../lib/api-client.ts'

export const createAccount = (body: Signup) =>
  apiClient.post('/api/users/', body, { schema: signupCreatedSchema, public: true })

export const checkEmail = (email: string) =>
  apiClient.post('/api/users/check-email/', { email }, { schema: checkEmailResultSchema, public: true })

export const verifyEmail = (token: string) =>
  apiClient.post('/api/users/verify-email/', { token }, { schema: signupDetailSchema, public: true })

export const resendVerification = (email: string) =>
  apiClient.post('/api/users/resend-verification/', { email }, { schema: signupDetailSchema, public: true })
