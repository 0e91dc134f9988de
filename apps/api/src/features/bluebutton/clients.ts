// One Blue Button client per registered CMS application: the 13-month application for
// healthcare providers, the one-time application for insurance agents. Built once per app context.
import type { AuthorizationType } from '@blueconsent/contract/authorization-requests'
import { BlueButtonClient, type FetchLike } from '@blueconsent/bluebutton'
import type { AppContext } from '../../context.ts'

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
      clientAuth: 'basic',
      now: ctx.clock,
      ...(fetch ? { fetch } : {}),
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
