// Crash safety of a Blue Button pull: the real server process is killed with SIGKILL while a pull is half-way
// (the beneficiary, the coverage and the first page of claims stored, the second page on its way), then
// started again on the same database (PGlite here, PostgreSQL in api-int-pg). Nothing of the half pull may be
// served, neither while the server is down (read through a second instance) nor after the restart; the pull
// must be taken up again and end with exactly what a pull that was never interrupted stores, and the run
// history must show the interrupted run as failed with its reason, not as `running` forever.
//
// The Blue Button stand-in runs in this test process, not inside the server, so it outlives the kill (its
// tokens and grants are in memory) and the test sees each of the server's calls as it arrives.
import { bluebuttonSandbox, simulateBeneficiaryConsent } from '@blueconsent/bluebutton-sandbox'
import { asc, eq } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlueButtonConfig } from './platform/config.ts'
import { ingestionRuns } from './platform/db/schema/bluebutton.ts'
import { runIngestion } from './features/ingestion/index.ts'
import { storedCounts } from './testing/clinical-counts.ts'
import { createPendingRequest, latestRun, sandboxName } from './testing/consent-testing.ts'
import { createClient, loginAs } from './testing/http-client.ts'
import { signIn } from './testing/scale-out.ts'
import { databaseEnv, freePort, startServer, type ServerProcess } from './testing/server-process.ts'
import {
  buildTestApp,
  dropStorage,
  TEST_PUBLIC_URL,
  type TestApp,
  type TestStorage,
} from './testing/test-app.ts'

