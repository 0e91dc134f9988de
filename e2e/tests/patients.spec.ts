// The patient area in the browser: find and select a patient, the full record (demographics, risk
// score explained, medications, claims paged, a claim), CSV export, what an agent sees, scoping by URL, audit.
// The demo data pulled at first start is the fixture: ACO_USER's Rosa Garcia (BBUser00000, MRN DEMO-00000)
// has more claims than an ACO page of 20; the agency's AGENT_USER holds Harold Lee (BBUser00014); BBUser00013
// belongs to the ACO's second TIN, out of ACO_USER's sight.
import { readFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { expect, test, type Locator, type Page } from '@playwright/test'
import type { Consolidated, Patient, PatientList, PatientRiskScore } from '@blueconsent/contract/patients'
import { apiAs, clientAddress, expectNoAxeViolations, signInAs, type StaffApi } from './fixtures.ts'
import { beneficiary } from './medicare.ts'

const ROSA = { name: beneficiary(0).fullName, mrn: 'DEMO-00000' }
// Patient Details on a 404: the catalogue's text as the title and why underneath.
const NOT_FOUND = 'Error fetching patient details'
const NOT_FOUND_WHY = 'The patient was not found, or is not one of your patients.'
const CLAIM_NOT_FOUND = 'Claim not found, or not one of your patients’ claims.'
const CSV_HEADER =
  'Record type,ID,Date,End date,Description,Codes,Provider,Provider NPI,Days supply,Quantity,Total ($),Paid ($),Patient pays ($),Score,Evidence'

/** The <dd> that follows a <dt> of exactly this text. */
const definition = (scope: Page | Locator, term: string): Locator =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]')

/** The one patient a staff member finds by an exact MRN or name, through the API. */
async function findPatient(api: StaffApi, query: string): Promise<Patient> {
  const list = await api.get<PatientList>(`/api/patients/?search=${encodeURIComponent(query)}`)
  const found = list.results.find((patient) => patient.full_name === query || patient.mrn === query)
  if (!found) throw new Error(`no patient ${query} in scope`)
  return found
}

/** The claim ids on the claims page shown, from each row's link ('2026-09-09 claim -100…'). */
async function claimIdsShown(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('table', { name: 'Claims' })
    .locator('tbody tr td:first-child a')
    .allInnerTexts()
  return names.map((text) => text.match(/claim (\S+)\s*$/)?.[1] ?? text)
}

/** The service dates (YYYY-MM-DD) of the claims page shown. */
async function claimDatesShown(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('table', { name: 'Claims' })
    .locator('tbody tr td:first-child a')
    .allInnerTexts()
  return names.map((text) => text.trim().slice(0, 10))
}

/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]
    if (quoted && char === '"' && line[index + 1] === '"') {
      cell += '"'
      index += 1
    } else if (char === '"') quoted = !quoted
    else if (char === ',' && !quoted) {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  cells.push(cell)
  return cells
}

