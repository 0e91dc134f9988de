// Support calls: the signed-in form's and the public contact form's (no bearer token, see lib/api-client.ts).
import { SUPPORT_PATHS, supportResponseSchema, type SupportResponse } from '@blueconsent/contract/support'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export type SupportPayload = { subject: string; message: string }
export type PublicSupportPayload = SupportPayload & {
  email: string
  name?: string | undefined
  website?: string | undefined
}

// Sent at once even offline, so the form answers with its error instead of waiting for the network.
export const useSubmitSupport = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (body: SupportPayload): Promise<SupportResponse> =>
      apiClient.post(SUPPORT_PATHS.signedIn, body, { schema: supportResponseSchema }),
  })

export const useSubmitPublicSupport = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (body: PublicSupportPayload): Promise<SupportResponse> =>
      apiClient.post(SUPPORT_PATHS.public, body, { schema: supportResponseSchema, public: true }),
  })
