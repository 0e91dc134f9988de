// Name search through the name vocabulary (migration 0005, name-search.ts): prefix, infix and misspelt
// words in any order, and the triggers that keep the index in step with inserts, renames and deletes.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { patientNameTerms, patientNameVocabulary } from '../../platform/db/schema/patient-name-index.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { nameWords } from './name-search.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'

let t: TestApp
let aco: TestClient
let whitfield: FixturePatient
let obrien: FixturePatient
let physiciansPatient: FixturePatient

beforeAll(async () => {
  t = await buildTestApp()
  whitfield = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Margaret Ann Whitfield', tin: null })
  obrien = await insertPatient(t, { requester: 'ACO_ADMIN', name: "Seán O'Brien-Dunne", tin: null })
  await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Margaret Smith', tin: null })
  physiciansPatient = await insertPatient(t, {
    requester: 'PHYSICIAN_USER',
    name: 'Quentin Whitfield',
    tin: null,
  })
  aco = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

async function search(term: string, as: TestClient = aco): Promise<string[]> {
  const response = await as.request({
    method: 'GET',
    url: `/api/patients/?search=${encodeURIComponent(term)}`,
  })
  expect(response.statusCode).toBe(200)
  return (response.json() as { results: { id: string }[] }).results.map((patient) => patient.id)
}

async function vocabulary(organizationId: string): Promise<Record<string, number>> {
  const rows = await t.app.ctx.db
    .select({ term: patientNameVocabulary.term, patients: patientNameVocabulary.patients })
    .from(patientNameVocabulary)
    .where(eq(patientNameVocabulary.organizationId, organizationId))
  return Object.fromEntries(rows.map((row) => [row.term, row.patients]))
}

const organizationOf = async (patientId: string): Promise<string> => {
  const [row] = await t.app.ctx.db
    .select({ organizationId: patients.organizationId })
    .from(patients)
    .where(eq(patients.id, patientId))
  if (!row) throw new Error('no patient')
  return row.organizationId
}

describe('name search', () => {
  it('matches every typed word as a prefix, inside a word or misspelt, in any order', async () => {
    expect(await search('w')).toContain(whitfield.id)
    expect(await search('Wh Mar')).toContain(whitfield.id)
    expect(await search('itfie')).toEqual([whitfield.id])
    expect(await search('Whitfeld, Margret')).toEqual([whitfield.id])
    expect(await search('margaret')).toHaveLength(2)
    expect(await search('margaret whitfield ann')).toEqual([whitfield.id])
  })

  it('leaves out a word that stands for no name at all, ranking the closest names first', async () => {
    expect(await search('Whitfield Zqxwv')).toEqual([whitfield.id])
    expect((await search('Margaret Smiht'))[0]).not.toBe(whitfield.id)
    expect(await search('Zqxwv')).toEqual([])
  })

  it('splits names with apostrophes and hyphens as it splits queries, and ignores case and accents', async () => {
    expect(await search("o'brien")).toEqual([obrien.id])
    expect(await search('dunne sean')).toEqual([obrien.id])
    expect(await search('SEÁN Dunne')).toEqual([obrien.id])
    const result = await t.app.ctx.database.executeSql('select patient_name_words($1) as word', [
      "Seán O'Brien-Dunne",
    ])
    const sqlWords = (result.rows as { word: string }[]).map((row) => row.word).sort()
    expect(sqlWords).toEqual(['brien', 'dunne', 'o', 'sean'])
    expect(nameWords("Seán O'Brien-Dunne")).toHaveLength(sqlWords.length)
  })

  it("never matches a word that only another organisation's patients carry", async () => {
    expect(await search('Quentin')).toEqual([])
    expect(await search('whitfield')).toEqual([whitfield.id])
    const physician = await loginAs(t.app, 'PHYSICIAN_USER')
    expect(await search('quentin whitfeld', physician)).toEqual([physiciansPatient.id])
  })

  it('keeps terms and vocabulary in step with renames and deletes', async () => {
    const patient = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Zebedee Quimby', tin: null })
    const organizationId = await organizationOf(patient.id)
    expect(await vocabulary(organizationId)).toMatchObject({ zebedee: 1, quimby: 1, margaret: 2 })
    expect(await search('quimby')).toEqual([patient.id])

    await t.app.ctx.db
      .update(patients)
      .set({ fullName: 'Zebedee Margaret Lovelace' })
      .where(eq(patients.id, patient.id))
    expect(await search('quimby')).toEqual([])
    expect(await search('lovelace zeb')).toEqual([patient.id])
    const renamed = await vocabulary(organizationId)
    expect(renamed).toMatchObject({ zebedee: 1, lovelace: 1, margaret: 3 })
    expect(renamed).not.toHaveProperty('quimby')

    await t.app.ctx.db.delete(patients).where(eq(patients.id, patient.id))
    const afterDelete = await vocabulary(organizationId)
    expect(afterDelete).toMatchObject({ margaret: 2 })
    expect(afterDelete).not.toHaveProperty('zebedee')
    const terms = await t.app.ctx.db
      .select()
      .from(patientNameTerms)
      .where(and(eq(patientNameTerms.organizationId, organizationId), eq(patientNameTerms.term, 'lovelace')))
    expect(terms).toEqual([])
  })

  it('indexes a multi-row insert in one statement', async () => {
    const organizationId = await organizationOf(whitfield.id)
    await t.app.ctx.db.insert(patients).values([
      { organizationId, fullName: 'Yolanda Bulk' },
      { organizationId, fullName: 'Yusuf Bulk' },
    ])
    expect(await vocabulary(organizationId)).toMatchObject({ bulk: 2, yolanda: 1, yusuf: 1 })
    expect(await search('bulk')).toHaveLength(2)
  })
})
