// The API generations the stand-in serves side by side, as Blue Button does: every OAuth, userinfo and FHIR
// route exists under /v2/ and /v3/. v3 adds the 42 CFR Part 2 choice on the consent screen and answers
// upstream (BFD) errors as a FHIR OperationOutcome with BFD's own status.
export const API_VERSIONS = ['v2', 'v3'] as const
export type ApiVersion = (typeof API_VERSIONS)[number]
