import { z } from 'zod'

// What CMS decides per registered application (Application.data_access_type in the BB server).
export type DataAccessType = 'ONE_TIME' | 'THIRTEEN_MONTH' | 'RESEARCH_STUDY'

export type SandboxClient = {
  readonly clientId: string
  readonly clientSecret: string
  readonly name: string
  readonly redirectUris: readonly string[]
  readonly dataAccessType: DataAccessType
  // "Does my application need to collect enrollee demographic data?" at registration.
  readonly collectsDemographics: boolean
  // CMS can switch an application off ("temporarily inactive").
  readonly active: boolean
}

export type SandboxOptions = {
  // Absolute URL the sandbox is reached at, including any mount prefix, without trailing slash.
  readonly publicBaseUrl: string
  readonly clients: readonly SandboxClient[]
  readonly now: () => Date
  // Seed for the synthetic beneficiaries; the same seed and user name always give the same data.
  readonly seed: string
  readonly accessTokenLifetimeSeconds: number
  readonly authorizationCodeLifetimeSeconds: number
  // Blue Button adds `patient` to token responses; one integrator saw it missing.
  readonly includePatientInTokenResponse: boolean
  // Test-only /__admin routes (fault switches, enrollee-side revocation). Never on in production.
  readonly adminEnabled: boolean
  // gzip FHIR payloads >= 1 KB when the client sends Accept-Encoding: gzip, as Blue Button does.
  readonly gzip: boolean
  // FHIR paging links on the host the client used (when no public URL was configured): a client that reached
  // the sandbox as localhost must not be sent to 127.0.0.1, or the other way round.
  readonly linksFromRequestHost: boolean
}

export type SandboxOptionsInput = Partial<Omit<SandboxOptions, 'publicBaseUrl' | 'clients'>> & {
  readonly publicBaseUrl: string
  readonly clients?: readonly (Omit<SandboxClient, 'collectsDemographics' | 'active'> &
    Partial<Pick<SandboxClient, 'collectsDemographics' | 'active'>>)[]
}

const clientSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  name: z.string().min(1),
  redirectUris: z.array(z.url()).min(1),
  dataAccessType: z.enum(['ONE_TIME', 'THIRTEEN_MONTH', 'RESEARCH_STUDY']),
  collectsDemographics: z.boolean().default(true),
  active: z.boolean().default(true),
})

// Two demo applications as CMS registers them: providers get 13 months, agents a one-time grant.
export const defaultSandboxClients: readonly SandboxClient[] = [
  {
    clientId: 'blueconsent-provider',
    clientSecret: 'sandbox-provider-secret',
    name: 'BlueConsent (providers)',
    redirectUris: ['http://localhost:3000/api/bluebutton/callback'],
    dataAccessType: 'THIRTEEN_MONTH',
    collectsDemographics: true,
    active: true,
  },
  {
    clientId: 'blueconsent-agent',
    clientSecret: 'sandbox-agent-secret',
    name: 'BlueConsent (agents)',
    redirectUris: ['http://localhost:3000/api/bluebutton/callback'],
    dataAccessType: 'ONE_TIME',
    collectsDemographics: true,
    active: true,
  },
]

export function resolveOptions(input: SandboxOptionsInput): SandboxOptions {
  const publicBaseUrl = z.url().parse(input.publicBaseUrl).replace(/\/+$/, '')
  const clients = z.array(clientSchema).parse(input.clients ?? defaultSandboxClients)
  return {
    publicBaseUrl,
    clients,
    now: input.now ?? (() => new Date()),
    seed: input.seed ?? 'blueconsent',
    accessTokenLifetimeSeconds: input.accessTokenLifetimeSeconds ?? 3600,
    authorizationCodeLifetimeSeconds: input.authorizationCodeLifetimeSeconds ?? 60,
    includePatientInTokenResponse: input.includePatientInTokenResponse ?? true,
    adminEnabled: input.adminEnabled ?? false,
    gzip: input.gzip ?? true,
    linksFromRequestHost: input.linksFromRequestHost ?? false,
  }
}
