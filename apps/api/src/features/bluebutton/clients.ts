// One Blue Button client per registered CMS application: the 13-month application for
// healthcare providers, the one-time application for insurance agents. Built once per app context.
import type { AuthorizationType } from '@blueconsent/contract/authorization-requests'
import {
  BlueButtonClient,
  SCOPE_COVERAGE,
  SCOPE_EOB,
  SCOPE_PATIENT,
  type FetchLike,
} from '@blueconsent/bluebutton'
import type { AppContext } from '../../platform/context.ts'
import { measureBlueButtonCalls } from '../../platform/http/metrics.ts'

/**
 * What each authorization type asks Blue Button for, and no more. Both see claims as ExplanationOfBenefit
 * (agents keep only the Part D events), the name and birth date (Patient) that match the Medicare record to the
 * person the request was made for, and Coverage (Parts A/B/C/D): the risk score uses it, and an agent's Policies
 * page shows which parts a client has, which is what comparing plans starts from. Neither needs `profile`
 * (userinfo): Patient already carries what the portal uses.
 */
export const SCOPES_BY_TYPE: Record<AuthorizationType, readonly string[]> = {
  insurance_agent: [SCOPE_EOB, SCOPE_PATIENT, SCOPE_COVERAGE],
  healthcare_provider: [SCOPE_EOB, SCOPE_PATIENT, SCOPE_COVERAGE],
}

export type BlueButtonClients = {
  forType(type: AuthorizationType): BlueButtonClient
  byClientId(clientId: string): BlueButtonClient | null
}

// Keyed by context rather than a field on AppContext, so the feature stays self-contained; the
// in-process sandbox sets its transport here when it is mounted.
const transports = new WeakMap<AppContext, FetchLike>()
const registry = new WeakMap<AppContext, BlueButtonClients>()

export function useBlueButtonTransport(ctx: AppContext, fetch: FetchLike): void {
  transports.set(ctx, fetch)
  registry.delete(ctx)
}

export function blueButtonClients(ctx: AppContext): BlueButtonClients {
  const existing = registry.get(ctx)
  if (existing) return existing
  const { bluebutton } = ctx.config
  const fetch = transports.get(ctx)
  const make = (app: { clientId: string; clientSecret: string }): BlueButtonClient =>
    new BlueButtonClient({
      baseUrl: bluebutton.baseUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      redirectUri: bluebutton.redirectUri,
      apiVersion: bluebutton.apiVersion,
      clientAuth: 'basic',
      now: ctx.clock,
      fetch: measureBlueButtonCalls(ctx, fetch ?? ((input, init) => globalThis.fetch(input, init))),
    })
  const provider = make(bluebutton.provider)
  const agent = make(bluebutton.agent)
  const clients: BlueButtonClients = {
    forType: (type) => (type === 'insurance_agent' ? agent : provider),
    byClientId: (clientId) => [provider, agent].find((client) => client.clientId === clientId) ?? null,
  }
  registry.set(ctx, clients)
  return clients
}
