// PostgreSQL only (the embedded database has one connection): writers of one organisation, one requester and
// one patient name commit side by side. The kept request counts, the organisation's data revision and the
// name vocabulary used to be one row per key, locked by a writer until it committed; a second writer of the
// same key then waited. Each case holds a transaction open with the rows it would lock, and another
// transaction must commit meanwhile (a lock wait fails it at once), and the figures stay exact.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'

let t: TestApp
let url: string
const clients: pg.Client[] = []

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  clients.push(client)
  return client
}

/** Two connections whose transactions write to different slots (the slot is the backend's pid modulo 8). */
async function twoWriters(): Promise<[pg.Client, pg.Client]> {
  const first = await connect()
  const slotOf = async (client: pg.Client) =>
    (await client.query<{ slot: number }>('select pg_backend_pid() % 8 as slot')).rows[0]?.slot
  const firstSlot = await slotOf(first)
  for (;;) {
    const second = await connect()
    if ((await slotOf(second)) !== firstSlot) return [first, second]
  }
}

/** Another copy of an existing patient (new id, name and no identifiers), returning its id. */
const copyPatient = (client: pg.Client, patientId: string, fullName: string) =>
  client.query<{ id: string }>(
    `insert into patients select * from json_populate_record(null::patients, (
       select to_jsonb(p) || jsonb_build_object('id', gen_random_uuid(), 'full_name', $2::text,
         'mrn_hash', null, 'mrn_encrypted', null, 'email_hash', null, 'phone_hash', null)
       from patients p where p.id = $1)::json) returning id`,
    [patientId, fullName],
  )

/** Another pending request of the same requester for `patientId`. */
const copyRequest = (client: pg.Client, requestId: string, patientId: string) =>
  client.query(
    `insert into authorization_requests select * from json_populate_record(null::authorization_requests, (
       select to_jsonb(r) || jsonb_build_object('id', gen_random_uuid(), 'patient_id', $2::uuid,
         'consent_token_hash', null)
       from authorization_requests r where r.id = $1)::json)`,
    [requestId, patientId],
  )

let aco: TestClient
let seed: { requestId: string; patientId: string }

beforeAll(async () => {
  t = await buildTestApp()
  if (t.storage.kind !== 'postgres') throw new Error('this suite runs on PostgreSQL only')
  url = t.storage.url
  aco = await loginAs(t.app, 'ACO_ADMIN')
  const created = await aco.request({
    method: 'POST',
    url: '/api/healthplans/requests/',
    payload: {
      health_plan: 'medicare',
      patient_mrn: 'SIDE-BY-SIDE-1',
      contact_method: 'email',
      contact_value: 'side.by.side@example.org',
      metadata: { patient_name: 'Maria Sidebyside' },
    },
  })
  expect(created.statusCode).toBe(201)
  const body = created.json() as { request_id: string; patient_id: string }
  seed = { requestId: body.request_id, patientId: body.patient_id }
})

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()))
  await t.close()
})

describe('simultaneous writers', () => {
  it('of one requester’s requests commit while another holds its counts and revision', async () => {
    const [holder, other] = await twoWriters()
    await holder.query('begin')
    const held = await copyPatient(holder, seed.patientId, 'Holder Alpha')
    await copyRequest(holder, seed.requestId, held.rows[0]!.id)
    // Takes the kept counts' and the revision's rows now instead of at commit, and keeps them.
    await holder.query('set constraints all immediate')

    await other.query("set lock_timeout = '2s'")
    await other.query('begin')
    const added = await copyPatient(other, seed.patientId, 'Other Beta')
    await copyRequest(other, seed.requestId, added.rows[0]!.id)
    await other.query('commit')
    await holder.query('commit')

    const { rows } = await t.app.ctx.database.executeSql(
      `select (select count(*)::int from authorization_requests where status = 'pending') as counted,
              (select sum(requests)::int from authorization_request_counts where status = 'pending') as kept`,
    )
    expect(rows[0]).toEqual({ counted: 3, kept: 3 })
  })

  it('creating patients who share a name word commit while another holds that word', async () => {
    const [holder, other] = await twoWriters()
    await other.query("set lock_timeout = '2s'")
    await holder.query('begin')
    await copyPatient(holder, seed.patientId, 'Maria Holder')
    await other.query('begin')
    await copyPatient(other, seed.patientId, 'Maria Other')
    await other.query('commit')
    await holder.query('commit')

    const { rows } = await t.app.ctx.database.executeSql(
      `select v.patients, (select count(*)::int from patient_name_terms n
          where n.organization_id = v.organization_id and n.term = v.term) as counted
        from patient_name_vocabulary v where v.term = 'maria'`,
    )
    expect(rows).toEqual([{ patients: 3, counted: 3 }])
  })
})
