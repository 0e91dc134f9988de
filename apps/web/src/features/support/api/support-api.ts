// Support calls: the signed-in form's and the public contact form's (no bearer token, see lib/api-client.ts).
import type { SupportResponse } from '@blueconsent/contract/support'
import { useMutation } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

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
    mutationFn: (body: SupportPayload): Promise<SupportResponse> => callEndpoint('support.submit', { body }),
  })

export const useSubmitPublicSupport = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (body: PublicSupportPayload): Promise<SupportResponse> =>
      callEndpoint('support.submitPublic', { body, public: true }),
  })
