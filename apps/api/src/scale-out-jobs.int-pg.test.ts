// Durable jobs on three API instances (one PostgreSQL, one Redis, Debian's nginx in front) while instances are
// killed with SIGKILL and started again: every email reaches the SMTP server once (one delivery per Message-ID,
// which the outbox row fixes), every SMS reaches the Twilio stand-in once, every authorized request gets one
// completed Medicare pull with the sandbox's data and no row twice, and every due expiry is applied once.
//
// What "in flight" means here: before each kill the SMTP server and the Twilio stand-in stop answering (new
// deliveries wait at MAIL FROM or in the HTTP request), so the killed instance dies holding jobs that pg-boss
// must hand to another instance once they expire, and pulls are mid-way (every FHIR answer is slowed). A
// delivery the peer had already accepted when the sender died would be sent again by any at-least-once
// outbox; no SMTP or Twilio API lets a sender prevent that, so the kills fall where no answer is on its way
// back. Anything sent twice beyond that is a defect of the jobs (two workers on one job, a job outliving its
// expiry, a sweep on each instance), which is what this test looks for.
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { mapCoverage, mapExplanationOfBenefit } from '@blueconsent/bluebutton'
import {
  buildSandboxApp,
  createBeneficiaryRegistry,
  simulateBeneficiaryConsent,
} from '@blueconsent/bluebutton-sandbox'
import type { FastifyInstance } from 'fastify'
import { simpleParser } from 'mailparser'
import PgBoss from 'pg-boss'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './platform/db/client.ts'
import { JOB_SCHEMA, QUEUES } from './platform/jobs/queue.ts'
import { createCryptoKeys, decrypt } from './platform/lib/crypto.ts'
import {
  connectionOwner,
  csrfHeaders,
  signIn,
  startNginx,
  startRedis,
  type Caller,
  type Helper,
} from './testing/scale-out.ts'
import { databaseEnv, freePort, startServer, type ServerProcess } from './testing/server-process.ts'
import { dropStorage, openStorage, type TestStorage } from './testing/test-app.ts'
import { TEST_ENCRYPTION_KEY } from './testing/test-keys.ts'

const REQUESTS = '/api/healthplans/requests/'
const PROVIDER_CLIENT = 'blueconsent-provider'
/** Sandbox beneficiaries who consent, one per request (a second consent by one enrollee would end the first grant). */
const CONSENTING = ['BBUser00001', 'BBUser00002', 'BBUser00003', 'BBUser00004', 'BBUser00005', 'BBUser00006']
const KILLS = 3
// A job whose worker died is retried after this (plus a maintenance pass); it must exceed the longest job here
// (a slowed pull takes a few seconds), or a second worker would start a job the first still runs.
const JOB_EXPIRE_SECONDS = 12
// Every FHIR answer is slowed, so a pull spans several seconds and the kills catch some half-way.
const FHIR_DELAY_MS = 250

/** Holds every new delivery at the SMTP server and the Twilio stand-in until released. */
class DeliveryGate {
  private held = false
  private waiting: (() => void)[] = []
  /** SMTP sessions past MAIL FROM whose message has not been answered yet. */
  readonly open = new Set<string>()
  /** SMTP sessions whose sender hung up (killed while held, say): never counted as open again. */
  readonly closed = new Set<string>()
  /** The senders' ports of the deliveries waiting now (to find which instance holds them). */
  readonly waitingPorts = new Set<number>()

  async pass(port: number | undefined): Promise<void> {
    if (port) this.waitingPorts.add(port)
    while (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve))
    if (port) this.waitingPorts.delete(port)
  }
  hold(): void {
    this.held = true
  }
  release(): void {
    this.held = false
    for (const resume of this.waiting.splice(0)) resume()
  }
}

type SmtpDelivery = { messageId: string; to: string }
type SmsDelivery = { to: string; body: string }