test('ACO user: finds a patient by a misspelt name, by MRN and by Medicare ID, and selects them', async ({
  page,
}) => {
  await signInAs(page, 'ACO_USER')
  await page.goto('/app/authorization')
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible()
  const tabs = page.getByRole('tablist', { name: 'Search by' }).getByRole('tab')
  await expect(tabs).toHaveText(['General Search', 'MRN Search', 'Medicare ID'])

  // The page opens on the organisation's patients, newest Medicare data first; Rosa's data is there.
  await expect(page.getByRole('list', { name: 'Your patients' })).toContainText(ROSA.name)
  const search = page.getByRole('region', { name: 'Find a patient' })
  const general = page.getByLabel('Name, MRN, Medicare ID, email or phone')
  await general.fill('Zzyzx Qwertyuiop')
  await expect(page.getByText('No patients found matching your search criteria.')).toBeVisible()
  // Misspelt and lower case: the trigram search still finds her.
  await general.fill('rosa garcai')
  const select = search.getByRole('button', { name: `Select ${ROSA.name}` })
  await expect(select).toBeVisible()
  // `has` looks inside each list item, so it takes the button's own locator, not the one scoped to the card.
  const selectInItem = page.getByRole('button', { name: `Select ${ROSA.name}` })
  await expect(search.getByRole('listitem').filter({ has: selectInItem })).toContainText(`MRN ${ROSA.mrn}`)
  await expect(page.getByRole('navigation', { name: 'Recent searches' })).toContainText('rosa garcai')

  await select.click()
  await expect(page).toHaveURL(/\/app\/authorization\?patient=[0-9a-f-]{36}$/)
  const patientId = new URL(page.url()).searchParams.get('patient') as string
  const card = page.getByRole('region', { name: ROSA.name })
  await expect(definition(card, 'Medicare ID')).toHaveText(/^\d[A-Z0-9]{10}$/)
  await expect(definition(card, 'Date of birth')).toHaveText(/^\d{4}-\d{2}-\d{2}$/)
  await expect(definition(card, 'Authorization')).toHaveText('Approved')
  for (const term of ['Gender', 'Created', 'Phone', 'Email', 'Address'])
    await expect(definition(card, term)).toHaveCount(1)
  await expect(card.getByRole('link', { name: 'View full record' })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Manage authorization requests' })).toBeVisible()
  await expectNoAxeViolations(page)
  const mbi = (await definition(card, 'Medicare ID').innerText()).trim()

  // MRN Search: an emptied field shows no results, so the next ones are the MRN search's.
  await page.getByRole('tab', { name: 'MRN Search' }).click()
  await page.getByLabel('Medical record number (MRN)').fill('')
  await expect(select).toHaveCount(0)
  await page.getByLabel('Medical record number (MRN)').fill(ROSA.mrn)
  await expect(page.getByText('1 patient found')).toBeVisible()
  await expect(select).toBeVisible()

  // Medicare ID, typed as people do: lower case with dashes.
  await page.getByRole('tab', { name: 'Medicare ID' }).click()
  await page.getByLabel('Medicare ID (MBI)').fill('')
  await expect(select).toHaveCount(0)
  await page
    .getByLabel('Medicare ID (MBI)')
    .fill(`${mbi.slice(0, 4)}-${mbi.slice(4, 7)}-${mbi.slice(7)}`.toLowerCase())
  await expect(page.getByText('1 patient found')).toBeVisible()
  await expect(select).toBeVisible()

  // The selection lives in the URL: ?patient= and the older ?id= both select on load.
  await page.goto(`/app/authorization?id=${patientId}`)
  await expect(definition(card, 'Medicare ID')).toHaveText(mbi)
  await card.getByRole('button', { name: 'Clear selection' }).click()
  await expect(card).toHaveCount(0)
  await expect(page).toHaveURL(/\/app\/authorization$/)

  await page.goto(`/app/authorization?patient=${patientId}`)
  await card.getByRole('link', { name: 'View full record' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/patient/${patientId}$`))
  await expect(page.getByRole('heading', { level: 1, name: ROSA.name })).toBeVisible()
})

test('ACO user: full record with the risk score explained, claims paged, a claim, and CSV export', async ({
  page,
  playwright,
}) => {
  const api = await apiAs(playwright.request, 'ACO_USER')
  const patient = await findPatient(api, ROSA.mrn)
  const risk = await api.get<PatientRiskScore>(`/api/patients/${patient.id}/risk_score/`)
  const data = await api.get<Consolidated>(`/api/patients/${patient.id}/consolidated/`)
  await api.dispose()
  const explanation = risk.explanation
  if (!explanation) throw new Error(`${ROSA.name} has no risk score in the demo data`)
  // The journey is only a paging test if there is more than one ACO page (20) of claims.
  expect(data.claims.length).toBeGreaterThan(20)
  expect(explanation.hccs.length).toBeGreaterThan(0)

  await signInAs(page, 'ACO_USER')
  await page.goto('/app/patients')
  await page.getByLabel('Name, MRN, Medicare ID, email or phone').fill(ROSA.mrn)
  await page.getByRole('link', { name: `View record of ${ROSA.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/app/patient/${patient.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: ROSA.name })).toBeVisible()

  // Demographics and freshness.
  const demographics = page.getByRole('region', { name: 'Demographics' })
  await expect(definition(demographics, 'MRN')).toHaveText(ROSA.mrn)
  await expect(definition(demographics, 'Medicare ID')).toHaveText(patient.medicare_number as string)
  await expect(definition(demographics, 'Date of birth')).toHaveText(patient.birth_date as string)
  await expect(page.getByText(/Last sync /)).toBeVisible()

  // The summary gives the score at a glance; its section explains it: score, model and payment year, each HCC
  // with the diagnoses behind it.
  const summary = page.getByRole('region', { name: 'Summary' })
  await expect(summary).toContainText(`Risk score ${explanation.payment_score.toFixed(3)}`)
  await summary.getByRole('button', { name: 'How this score is calculated' }).click()
  await expect(page).toHaveURL(/#risk-score$/)
  const riskPanel = page.getByRole('region', { name: 'Risk score', exact: true })
  await expect(definition(riskPanel, 'Payment score')).toHaveText(explanation.payment_score.toFixed(3))
  await expect(definition(riskPanel, 'Model')).toHaveText(
    `${explanation.model}, payment year ${explanation.payment_year}`,
  )
  await expect(definition(riskPanel, 'Segment')).toHaveText(explanation.segment_label)
  for (const hcc of explanation.hccs) {
    const item = riskPanel
      .getByRole('listitem')
      .filter({ hasText: `${hcc.hcc} ${hcc.label}` })
      .first()
    await expect(item).toBeVisible()
    for (const diagnosis of hcc.diagnoses) {
      // CDC's words first, then the code as clinicians write it (E1169 → E11.69).
      const code = diagnosis.code.replace(/^(.{3})(.+)$/, '$1.$2')
      const text = diagnosis.description ? `${diagnosis.description} (${code})` : code
      await expect(item).toContainText(`${text}, billed on a `)
    }
  }
  const demographic = explanation.terms.find((term) => term.kind === 'demographic')
  if (demographic) await expect(riskPanel).toContainText(`${demographic.label} (${demographic.variable})`)
  if (explanation.defaulted.length > 0) {
    await expect(riskPanel.getByRole('note')).toContainText('Read this score with care')
    // Plain sentences for the clinician; the engine's own wording is one click away.
    await expect(riskPanel.getByRole('note')).toContainText('Scored as')
    await expect(riskPanel.getByRole('note')).not.toContainText(explanation.defaulted[0]?.reason as string)
    const technical = riskPanel.locator('details', { hasText: 'Technical detail' })
    await technical.getByText('Technical detail').click()
    await expect(technical).toContainText(explanation.defaulted[0]?.reason as string)
  }

  await expectNoAxeViolations(page)

  // Medications, split into current and past fills that add up to every fill.
  const dataTabs = page.getByRole('tablist', { name: 'Patient data' })
  await expect(dataTabs.getByRole('tab')).toHaveText(['Medications', 'Claims', 'Risk score', 'Notes'])
  await dataTabs.getByRole('tab', { name: 'Medications' }).click()
  await expect(dataTabs.getByRole('tab', { name: 'Medications', selected: true })).toBeVisible()
  const fills = await page.getByRole('heading', { name: /^(Current|Past) fills \(\d+\)$/ }).allInnerTexts()
  expect(fills.map((text) => Number(text.match(/\((\d+)\)/)?.[1])).reduce((a, b) => a + b, 0)).toBe(
    data.medications.length,
  )
  await expectNoAxeViolations(page)

  // Claims: 20 to a page, newest first; the next page shows older, different claims.
  await dataTabs.getByRole('tab', { name: 'Claims' }).click()
  const pages = Math.ceil(data.claims.length / 20)
  await expect(page.getByText(`${data.claims.length} claims`, { exact: true })).toBeVisible()
  const pager = page.getByRole('navigation', { name: 'Claims pages' })
  await expect(pager).toContainText(`Page 1 of ${pages}`)
  await expect(page.getByRole('table', { name: 'Claims' }).locator('tbody tr')).toHaveCount(20)
  const firstPage = await claimIdsShown(page)
  const firstDates = await claimDatesShown(page)
  const firstRow = page.getByRole('table', { name: 'Claims' }).locator('tbody tr').first()
  const [newestDate, newestType, , , newestDiagnoses] = (await firstRow.locator('td').allInnerTexts()).map(
    (text) => text.trim(),
  )
  // One diagnosis per line, CDC's words first and the dotted code in brackets, or the code alone.
  const newestCodes = (newestDiagnoses ?? '')
    .split('\n')
    .map((text) => text.trim())
    .filter((text) => text !== '' && text !== '—')
    .map((text) => /\(([^()]+)\)$/.exec(text)?.[1] ?? text)
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(pager).toContainText(`Page 2 of ${pages}`)
  await expect(page.getByRole('table', { name: 'Claims' }).locator('tbody tr')).toHaveCount(
    Math.min(20, data.claims.length - 20),
  )
  const secondPage = await claimIdsShown(page)
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([])
  // Newest first across pages: nothing on page 2 is newer than the oldest claim of page 1.
  const secondDates = (await claimDatesShown(page)).sort()
  expect((secondDates.at(-1) as string) <= (firstDates.sort()[0] as string)).toBe(true)
  await expectNoAxeViolations(page)
  await pager.getByRole('button', { name: 'Previous' }).click()
  await expect(pager).toContainText(`Page 1 of ${pages}`)
  expect(await claimIdsShown(page)).toEqual(firstPage)

  // The newest claim's own page.
  const newestId = firstPage[0] as string
  await firstRow.getByRole('link').click()
  await expect(page).toHaveURL(/\/app\/claim\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Claim Details' })).toBeVisible()
  await expect(definition(page, 'Claim')).toHaveText(newestId)
  await expect(definition(page, 'Type')).toContainText(newestType as string)
  await expect(definition(page, 'From')).toHaveText((newestDate as string).slice(0, 10))
  await expect(definition(page, 'Medicare paid')).toHaveText(/^\$[\d,]+\.\d{2}$/)
  const diagnoses = page.getByRole('region', { name: 'Diagnoses' })
  for (const code of newestCodes) await expect(diagnoses).toContainText(code)
  await expect(page.getByRole('table', { name: 'Claim lines' }).locator('tbody tr')).not.toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Back to the patient' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/patient/${patient.id}$`))

  // Export CSV: a file with every fill and claim, the newest claim as the page showed it.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^patient-claims-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter((line) => line !== '')
  expect(lines[0]).toBe(CSV_HEADER)
  const rows = lines.slice(1).map(csvCells)
  expect(rows.filter((cells) => cells[0] === 'Claim')).toHaveLength(data.claims.length)
  expect(rows.filter((cells) => cells[0] === 'Medication')).toHaveLength(data.medications.length)
  const newest = rows.find((cells) => cells[0] === 'Claim' && (cells[1] ?? '').endsWith(`-${newestId}`))
  expect(newest, `CSV row of claim ${newestId}`).toBeDefined()
  expect(newest?.[2]).toBe((newestDate as string).slice(0, 10))
  expect(newest?.[4]).toBe(newestType)
  // The file keeps the codes as Medicare sends them: no dots, space-separated.
  if (newestCodes.length > 0)
    expect(newest?.[5]).toBe(newestCodes.map((code) => code.replace('.', '')).join(' '))
})

test('agent: sees only the medications of their own client, and nobody else’s patients', async ({
  page,
  playwright,
}) => {
  const aco = await apiAs(playwright.request, 'ACO_USER')
  const acoPatient = await findPatient(aco, ROSA.mrn)
  const acoClaim = (await aco.get<Consolidated>(`/api/patients/${acoPatient.id}/consolidated/`)).claims[0]
  await aco.dispose()
  // A client of the agency's admin, not of this agent: agents see only patients of their own requests.
  const agentAdmin = await apiAs(playwright.request, 'AGENT_ADMIN')
  const colleagueClient = await findPatient(agentAdmin, beneficiary(36).fullName)
  await agentAdmin.dispose()
  if (!acoClaim) throw new Error('the ACO demo patient has no claims')

  const client = beneficiary(14).fullName
  await signInAs(page, 'AGENT_USER')
  await page.goto('/app/patients')
  await expect(page.getByRole('tablist', { name: 'Search by' }).getByRole('tab')).toHaveText([
    'General Search',
  ])
  // Agents search neither by MRN nor by Medicare ID, and their results show no MRN.
  await expect(page.getByLabel('Name, MRN, Medicare ID, email or phone')).toHaveCount(0)
  await page.getByLabel('Name, email or phone').fill(client)
  const result = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `View record of ${client}` }) })
  await expect(result).toContainText(/born \d{4}-\d{2}-\d{2}/)
  await expect(result).not.toContainText('MRN')
  const consolidated = page.waitForResponse((response) =>
    /\/api\/patients\/[^/]+\/consolidated\/$/.test(new URL(response.url()).pathname),
  )
  await page.getByRole('link', { name: `View record of ${client}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: client })).toBeVisible()
  // The server sends an agent no claims at all, not just a page that hides them.
  const served = (await (await consolidated).json()) as Consolidated
  expect(served.claims).toEqual([])
  expect(served.medications.length).toBeGreaterThan(0)

  await expect(page.getByRole('tab', { name: 'Medications', selected: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^(Current|Past) fills \(\d+\)$/ }).first()).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Claims' })).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Claims' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Risk score' })).toHaveCount(0)
  await expect(page.getByRole('tab', { name: 'Risk score' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Export FHIR' })).toHaveCount(0)
  // Without the demographics option the card is the patient's identity only: name (the heading) and date of birth.
  await expect(page.getByRole('region', { name: 'Demographics' })).toHaveCount(0)
  const identity = page.getByRole('region', { name: 'Identity' })
  await expect(identity.locator('dt')).toHaveText(['Date of birth'])
  await expect(definition(identity, 'Date of birth')).toHaveText(/^\d{4}-\d{2}-\d{2}$/)
  await expectNoAxeViolations(page)

  for (const id of [acoPatient.id, colleagueClient.id]) {
    await page.goto(`/app/patient/${id}`)
    await expect(page.getByText(NOT_FOUND)).toBeVisible()
    await expect(page.getByText(NOT_FOUND_WHY)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Identity' })).toHaveCount(0)
  }
  await expect(page.getByText(acoPatient.full_name)).toHaveCount(0)
  await page.goto(`/app/claim/${acoClaim.record_id}`)
  await expect(page.getByText(CLAIM_NOT_FOUND)).toBeVisible()
  await expect(page.getByText(acoClaim.claim_id)).toHaveCount(0)
})

test('ACO user: another organisation’s patient or claim, a random id and a malformed id are not reachable by URL', async ({
  page,
  playwright,
}) => {
  // A patient and a claim of the physician group, which its own user reads (so the ids are real).
  const physician = await apiAs(playwright.request, 'PHYSICIAN_USER')
  const other = await findPatient(physician, beneficiary(10).fullName)
  const otherClaim = (await physician.get<Consolidated>(`/api/patients/${other.id}/consolidated/`)).claims[0]
  await physician.dispose()
  if (!otherClaim) throw new Error('the physician demo patient has no claims')

  await signInAs(page, 'ACO_USER')
  const refusals: number[] = []
  // Reads of one patient or claim by id; the Patients page's own list of the user's patients is not one.
  page.on('response', (response) => {
    if (/\/api\/(patients|claims)\/[^/?]+/.test(response.url())) refusals.push(response.status())
  })

  await page.goto(`/app/patient/${other.id}`)
  await expect(page.getByText(NOT_FOUND)).toBeVisible()
  await expect(page.getByText(NOT_FOUND_WHY)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Details' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Demographics' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  // The older address redirects to the same refusal.
  await page.goto(`/app/aco/patient/${other.id}`)
  await expect(page).toHaveURL(new RegExp(`/app/patient/${other.id}$`))
  await expect(page.getByText(NOT_FOUND)).toBeVisible()

  // Selecting them on the Patients page by URL shows no card.
  await page.goto(`/app/authorization?patient=${other.id}`)
  await expect(page.getByText('Error fetching patient details')).toBeVisible()
  await expect(page.getByRole('link', { name: 'View full record' })).toHaveCount(0)

  await page.goto(`/app/claim/${otherClaim.record_id}`)
  await expect(page.getByText(CLAIM_NOT_FOUND)).toBeVisible()
  await expect(page.getByText(otherClaim.claim_id)).toHaveCount(0)

  await page.goto(`/app/patient/${randomUUID()}`)
  await expect(page.getByText(NOT_FOUND)).toBeVisible()
  await expect(page.getByText(NOT_FOUND_WHY)).toBeVisible()

  await page.goto('/app/patient/not-a-patient-id')
  await expect(page.getByText('Invalid patient ID format')).toBeVisible()
  await page.goto('/app/authorization?patient=not-a-patient-id')
  await expect(page.getByText('Invalid patient ID format')).toBeVisible()

  await expect(page.getByText(other.full_name)).toHaveCount(0)
  // Every patient or claim answer the server gave this user was a refusal, never the data.
  expect(refusals.length).toBeGreaterThan(0)
  expect(refusals.filter((status) => status < 400)).toEqual([])
})

test('ACO user on one TIN: a patient of the ACO’s other TIN is neither found nor reachable; the all-TIN admin opens it', async ({
  browser,
  page,
  playwright,
}) => {
  // BBUser00013 was asked for under the ACO's second TIN (Riverbend Cardiology Associates); ACO_USER is on the first.
  const otherTin = beneficiary(13).fullName
  const admin = await apiAs(playwright.request, 'ACO_ADMIN')
  const patient = await findPatient(admin, otherTin)
  await admin.dispose()

  await signInAs(page, 'ACO_USER')
  await page.goto('/app/authorization')
  // Rosa first: the search works for this user, so the empty answer below is the TIN scope, not a broken search.
  await page.getByLabel('Name, MRN, Medicare ID, email or phone').fill(ROSA.name)
  await expect(
    page.getByRole('region', { name: 'Find a patient' }).getByRole('button', { name: `Select ${ROSA.name}` }),
  ).toBeVisible()
  await page.getByLabel('Name, MRN, Medicare ID, email or phone').fill(otherTin)
  await expect(page.getByText('No patients found matching your search criteria.')).toBeVisible()
  await page.goto(`/app/patient/${patient.id}`)
  await expect(page.getByText(NOT_FOUND)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Demographics' })).toHaveCount(0)
  await page.goto(`/app/authorization?patient=${patient.id}`)
  await expect(page.getByText('Error fetching patient details')).toBeVisible()
  // The name stays only in the user's own recent searches: no card, no result.
  await expect(page.getByRole('region', { name: otherTin })).toHaveCount(0)
  await expect(page.getByRole('button', { name: `Select ${otherTin}` })).toHaveCount(0)

  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await signInAs(adminPage, 'ACO_ADMIN')
  await adminPage.goto(`/app/patient/${patient.id}`)
  await expect(adminPage.getByRole('heading', { level: 1, name: otherTin })).toBeVisible()
  await expect(adminPage.getByRole('region', { name: 'Demographics' })).toBeVisible()
  await adminContext.close()
})

test('audit: the ACO admin finds the user’s reads and export of a patient, filtered by action', async ({
  browser,
  playwright,
}) => {
  const address = clientAddress(131)
  const ip = address['X-Forwarded-For'] as string
  const api = await apiAs(playwright.request, 'ACO_USER')
  const patient = await findPatient(api, beneficiary(16).fullName)
  await api.dispose()

  // The user reads the record and exports it from their own address.
  const userContext = await browser.newContext({ extraHTTPHeaders: address })
  const user = await userContext.newPage()
  await signInAs(user, 'ACO_USER')
  await user.goto(`/app/patient/${patient.id}`)
  await expect(user.getByRole('region', { name: 'Demographics' })).toBeVisible()
  const downloading = user.waitForEvent('download')
  await user.getByRole('button', { name: 'Export CSV' }).click()
  await downloading
  // A user without audit access is turned away from the audit page.
  await user.goto('/app/admin/audit')
  await expect(user).toHaveURL(/\/app\/unauthorized$/)
  await userContext.close()

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInAs(admin, 'ACO_ADMIN')
  await admin.goto('/app/admin/audit')
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  const table = admin.getByRole('table', { name: 'Audit entries' })
  const sentences = table.locator('tbody tr td:nth-child(2)')
  const said: Record<string, string> = {
    'patient.read': `Jordan Lee opened the record of ${patient.full_name}`,
    'patient.export': `Jordan Lee exported the record of ${patient.full_name}`,
  }

  for (const action of ['patient.read', 'patient.export']) {
    await admin.getByLabel('Patient ID').fill(patient.id)
    await admin.getByLabel('Action').selectOption(action)
    await admin.getByRole('button', { name: 'Apply filters' }).click()
    await expect(admin).toHaveURL(new RegExp(`[?&]action=${action.replace('.', '\\.')}(&|$)`))
    await expect(admin).toHaveURL(new RegExp(`[?&]patient=${patient.id}(&|$)`))
    const mine = table.locator('tbody tr').filter({ hasText: ip })
    await expect(mine.first()).toBeVisible()
    // A sentence with names, never the patient's id.
    await expect(mine.first()).toContainText(said[action] as string)
    await expect(table).not.toContainText(patient.id)
    // Every row shown is of the chosen action.
    expect(new Set((await sentences.allInnerTexts()).map((text) => text.trim()))).toEqual(
      new Set([said[action]]),
    )
  }
  await expectNoAxeViolations(admin)
  await adminContext.close()
})
