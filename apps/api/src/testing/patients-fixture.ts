// Test fixture (imported by *.int.test.ts only): patients of three organisations, on and off the ACO user's
// TIN, each with an authorized request, a medication, a claim and a risk score, inserted directly.
import { and, asc, eq } from 'drizzle-orm'
import { demoUser, type DemoPersona } from '../features/demo-data/index.ts'
import { authorizationRequests } from '../platform/db/schema/authorization-requests.ts'
import {
  claimDiagnoses,
  claimLines,
  claimProcedures,
  claims,
  medications,
  riskScores,
} from '../platform/db/schema/clinical.ts'
import { patients } from '../platform/db/schema/patients.ts'
import { tins } from '../platform/db/schema/tins.ts'
import { users } from '../platform/db/schema/users.ts'
import { encrypt, keyedHash } from '../platform/lib/crypto.ts'
import type { TestApp } from './test-app.ts'
import { computeRiskScore } from '../features/ingestion/index.ts'
import { normaliseMbi } from '../features/patients/index.ts'

export type FixturePatient = {
  id: string
  claimId: string
  requestId: string
  name: string
  mrn: string
  mbi: string
  email: string
  phone: string
}

async function userOf(t: TestApp, persona: DemoPersona) {
  const [user] = await t.app.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!user?.organizationId) throw new Error(`no organisation for ${persona}`)
  return { id: user.id, organizationId: user.organizationId }
}

export async function acoTins(t: TestApp, organizationId: string): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ id: tins.id })
    .from(tins)
    .where(eq(tins.organizationId, organizationId))
    .orderBy(asc(tins.createdAt), asc(tins.id))
  return rows.map((row) => row.id)
}

let sequence = 0

export type PatientSpec = {
  requester: DemoPersona
  name: string
  tin: 'first' | 'second' | null
  request?: 'authorized' | 'expired' | 'revoked' | 'pending'
}

export async function insertPatient(t: TestApp, spec: PatientSpec): Promise<FixturePatient> {
  const { ctx } = t.app
  const keys = ctx.keys
  sequence += 1
  const requester = await userOf(t, spec.requester)
  const tinList = spec.tin ? await acoTins(t, requester.organizationId) : []
  const tinId = spec.tin === 'first' ? tinList[0] : spec.tin === 'second' ? tinList[1] : null
  const mrn = `FX-${sequence}-${Date.now()}`
  const mbi = `1EG4TE5MK${String(sequence).padStart(2, '0')}`.slice(0, 11)
  const email = `fixture${sequence}.${Date.now()}@example.test`
  const phone = `+1555${String(1000000 + sequence * 7919).slice(-7)}`
  const [patient] = await ctx.db
    .insert(patients)
    .values({
      organizationId: requester.organizationId,
      tinId: tinId ?? null,
      fullName: spec.name,
      givenNames: spec.name.split(' ').slice(0, -1),
      familyName: spec.name.split(' ').at(-1) ?? null,
      birthDate: '1950-04-02',
      gender: 'female',
      mrnEncrypted: encrypt(keys, mrn),
      mrnHash: keyedHash(keys, mrn),
      mbiEncrypted: encrypt(keys, mbi),
      mbiHash: keyedHash(keys, normaliseMbi(mbi)),
      emailEncrypted: encrypt(keys, email),
      emailHash: keyedHash(keys, email),
      phoneEncrypted: encrypt(keys, phone),
      phoneHash: keyedHash(keys, phone),
      dataAsOf: ctx.clock(),
    })
    .returning()
  if (!patient) throw new Error('patient insert failed')
  const status = spec.request ?? 'authorized'
  const now = ctx.clock().getTime()
  const [request] = await ctx.db
    .insert(authorizationRequests)
    .values({
      organizationId: requester.organizationId,
      requesterUserId: requester.id,
      patientId: patient.id,
      status: status === 'expired' ? 'authorized' : status,
      authorizationType: spec.requester.startsWith('AGENT') ? 'insurance_agent' : 'healthcare_provider',
      patientName: spec.name,
      contactMethod: 'email',
      contactEncrypted: encrypt(keys, email),
      contactHash: keyedHash(keys, email),
      // An 'expired' fixture is still marked authorized but past its expiry: the gate must check the date.
      expiresAt: new Date(status === 'expired' ? now - 1000 : now + 86_400_000),
    })
    .returning()
  if (!request) throw new Error('request insert failed')
  await ctx.db.insert(medications).values({
    patientId: patient.id,
    resourceId: `pde-${sequence}`,
    ndc: '00093-7146-56',
    drugName: 'Metformin, 500 mg',
    fillDate: '2025-06-01',
    daysSupply: 30,
    quantity: '60',
    prescriberName: 'Dr. Ana Ruiz',
    totalCostCents: 1234,
    patientPayCents: 200,
    planPaidCents: 1034,
    record: {},
    resource: { resourceType: 'ExplanationOfBenefit', id: `pde-${sequence}`, type: { text: 'PDE' } },
  })
  const [claim] = await ctx.db
    .insert(claims)
    .values({
      patientId: patient.id,
      resourceId: `carrier-${sequence}`,
      claimType: 'CARRIER',
      billableStart: '2025-05-01',
      billableEnd: '2025-05-01',
      providerName: 'Riverbend Clinic',
      providerNpi: '1234567893',
      submittedCents: 25000,
      allowedCents: 12000,
      medicarePaidCents: 9600,
      patientPaysCents: 2400,
      record: { claimId: `C-${sequence}`, claimType: 'CARRIER' },
      resource: {
        resourceType: 'ExplanationOfBenefit',
        id: `carrier-${sequence}`,
        type: { text: 'CARRIER' },
      },
    })
    .returning()
  if (!claim) throw new Error('claim insert failed')
  await ctx.db
    .insert(claimDiagnoses)
    .values({ claimId: claim.id, sequence: 1, code: 'E119', system: 'icd10', roles: ['principal'] })
  await ctx.db.insert(claimLines).values({
    claimId: claim.id,
    sequence: 1,
    hcpcs: '99214',
    serviceStart: '2025-05-01',
    submittedCents: 25000,
  })
  await ctx.db.insert(claimProcedures).values({
    claimId: claim.id,
    sequence: 1,
    code: '0DJ08ZZ',
    system: 'icd10pcs',
    performedOn: '2025-05-01',
  })
  const risk = computeRiskScore([], { sex: 'F', birthDate: '1950-04-02' }, null, ctx.clock())
  if (risk)
    await ctx.db
      .insert(riskScores)
      .values({ patientId: patient.id, ...risk, result: risk.result as unknown as Record<string, unknown> })
  return { id: patient.id, claimId: claim.id, requestId: request.id, name: spec.name, mrn, mbi, email, phone }
}

export async function setRequestStatus(
  t: TestApp,
  requestId: string,
  status: 'revoked' | 'authorized',
  identityReview: 'none' | 'pending' = 'none',
): Promise<void> {
  await t.app.ctx.db
    .update(authorizationRequests)
    .set({ status, identityReview })
    .where(and(eq(authorizationRequests.id, requestId)))
}