function startSmtp(gate: DeliveryGate, received: SmtpDelivery[]): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, session, callback) {
      void gate.pass(session.remotePort).then(() => {
        if (gate.closed.has(session.id)) return
        gate.open.add(session.id)
        callback()
      })
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : ''
          received.push({ messageId: mail.messageId ?? '', to })
          callback()
        })
        .catch(callback)
        .finally(() => gate.open.delete(session.id))
    },
    onClose(session) {
      gate.closed.add(session.id)
      gate.open.delete(session.id)
    },
  })
  // A sender killed mid-session resets its connection; that is expected here, not a failure of the server.
  smtp.on('error', () => undefined)
  return new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(smtp)))
}

/** Twilio's Messages endpoint: a message counts as sent when its 201 goes out to a sender still connected. */
function startTwilio(gate: DeliveryGate, delivered: SmsDelivery[]): Promise<Server> {
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = []
    // A sender killed while its message waits resets the connection (checked below, before counting).
    request.on('error', () => undefined)
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void gate.pass(request.socket.remotePort).then(() => {
        // The sender was killed while its message waited: it never got an answer, and will send it again.
        if (request.socket.destroyed) return
        const form = new URLSearchParams(Buffer.concat(chunks).toString())
        delivered.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' })
        response.writeHead(201, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ sid: `SM${delivered.length}`, status: 'queued' }))
      })
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitUntil(
  what: () => string,
  done: () => Promise<boolean>,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`)
    await sleep(250)
  }
}

/** What one pull of the beneficiary stores, counted from the sandbox's own records (same seed). */
function expectedData(username: string) {
  const beneficiary = createBeneficiaryRegistry('blueconsent').findByUsername(username)
  if (!beneficiary) throw new Error(`no sandbox beneficiary ${username}`)
  const expected = { claims: 0, medications: 0, lines: 0, diagnoses: 0, coverages: 0 }
  for (const resource of beneficiary.eobs()) {
    const mapped = mapExplanationOfBenefit(resource)
    if (mapped.kind === 'medication') expected.medications += 1
    if (mapped.kind === 'claim') {
      expected.claims += 1
      expected.lines += mapped.record.lines.length
      expected.diagnoses += mapped.record.diagnoses.length
    }
  }
  for (const resource of beneficiary.coverage) if (mapCoverage(resource).record) expected.coverages += 1
  return { name: `${beneficiary.name.given} ${beneficiary.name.family}`, expected }
}

describe('durable jobs on three instances that are killed and restarted', () => {
  let storage: TestStorage
  let database: Database
  let redis: Helper | undefined
  let nginx: Helper | undefined
  let smtp: SMTPServer | undefined
  let twilio: Server | undefined
  let sandbox: FastifyInstance | undefined
  let sender: PgBoss | undefined
  let gateway: string
  const gate = new DeliveryGate()
  const mails: SmtpDelivery[] = []
  const texts: SmsDelivery[] = []
  /** The callers' ports of the sandbox's FHIR calls under way (pulls in progress). */
  const fhirCalls = new Set<number>()
  const ports: number[] = []
  const instances: ServerProcess[] = []
  let env: Record<string, string>

  const startInstance = async (index: number) => {
    instances[index] = await startServer({ ...env, PORT: String(ports[index]) })
  }
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    (await database.executeSql(text, params)).rows as T[]

  beforeAll(async () => {
    const opened = await openStorage({ persistent: true })
    storage = opened.storage
    database = opened.database
    redis = await startRedis()
    smtp = await startSmtp(gate, mails)
    twilio = await startTwilio(gate, texts)
    for (let index = 0; index < 3; index += 1) ports.push(await freePort())
    const gatewayPort = await freePort()
    gateway = `http://127.0.0.1:${gatewayPort}`
    // One Blue Button for all instances: the embedded one keeps its codes and tokens in the memory of the
    // instance that issued them, and nginx sends the next call anywhere.
    const sandboxPort = await freePort()
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`
    const redirectUri = `${gateway}/api/bluebutton/callback/`
    sandbox = await buildSandboxApp({
      publicBaseUrl: sandboxUrl,
      adminEnabled: true,
      clients: [
        {
          clientId: PROVIDER_CLIENT,
          clientSecret: 'sandbox-provider-secret',
          name: 'BlueConsent (providers)',
          redirectUris: [redirectUri],
          dataAccessType: 'THIRTEEN_MONTH',
        },
        {
          clientId: 'blueconsent-agent',
          clientSecret: 'sandbox-agent-secret',
          name: 'BlueConsent (agents)',
          redirectUris: [redirectUri],
          dataAccessType: 'ONE_TIME',
        },
      ],
    })
    sandbox.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const port = request.socket.remotePort
      if (!port || !request.url?.includes('/v2/fhir/')) return
      fhirCalls.add(port)
      response.on('close', () => fhirCalls.delete(port))
    })
    await sandbox.listen({ port: sandboxPort, host: '127.0.0.1' })
    const slow = await fetch(`${sandboxUrl}/__admin/faults/${PROVIDER_CLIENT}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'slow', surface: 'fhir', delayMs: FHIR_DELAY_MS }),
    })
    expect(slow.status).toBe(200)
    env = {
      PUBLIC_URL: gateway,
      ...databaseEnv(storage),
      REDIS_URL: redis.url,
      // One proxy in front (nginx): only the address it appended to X-Forwarded-For is believed.
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}/?ignoreTLS=true`,
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'stand-in-token',
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_BASE_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
      BLUEBUTTON_BASE_URL: sandboxUrl,
      BLUEBUTTON_PROVIDER_CLIENT_ID: PROVIDER_CLIENT,
      BLUEBUTTON_PROVIDER_CLIENT_SECRET: 'sandbox-provider-secret',
      BLUEBUTTON_AGENT_CLIENT_ID: 'blueconsent-agent',
      BLUEBUTTON_AGENT_CLIENT_SECRET: 'sandbox-agent-secret',
      JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '1',
    }
    // The first instance migrates (and sets the queues' expiry); the others start on a ready schema.
    await startInstance(0)
    await Promise.all([startInstance(1), startInstance(2)])
    nginx = await startNginx(gatewayPort, ports)
    // The test's own handle on the queue, to ask for extra lifecycle sweeps (no maintenance, no cron).
    sender = new PgBoss({
      connectionString: storage.kind === 'postgres' ? storage.url : '',
      schema: JOB_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: false,
    })
    sender.on('error', () => undefined)
    await sender.start()
  }, 300_000)

  afterAll(async () => {
    for (const instance of instances) if (instance?.child.exitCode === null) instance.child.kill('SIGKILL')
    gate.release()
    await sender?.stop({ graceful: false, wait: true })
    nginx?.stop()
    redis?.stop()
    await sandbox?.close()
    if (twilio) await new Promise<void>((resolve) => twilio?.close(() => resolve()))
    if (smtp) await new Promise<void>((resolve) => smtp?.close(() => resolve()))
    await database?.close()
    if (storage) await dropStorage(storage)
  })

  it('runs each email, SMS, pull and expiry once', async () => {
    const staff: Caller = await signIn(gateway, 'ACO_ADMIN')
    let serial = 0
    const create = async (contact: 'email' | 'phone', name: string): Promise<string> => {
      serial += 1
      const response = await staff.call(gateway, 'POST', REQUESTS, {
        health_plan: 'medicare',
        patient_mrn: `JOBS-${serial}`,
        contact_method: contact,
        contact_value:
          contact === 'email' ? `jobs.${serial}@example.org` : `+1415555${String(1000 + serial).slice(-4)}`,
        metadata: { patient_name: name },
      })
      expect(response.status, await response.clone().text()).toBe(201)
      return ((await response.json()) as { request_id: string }).request_id
    }

    // Requests the patients will authorize at Medicare (each then pulled), and requests left to expire.
    const consenting = new Map<string, { username: string; requestId: string; email: string }>()
    for (const username of CONSENTING) {
      const requestId = await create('email', expectedData(username).name)
      consenting.set(username, { username, requestId, email: `jobs.${serial}@example.org` })
    }
    const expiring: string[] = []
    for (let n = 0; n < 3; n += 1) expiring.push(await create('email', `Expiring Email ${n}`))
    for (let n = 0; n < 3; n += 1) expiring.push(await create('phone', `Expiring Text ${n}`))
    for (let n = 0; n < 2; n += 1) await create('phone', `Waiting Text ${n}`)

    // Each invitation's consent link, from the email as the patient reads it.
    const links = new Map<string, string>()
    await waitUntil(
      () => `the consent emails (${links.size} of ${consenting.size})`,
      async () => {
        const rows = await sql<{ id: string; to_encrypted: string; body_encrypted: string }>(
          `select id, to_encrypted, body_encrypted from outbox_messages where channel = 'email'`,
        )
        const keys = createCryptoKeys(TEST_ENCRYPTION_KEY)
        for (const row of rows) {
          const to = decrypt(keys, row.to_encrypted)
          const text = (JSON.parse(decrypt(keys, row.body_encrypted)) as { text: string }).text
          const token = /\/consent\/([A-Za-z0-9_-]+)/.exec(text)?.[1]
          if (token && mails.some((mail) => mail.messageId.startsWith(`<${row.id}@`))) links.set(to, token)
        }
        return [...consenting.values()].every((entry) => links.has(entry.email))
      },
    )

    const consent = async (username: string) => {
      const entry = consenting.get(username)
      const token = entry && links.get(entry.email)
      if (!token) throw new Error(`no link for ${username}`)
      const connect = await fetch(`${gateway}/api/consent/${token}/connect/`, {
        method: 'POST',
        headers: await csrfHeaders(gateway),
        body: '{}',
      })
      expect(connect.status, await connect.clone().text()).toBe(200)
      const { authorize_url } = (await connect.json()) as { authorize_url: string }
      const outcome = await simulateBeneficiaryConsent(authorize_url, { username })
      if (outcome.kind !== 'redirect')
        throw new Error(`consent stopped at ${outcome.status}: ${outcome.body}`)
      const back = await fetch(`${gateway}${outcome.location.pathname}${outcome.location.search}`, {
        redirect: 'manual',
      })
      expect(back.headers.get('location'), username).toMatch(/result=authorized/)
    }

    // The storm, three times: expiries fall due and extra sweeps are asked for (so sweeps run on several
    // instances at once); the peers stop answering; staff create and resend (deliveries queue and wait at the
    // peers, on whichever instance took them) and patients consent (pulls start). Then the instance holding
    // the most (a pull if any) is killed and started again; the others finish what they hold.
    const kills: { held: number; pulls: number }[] = []
    const restarts: Promise<void>[] = []
    const due = async (ids: string[]) => {
      await sql(
        `update authorization_requests set expires_at = now() - interval '1 minute' where id = any($1)`,
        [ids],
      )
      for (let sweep = 0; sweep < 3; sweep += 1) await sender?.send(QUEUES.lifecycleSweep, {})
    }
    for (let kill = 0; kill < KILLS; kill += 1) {
      // The instance killed last round is back first: starting, it may already take jobs, and one not yet
      // known by its process id could not be chosen. (Not awaited while the peers hold deliveries: a delivery
      // held past its job's expiry would be handed to a second instance and sent twice, by the test's doing.)
      await Promise.all(restarts)
      await due(expiring.slice(kill * 2, kill * 2 + 2))
      gate.hold()
      const fresh = await create('email', `Storm Email ${kill}`)
      await create('phone', `Storm Text ${kill}`)
      expect((await staff.call(gateway, 'POST', `${REQUESTS}${fresh}/resend/`, {})).status).toBeLessThan(300)
      for (const username of CONSENTING.slice(kill * 2, kill * 2 + 2)) await consent(username)
      // Whatever the peers accepted before the hold gets its 'sent' mark before the kill.
      await waitUntil(
        () => 'SMTP sessions in progress to end',
        async () => gate.open.size === 0,
        20_000,
      )
      await waitUntil(
        () => 'deliveries to wait at the peers',
        async () => gate.waitingPorts.size > 0,
        20_000,
      )
      await sleep(300)
      // Who holds what, from the connections: waiting deliveries, and FHIR calls of pulls under way.
      const pids = instances.map((instance) =>
        instance.child.exitCode === null ? (instance.child.pid ?? 0) : 0,
      )
      const holding = pids.map(() => ({ held: new Set<number>(), pulls: new Set<number>() }))
      for (let sample = 0; sample < 4; sample += 1) {
        for (const [ports, key] of [
          [gate.waitingPorts, 'held'],
          [fhirCalls, 'pulls'],
        ] as const) {
          for (const port of ports) {
            const owner = pids.indexOf(connectionOwner(pids, port) ?? -1)
            if (owner >= 0) holding[owner]?.[key].add(port)
          }
        }
        await sleep(100)
      }
      const score = (index: number) =>
        (holding[index]?.held.size ? 100 : 0) + (holding[index]?.pulls.size ? 10 : 0)
      const alive = [0, 1, 2].filter((index) => pids[index])
      const victimIndex = alive.reduce((best, index) => (score(index) > score(best) ? index : best))
      kills.push({
        held: holding[victimIndex]?.held.size ?? 0,
        pulls: holding[victimIndex]?.pulls.size ?? 0,
      })
      const victim = instances[victimIndex]
      if (!victim) throw new Error('no instance')
      victim.child.kill('SIGKILL')
      await victim.exited
      // Let the peers see the killed sender's connections close, then answer the survivors.
      await sleep(300)
      gate.release()
      restarts.push(startInstance(victimIndex))
    }
    await Promise.all(restarts)
    // Every kill took deliveries down with it, and at least one a pull half-way.
    expect(
      kills.filter((kill) => kill.held > 0),
      JSON.stringify(kills),
    ).toHaveLength(KILLS)
    expect(kills.filter((kill) => kill.pulls > 0).length, JSON.stringify(kills)).toBeGreaterThan(0)

    // Everything drains: messages sent, pulls finished, expiries applied, no job left to run.
    await waitUntil(
      () => 'the queue to drain',
      async () => {
        const [left] = await sql<{ outbox: number; runs: number; open: number; jobs: number }>(
          `select
             (select count(*)::int from outbox_messages where status <> 'sent') as outbox,
             (select count(*)::int from ingestion_runs where status in ('queued', 'running')) as runs,
             (select count(*)::int from authorization_requests
                where id = any($1) and status <> 'expired') as open,
             (select count(*)::int from ${JOB_SCHEMA}.job
                where state in ('created', 'retry', 'active') and name <> $2) as jobs`,
          [expiring, QUEUES.lifecycleSweep],
        )
        return left?.outbox === 0 && left.runs === 0 && left.open === 0 && left.jobs === 0
      },
    )

    // The killed instances' jobs were handed to others: deliveries and pulls tried again after their expiry.
    const retried = await sql<{ name: string; retried: number }>(
      `select name, count(*) filter (where retry_count > 0)::int as retried
         from ${JOB_SCHEMA}.job where name = any($1) group by name order by name`,
      [[QUEUES.deliverOutbox, QUEUES.ingestRequest]],
    )
    expect(retried.map((row) => row.name)).toEqual([QUEUES.ingestRequest, QUEUES.deliverOutbox])
    for (const row of retried) expect(row.retried, row.name).toBeGreaterThan(0)

    // Emails: one delivery per outbox row, under that row's Message-ID, and nothing else.
    const emailRows = await sql<{ id: string }>(`select id from outbox_messages where channel = 'email'`)
    const byMessageId = new Map<string, number>()
    for (const mail of mails) byMessageId.set(mail.messageId, (byMessageId.get(mail.messageId) ?? 0) + 1)
    expect([...byMessageId].filter(([, count]) => count !== 1)).toEqual([])
    expect([...byMessageId.keys()].sort()).toEqual(emailRows.map((row) => `<${row.id}@127.0.0.1>`).sort())

    // Texts: what the outbox holds, sent once each (compared as lists of recipient and body, so a text sent
    // twice is an extra entry).
    const keys = createCryptoKeys(TEST_ENCRYPTION_KEY)
    const smsRows = await sql<{ to_encrypted: string; body_encrypted: string }>(
      `select to_encrypted, body_encrypted from outbox_messages where channel = 'sms'`,
    )
    const textKey = (to: string, body: string) => `${to} ${body}`
    const outboxTexts = smsRows.map((row) =>
      textKey(
        decrypt(keys, row.to_encrypted),
        (JSON.parse(decrypt(keys, row.body_encrypted)) as { text: string }).text,
      ),
    )
    expect(smsRows.length).toBeGreaterThanOrEqual(8)
    expect(texts.map((text) => textKey(text.to, text.body)).sort()).toEqual(outboxTexts.sort())

    // Pulls: one completed run per authorized request, the sandbox's records stored once, one risk score.
    for (const { username, requestId } of consenting.values()) {
      const { expected } = expectedData(username)
      const [stored] = await sql<{
        status: string
        runs: string[]
        unexplained: number
        risk: number
        claims: number
        medications: number
        lines: number
        diagnoses: number
        coverages: number
      }>(
        `select r.status,
           array(select status from ingestion_runs where request_id = r.id order by created_at, id) as runs,
           (select count(*)::int from ingestion_runs where request_id = r.id and status = 'failed'
              and coalesce(error, '') not like 'Interrupted:%') as unexplained,
           (select count(*)::int from risk_scores where patient_id = r.patient_id) as risk,
           (select count(*)::int from claims where patient_id = r.patient_id) as claims,
           (select count(*)::int from medications where patient_id = r.patient_id) as medications,
           (select count(*)::int from claim_lines l join claims c on c.id = l.claim_id
              where c.patient_id = r.patient_id) as lines,
           (select count(*)::int from claim_diagnoses d join claims c on c.id = d.claim_id
              where c.patient_id = r.patient_id) as diagnoses,
           (select count(*)::int from coverages where patient_id = r.patient_id) as coverages
         from authorization_requests r where r.id = $1`,
        [requestId],
      )
      // A pull caught by a kill ends as a failed run saying it was interrupted, and a new run pulls again:
      // any number of those, then exactly one completed run, and nothing stored twice.
      const interrupted = stored?.runs.slice(0, -1) ?? []
      expect(
        interrupted.every((status) => status === 'failed'),
        username,
      ).toBe(true)
      expect(stored, username).toEqual({
        status: 'authorized',
        runs: [...interrupted, 'completed'],
        unexplained: 0,
        risk: 1,
        ...expected,
      })
      expect(expected.claims + expected.medications, username).toBeGreaterThan(0)
    }

    // Expiries: each request moved once, with one event and one audit row.
    const expiries = await sql<{ id: string; status: string; events: number; audits: number }>(
      `select r.id, r.status,
         (select count(*)::int from authorization_request_events e
            where e.request_id = r.id and e.event = 'expired') as events,
         (select count(*)::int from audit_log a
            where a.target_type = 'authorization_request' and a.target_id = r.id::text and a.action = 'authorization_request.expired') as audits
       from authorization_requests r where r.id = any($1) order by r.id`,
      [expiring],
    )
    expect(expiries).toEqual(
      [...expiring].sort().map((id) => ({ id, status: 'expired', events: 1, audits: 1 })),
    )
    // A hang catcher only: each stage above has its own deadline, and on a CI machine running every suite at
    // once the stages together took over three minutes.
  }, 480_000)
})