// 155 ExplanationOfBenefit resources: four pages of 50.
const BENEFICIARY = 'BBUser00000'
const EOB_TOTAL = 155
const PROVIDER = { clientId: 'blueconsent-provider', clientSecret: 'sandbox-provider-secret' }
const AGENT = { clientId: 'blueconsent-agent', clientSecret: 'sandbox-agent-secret' }
const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/bluebutton/callback/`
// PostgreSQL hands a killed worker's job on only once it expires (300 s in production). Long enough for the
// first server to reach the kill before pg-boss gives up on it, and for a pull after the restart to finish
// before it is handed on (on a loaded machine one took over 15 s), short enough to see the resumption here.
const EXPIRY_SECONDS = 45
const REQUESTS = '/api/healthplans/requests/'

type Served = { data_as_of: string | null; medications: number; claims: number }

describe('a SIGKILL during a Blue Button pull', () => {
  let sandbox: FastifyInstance
  let bluebutton: BlueButtonConfig
  // Each ExplanationOfBenefit search the sandbox receives, and what the test does when one arrives.
  const eobCalls: string[] = []
  let onEobCall: (calls: number) => void = () => {}
  let storage: TestStorage | undefined
  let app: TestApp | undefined
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    sandbox = Fastify()
    sandbox.addHook('onRequest', async (request) => {
      if (!request.url.includes('/ExplanationOfBenefit')) return
      eobCalls.push(request.url)
      onEobCall(eobCalls.length)
    })
    await sandbox.register(bluebuttonSandbox, {
      publicBaseUrl: baseUrl,
      adminEnabled: true,
      clients: [
        {
          ...PROVIDER,
          name: 'BlueConsent (providers)',
          redirectUris: [REDIRECT_URI],
          dataAccessType: 'THIRTEEN_MONTH',
        },
        { ...AGENT, name: 'BlueConsent (agents)', redirectUris: [REDIRECT_URI], dataAccessType: 'ONE_TIME' },
      ],
    })
    await sandbox.listen({ port, host: '127.0.0.1' })
    bluebutton = {
      baseUrl,
      embeddedSandbox: false,
      apiVersion: 'v2',
      redirectUri: REDIRECT_URI,
      provider: PROVIDER,
      agent: AGENT,
    }
  })
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await app?.close({ keep: true })
    await sandbox?.close()
    if (storage) await dropStorage(storage)
  })

  /** The app in this process on the test's database, workers off: a second instance, or a database reader. */
  const openApp = (reopen?: TestStorage) =>
    buildTestApp({
      persistent: true,
      ...(reopen ? { reopen } : {}),
      config: { bluebutton, ingestionJobExpirySeconds: EXPIRY_SECONDS },
    })

  const slow = (delayMs: number) =>
    sandbox.inject({
      method: 'PUT',
      url: `/__admin/faults/${PROVIDER.clientId}`,
      payload: { kind: 'slow', delayMs },
    })

  const startApi = (store: TestStorage) =>
    startServer({
      ...databaseEnv(store),
      BLUEBUTTON_BASE_URL: bluebutton.baseUrl,
      BLUEBUTTON_PROVIDER_CLIENT_ID: PROVIDER.clientId,
      BLUEBUTTON_PROVIDER_CLIENT_SECRET: PROVIDER.clientSecret,
      BLUEBUTTON_AGENT_CLIENT_ID: AGENT.clientId,
      BLUEBUTTON_AGENT_CLIENT_SECRET: AGENT.clientSecret,
      BLUEBUTTON_REDIRECT_URI: REDIRECT_URI,
      INGESTION_JOB_EXPIRY_SECONDS: String(EXPIRY_SECONDS),
      RATE_LIMIT_PER_MINUTE: '1000000',
    })

  /** A request for the sandbox beneficiary, consented at Medicare: authorized, its pull queued (not run). */
  async function authorizedRequest(t: TestApp) {
    const name = sandboxName(BENEFICIARY)
    const pending = await createPendingRequest(t, {
      persona: 'ACO_USER',
      patientName: `${name.given} ${name.family}`,
    })
    const browser = createClient(t.app)
    const connect = await browser.request({
      method: 'POST',
      url: `/api/consent/${pending.token}/connect/`,
      payload: {},
    })
    expect(connect.statusCode, connect.body).toBe(200)
    const outcome = await simulateBeneficiaryConsent(
      (connect.json() as { authorize_url: string }).authorize_url,
      {
        username: BENEFICIARY,
      },
    )
    if (outcome.kind !== 'redirect') throw new Error(`consent stopped: ${JSON.stringify(outcome)}`)
    const back = await browser.request({
      method: 'GET',
      url: `${outcome.location.pathname}${outcome.location.search}`,
    })
    expect(back.headers.location).toContain('result=authorized')
    return pending
  }

  it('serves nothing of the half pull, takes the pull up again after the restart and stores it whole, once', async () => {
    const started = Date.now()
    const t = await openApp()
    app = t
    storage = t.storage

    // The yardstick: the same beneficiary pulled without interruption, as another patient of the organisation.
    const reference = await authorizedRequest(t)
    expect(await runIngestion(t.app.ctx, (await latestRun(t, reference.requestId)).id)).toBe('completed')
    const whole = await storedCounts(t.app.ctx.db, reference.patientId)
    expect(whole.claims + whole.medications).toBe(EOB_TOTAL)
    expect(whole.riskScores).toBe(1)
    const wholeData = (
      await (
        await loginAs(t.app, 'ACO_USER')
      ).request({ method: 'GET', url: `${REQUESTS}${reference.requestId}/data/` })
    ).json() as { data: { medications: unknown[]; claims: unknown[] } }
    const full = { medications: wholeData.data.medications.length, claims: wholeData.data.claims.length }
    expect(full.medications + full.claims).toBe(EOB_TOTAL)

    // The request under test: consented, so its pull job waits in the queue for the server's worker.
    const request = await authorizedRequest(t)
    const interruptedRunId = (await latestRun(t, request.requestId)).id
    await t.close({ keep: true })
    app = undefined

    // Every Blue Button call takes 0.7 s; when the second page of claims is asked for, the first is stored
    // (pages are fetched one after the other, each stored before the next is asked for): kill right then.
    await slow(700)
    eobCalls.length = 0
    const first = await startApi(storage)
    servers.push(first)
    onEobCall = (calls) => {
      if (calls === 2) first.child.kill('SIGKILL')
    }
    const killedAfter = await Promise.race([
      first.exited.then(() => Date.now() - started),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the pull never reached its second page')), 60_000),
      ),
    ])
    onEobCall = () => {}
    expect(eobCalls).toHaveLength(2)

    // While the server is down: another instance on the same database finds part of the record stored, and
    // serves none of it.
    const down = await openApp(storage)
    app = down
    const half = await storedCounts(down.app.ctx.db, request.patientId)
    expect(half.claims + half.medications).toBe(50)
    const caught = await latestRun(down, request.requestId)
    expect(caught).toMatchObject({ id: interruptedRunId, status: 'running', pagesFetched: 1 })
    const requester = await loginAs(down.app, 'ACO_USER')
    const dataWhileDown = await requester.request({
      method: 'GET',
      url: `${REQUESTS}${request.requestId}/data/`,
    })
    expect(dataWhileDown.statusCode).toBe(200)
    expect(dataWhileDown.json()).toMatchObject({
      data_as_of: null,
      data: { medications: [], claims: [] },
      risk_score: null,
    })
    const recordWhileDown = await requester.request({
      method: 'GET',
      url: `/api/patients/${request.patientId}/consolidated/`,
    })
    expect(recordWhileDown.json()).toMatchObject({ data_as_of: null, medications: [], claims: [] })
    await down.close({ keep: true })
    app = undefined

    // The restart. Calls stay a little slow so the pull taken up again is in progress for a while; every answer
    // until it completes is "no data yet" or the whole record, never a part.
    await slow(250)
    const second = await startApi(storage)
    servers.push(second)
    const caller = await signIn(second.base, 'ACO_USER')
    const get = (path: string) => caller.call(second.base, 'GET', path)
    const observed: Served[] = []
    // The killed job's expiry on PostgreSQL, then a whole pull, on a machine that may be running every suite.
    const deadline = Date.now() + 240_000
    for (;;) {
      const data = (await (await get(`${REQUESTS}${request.requestId}/data/`)).json()) as {
        data_as_of: string | null
        data: { medications: unknown[]; claims: unknown[] }
      }
      const record = (await (await get(`/api/patients/${request.patientId}/consolidated/`)).json()) as {
        data_as_of: string | null
        medications: unknown[]
        claims: unknown[]
      }
      for (const served of [
        {
          data_as_of: data.data_as_of,
          medications: data.data.medications.length,
          claims: data.data.claims.length,
        },
        {
          data_as_of: record.data_as_of,
          medications: record.medications.length,
          claims: record.claims.length,
        },
      ]) {
        observed.push(served)
        if (served.data_as_of === null)
          expect(served).toEqual({ data_as_of: null, medications: 0, claims: 0 })
        else expect({ medications: served.medications, claims: served.claims }).toEqual(full)
      }
      const status = (await (await get(`${REQUESTS}${request.requestId}/status/`)).json()) as {
        ingestion?: { status: string }
      }
      // The interrupted run and its successor change in one transaction: the newest run is never the failed one.
      expect(status.ingestion?.status).not.toBe('failed')
      if (status.ingestion?.status === 'completed' && data.data_as_of !== null && record.data_as_of !== null)
        break
      if (Date.now() > deadline) throw new Error(`the pull was not taken up again: ${JSON.stringify(status)}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const stopped = second.exited
    second.child.kill('SIGTERM')
    expect(await stopped).toBe(0)

    // Exactly what the uninterrupted pull stored (claims are upserted on their Blue Button id, their diagnoses
    // and lines replaced): nothing twice, nothing missing, one risk score.
    const after = await openApp(storage)
    app = after
    expect(await storedCounts(after.app.ctx.db, request.patientId)).toEqual(whole)
    const runs = await after.app.ctx.db
      .select()
      .from(ingestionRuns)
      .where(eq(ingestionRuns.requestId, request.requestId))
      .orderBy(asc(ingestionRuns.createdAt), asc(ingestionRuns.id))
    // The interrupted run ended as failed, with why; a new run did the whole pull. On a loaded machine a pull
    // may outlast the short expiry here and be superseded while it still runs: then it and its successor both
    // pull to the end and complete (the stored counts above hold one risk score all the same). A successor
    // that only began to pull once a whole pull had completed asks for what changed since that pull's start,
    // as every later pull does, and completes with nothing new.
    const [interrupted, retry, ...later] = runs
    expect(interrupted).toMatchObject({ id: interruptedRunId, pagesFetched: 1, status: 'failed' })
    expect(interrupted?.error).toMatch(/interrupted/i)
    expect(interrupted?.finishedAt).not.toBeNull()
    const wholePull = {
      status: 'completed',
      pagesFetched: 4,
      pagesTotal: 4,
      resourcesFetched: EOB_TOTAL,
      error: null,
      lastUpdatedAfter: null,
    }
    expect(retry).toMatchObject(wholePull)
    const completedStarts = new Set([retry?.startedAt?.getTime()])
    for (const run of later) {
      if (run.lastUpdatedAfter === null) expect(run).toMatchObject(wholePull)
      else {
        expect(run).toMatchObject({ status: 'completed', resourcesFetched: 0, error: null })
        expect(completedStarts.has(run.lastUpdatedAfter.getTime())).toBe(true)
      }
      completedStarts.add(run.startedAt?.getTime())
    }
    console.info(
      `pull crash safety: killed at ${killedAfter} ms, ${observed.length} answers after the restart ` +
        `(${observed.filter((served) => served.data_as_of === null).length} "no data yet"), ` +
        `${Date.now() - started} ms in all`,
    )
  }, 720_000)
})
