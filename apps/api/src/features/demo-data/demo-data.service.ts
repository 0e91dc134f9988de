// Demo patients pulled through the real path at first start: a demo staff member
// creates each request through the authorization-requests service, the patient consents at the in-process
// Blue Button sandbox over the portal's own HTTP routes, and the ingestion job maps the claims and scores
// the risk. Only runs in demo mode with the embedded sandbox. An organisation that already has any
// authorization request is left alone, so restarts (and a demo user's own requests) never duplicate.
import { createBeneficiaryRegistry } from '@blueconsent/bluebutton-sandbox'
import { createAuthorizationRequestSchema } from '@blueconsent/contract/authorization-requests'
import { permissionsFor } from '@blueconsent/contract/shared'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { type Actor, type Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { seedDemoBilling, type DemoBillingOrganization } from '../billing/index.ts'
import { DEMO_ORGANIZATIONS, demoUser, type DemoOrganizationKey, type DemoPersona } from './demo-personas.ts'
import { organizationById, tinIdsOf, userByEmail } from '../../platform/identity/index.ts'
import {
  backdateExpiryForDemo,
  createRequest,
  reissueConsentTokenForDemo,
  revokeRequest,
  runLifecycleSweep,
} from '../authorization-requests/index.ts'
import { runIngestion } from '../ingestion/index.ts'
import { seedDemoWebhooks } from '../integrations/index.ts'
import {
  countRequests,
  findDemoOrganizationId,
  findNewestRun,
  findTinIdByName,
} from './demo-data.repository.ts'
import { DEMO_PLAN, type DemoOrganizationPlan, type DemoRequestPlan } from './demo-plan.ts'
import { patientBrowser } from './patient-browser.ts'

export type DemoDataResult = {
  seeded: DemoOrganizationKey[]
  skipped: DemoOrganizationKey[]
  failed: DemoOrganizationKey[]
}

// The same seed as the mounted sandbox, so the names match the Medicare records the pull returns.
const registry = createBeneficiaryRegistry('blueconsent')
const RUN_WAIT_MS = 120_000

export const shouldSeedDemoData = (ctx: Pick<AppContext, 'config'>): boolean =>
  ctx.config.demoSeed && ctx.config.bluebutton.embeddedSandbox

function medicareName(username: string): string {
  const beneficiary = registry.findByUsername(username)
  if (!beneficiary) throw new Error(`no sandbox beneficiary ${username}`)
  return `${beneficiary.name.given} ${beneficiary.name.family}`
}

/** The birth date Medicare holds for the beneficiary, as staff would type it from the patient's file. */
function medicareBirthDate(username: string): string | null {
  const birthDate = registry.findByUsername(username)?.patient['birthDate']
  return typeof birthDate === 'string' ? birthDate : null
}

const demoOrganizationId = (ctx: AppContext, key: DemoOrganizationKey): Promise<string | undefined> =>
  findDemoOrganizationId(ctx.db, DEMO_ORGANIZATIONS[key].name)

const hasRequests = async (ctx: AppContext, organizationId: string): Promise<boolean> =>
  (await countRequests(ctx.db, organizationId)) > 0

/** The demo staff member as the access plugin would see them after signing in, or scoped to one TIN by name. */
async function staffActor(ctx: AppContext, persona: DemoPersona, underTin?: string): Promise<Actor> {
  const user = await userByEmail(ctx.db, demoUser(persona).email)
  if (!user) throw new Error(`demo user ${persona} missing`)
  const organization = await organizationById(ctx.db, user.organizationId)
  const organizationType = organization?.organizationType ?? null
  const principal: Principal = {
    userId: user.id,
    role: user.role,
    organizationId: user.organizationId,
    organizationType,
    permissions: permissionsFor(user.role, organizationType),
    tinIds: underTin ? [await demoTinId(ctx, user.organizationId, underTin)] : await tinIdsOf(ctx.db, user),
    allTins: underTin ? false : user.allTins,
    isSuperuser: user.isSuperuser,
    groups: [],
    sessionFamilyId: null,
    clientId: null,
    scope: null,
    // The seed caches nothing, so no revision is needed to key answers by.
    organizationRevision: 0,
  }
  return { principal, ip: null, httpRequestId: null }
}

async function demoTinId(
  ctx: AppContext,
  organizationId: string | null,
  providerOrgName: string,
): Promise<string> {
  const id = organizationId ? await findTinIdByName(ctx.db, organizationId, providerOrgName) : undefined
  if (!id) throw new Error(`demo TIN ${providerOrgName} missing`)
  return id
}

const isAgent = (persona: DemoPersona): boolean => persona === 'AGENT_USER' || persona === 'AGENT_ADMIN'

async function create(ctx: AppContext, actor: Actor, plan: DemoRequestPlan, n: number): Promise<string> {
  const name = medicareName(plan.username)
  const bySms = plan.outcome === 'consent_pending'
  const body = createAuthorizationRequestSchema.parse({
    health_plan: 'medicare',
    patient_mrn: isAgent(plan.persona) ? null : `DEMO-${plan.username.slice(-5)}`,
    contact_method: bySms ? 'phone' : 'email',
    contact_value: bySms ? `(555) 010-${String(n).padStart(4, '0')}` : `patient+${n}@example.org`,
    // Staff mistyped the surname: the pull finds a different family name and holds the data for review.
    // Every request carries the birth date Medicare holds, so the other requests match on both.
    metadata: { patient_name: plan.outcome === 'identity_hold' ? `${name.split(' ')[0]} Marlowe` : name },
    patient_birth_date: medicareBirthDate(plan.username),
  })
  const created = await createRequest(ctx, actor, body)
  return created.request_id
}

/** A fresh consent link for the request, as a resend would issue (the emailed one is not readable back). */
const freshToken = (ctx: AppContext, requestId: string): Promise<string> =>
  reissueConsentTokenForDemo(ctx, requestId)

/** With the job workers on, the queued job does the pull and this waits; without them, it runs here. */
async function completeIngestion(ctx: AppContext, requestId: string): Promise<string> {
  const deadline = Date.now() + RUN_WAIT_MS
  for (;;) {
    const run = await findNewestRun(ctx.db, requestId)
    if (!run) throw new Error('no ingestion run queued after consent')
    if (run.status === 'completed' || run.status === 'held_for_review' || run.status === 'failed')
      return run.status
    if (!ctx.config.runWorkers) return runIngestion(ctx, run.id)
    if (Date.now() > deadline) throw new Error('ingestion did not finish in time')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

const expireLink = (ctx: AppContext, requestId: string): Promise<void> =>
  backdateExpiryForDemo(ctx, requestId)

async function playRequest(app: FastifyInstance, plan: DemoRequestPlan, n: number): Promise<void> {
  const { ctx } = app
  const actor = await staffActor(ctx, plan.persona, plan.underTin)
  const requestId = await create(ctx, actor, plan, n)
  const browser = patientBrowser(app, `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`)
  switch (plan.outcome) {
    case 'pending':
    case 'consent_pending':
      return
    case 'denied':
      return browser.decline(await freshToken(ctx, requestId))
    case 'expired':
      await expireLink(ctx, requestId)
      await runLifecycleSweep(ctx, ctx.clock())
      return
    case 'authorized':
    case 'identity_hold':
    case 'revoked': {
      const callback = await browser.connectAndConsent(await freshToken(ctx, requestId), plan.username)
      if (!callback.includes('result=authorized'))
        throw new Error(`consent for ${plan.username} ended with ${callback}`)
      if (plan.outcome === 'revoked') {
        await revokeRequest(ctx, actor, requestId)
        return
      }
      const outcome = await completeIngestion(ctx, requestId)
      const expected = plan.outcome === 'authorized' ? 'completed' : 'held_for_review'
      if (outcome !== expected)
        throw new Error(`ingestion for ${plan.username} ended ${outcome}, expected ${expected}`)
      return
    }
  }
}

async function seedOrganization(
  app: FastifyInstance,
  plan: DemoOrganizationPlan,
  offset: number,
  log: FastifyBaseLogger,
): Promise<'seeded' | 'skipped'> {
  const organizationId = await demoOrganizationId(app.ctx, plan.organization)
  if (!organizationId || (await hasRequests(app.ctx, organizationId))) return 'skipped'
  for (const [index, request] of plan.requests.entries()) {
    await playRequest(app, request, offset + index)
    // One line per step only when asked for (LOG_LEVEL=debug): at start-up they buried the banner.
    log.debug(
      {
        organization: plan.organization,
        step: index + 1,
        of: plan.requests.length,
        outcome: request.outcome,
      },
      'demo data: request done',
    )
  }
  return 'seeded'
}

/** Seeds every demo organisation that has no requests yet. Failures are logged per organisation, never thrown. */
export async function seedDemoData(
  app: FastifyInstance,
  log: FastifyBaseLogger = app.log,
): Promise<DemoDataResult> {
  const result: DemoDataResult = { seeded: [], skipped: [], failed: [] }
  if (!shouldSeedDemoData(app.ctx)) return result
  let offset = 1
  for (const plan of DEMO_PLAN) {
    try {
      const outcome = await seedOrganization(app, plan, offset, log)
      result[outcome].push(plan.organization)
    } catch (error) {
      log.error({ err: error, organization: plan.organization }, 'demo data: organisation failed')
      result.failed.push(plan.organization)
    }
    offset += plan.requests.length
  }
  if (result.seeded.length > 0)
    log.info(result, 'demo data: patients pulled from the built-in Medicare sandbox')
  await seedBilling(app, log)
  await seedWebhooks(app, log)
  return result
}

/** The demo ACO's webhook endpoint and its delivery log (Settings → Integrations). */
async function seedWebhooks(app: FastifyInstance, log: FastifyBaseLogger): Promise<void> {
  try {
    const organizationId = await demoOrganizationId(app.ctx, 'aco')
    if (organizationId && (await seedDemoWebhooks(app.ctx, organizationId)))
      log.info('demo data: a webhook endpoint with its delivery log')
  } catch (error) {
    log.error({ err: error }, 'demo data: webhooks failed')
  }
}

/** Subscriptions for the demo organisations on the local Stripe stand-in (never on a real Stripe account). */
async function seedBilling(app: FastifyInstance, log: FastifyBaseLogger): Promise<void> {
  if (app.ctx.config.stripe) return
  try {
    const organizations: DemoBillingOrganization[] = []
    for (const key of Object.keys(DEMO_ORGANIZATIONS) as DemoOrganizationKey[]) {
      const id = await demoOrganizationId(app.ctx, key)
      if (id)
        organizations.push({
          id,
          name: DEMO_ORGANIZATIONS[key].name,
          individual: DEMO_ORGANIZATIONS[key].organizationType === 'INDIVIDUAL',
          organizationType: DEMO_ORGANIZATIONS[key].organizationType,
          invitee: `new.colleague.${key.toLowerCase()}@example.org`,
        })
    }
    const subscribed = await seedDemoBilling(app.ctx, organizations)
    if (subscribed > 0) log.info({ subscribed }, 'demo data: subscriptions on the local Stripe stand-in')
  } catch (error) {
    log.error({ err: error }, 'demo data: billing failed')
  }
}
