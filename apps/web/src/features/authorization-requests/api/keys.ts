// Query keys of the authorization feature; mutations invalidate through these so every list stays in step.
export type RequestListParams = {
  scope?: 'organization'
  status?: string
  requester?: string
  /** 'Show hidden': the requests the user cleared from My Requests. */
  hidden?: 'true'
}

const ALL = ['authorization-requests'] as const

export const authorizationKeys = {
  all: ALL,
  lists: () => [...ALL, 'list'] as const,
  list: (params: RequestListParams) => [...ALL, 'list', params] as const,
  detail: (requestId: string) => [...ALL, 'detail', requestId] as const,
  healthPlans: () => ['health-plans'] as const,
  mrnLookup: (mrn: string) => [...ALL, 'mrn-lookup', mrn] as const,
}
