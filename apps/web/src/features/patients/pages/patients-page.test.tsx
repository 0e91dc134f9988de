import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json, networkFailure, type FakeFetch } from '@/testing/fake-fetch.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { session } from '@/lib/session.ts'
import { readRecentSearches, rememberSearch } from '../components/recent-searches.ts'
import { axeViolations } from '@/testing/axe.ts'
import {
  OTHER_PATIENT_ID,
  PATIENT_ID,
  makePatient,
  patientFake,
  patientPage,
  personaFor,
} from '../testing/fixtures.ts'

async function openPatients(
  role: Parameters<typeof personaFor>[0],
  url = '/app/authorization',
  fake: FakeFetch = patientFake(),
) {
  await signIn(personaFor(role))
  const app = renderApp(url, { fake })
  await screen.findByRole('heading', { level: 1, name: 'Patients' }, { timeout: 10_000 })
  return app
}

/** Whose recent searches the page keeps (all personas share one user id). */
const USER_ID = personaFor('ACO_USER').id

/** Every value the page wrote to browser storage, however often it was overwritten or removed since. */
function watchStorageWrites(): string[] {
  const written: string[] = []
  const setItem = Storage.prototype.setItem
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
    written.push(`${key}=${value}`)
    setItem.call(this, key, value)
  })
  return written
}

/** The search card, apart from the organisation's list below it. */
const searchPanel = () => screen.getByRole('region', { name: 'Find a patient' })

const searchCalls = (fake: FakeFetch) =>
  fake.callsTo('GET /api/patients/').map((call) => new URL(call.url, 'http://x').searchParams)

describe('Patients page', { timeout: 20_000 }, () => {
  it('opens on the organisation’s patients, newest Medicare data first, each selectable', async () => {
    const fake = patientFake()
    await openPatients('ACO_USER', '/app/authorization', fake)
    const list = await screen.findByRole('list', { name: 'Your patients' })
    const [call] = fake.callsTo('GET /api/patients/?ordering=-data_as_of')
    expect(new URL(call?.url ?? '', 'http://x').searchParams.get('page')).toBe('1')
    await userEvent.click(within(list).getByRole('button', { name: 'Select Maria Lopez' }))
    expect(await screen.findByRole('button', { name: 'Clear selection' })).toBeTruthy()
  })

  it('steps the organisation’s list aside while a search is typed, and brings it back when cleared', async () => {
    await openPatients('ACO_USER')
    await screen.findByRole('list', { name: 'Your patients' })
    const field = screen.getByLabelText('Name, MRN, Medicare ID, email or phone')
    fireEvent.change(field, { target: { value: 'Maria' } })
    expect(screen.queryByRole('list', { name: 'Your patients' })).toBeNull()
    await within(searchPanel()).findByText('1 patient found')
    fireEvent.change(field, { target: { value: '' } })
    expect(await screen.findByRole('list', { name: 'Your patients' })).toBeTruthy()
  })

  it('offers MRN and Medicare ID search to providers only', async () => {
    await openPatients('ACO_USER')
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General Search',
      'MRN Search',
      'Medicare ID',
    ])
    document.body.innerHTML = ''
    await openPatients('AGENT_USER')
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General Search'])
  })

  it('sends one debounced search per pause, by the chosen tab, and remembers it', async () => {
    const user = userEvent.setup()
    const { fake } = await openPatients('PHYSICIAN_USER')
    await user.click(screen.getByRole('tab', { name: 'MRN Search' }))
    // Keystrokes in quick succession (synchronous, so well inside 300 ms) make one search.
    const field = screen.getByLabelText('Medical record number (MRN)')
    for (const value of ['M', 'MR', 'MRN', 'MRN-', 'MRN-1']) fireEvent.change(field, { target: { value } })
    expect(searchCalls(fake)).toHaveLength(0)
    await screen.findByText('1 patient found')
    const calls = searchCalls(fake)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.get('mrn')).toBe('MRN-1')
    expect(calls[0]?.get('search')).toBeNull()
    expect(readRecentSearches(USER_ID)).toEqual([{ mode: 'mrn', term: 'MRN-1' }])
    expect(
      within(screen.getByRole('navigation', { name: 'Recent searches' })).getByRole('button', {
        name: 'MRN-1',
      }),
    ).toBeTruthy()
  })

  it('keeps the five newest searches and runs one again when chosen', async () => {
    for (const term of ['e', 'd', 'c', 'b', 'a']) rememberSearch(USER_ID, { mode: 'search', term })
    const user = userEvent.setup()
    const { fake } = await openPatients('ACO_USER')
    await user.click(screen.getByRole('button', { name: 'c' }))
    await screen.findByText('1 patient found')
    expect(searchCalls(fake).at(-1)?.get('search')).toBe('c')
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Lopez' } })
    await waitFor(() => expect(searchCalls(fake).at(-1)?.get('search')).toBe('Lopez'))
    await waitFor(() => {
      expect(readRecentSearches(USER_ID).map((item) => item.term)).toEqual(['Lopez', 'c', 'a', 'b', 'd'])
    })
  })

  it('offers a user only their own recent searches', async () => {
    rememberSearch('someone-else', { mode: 'search', term: 'Ana Ruiz' })
    const { fake } = await openPatients('ACO_USER')
    expect(screen.queryByRole('navigation', { name: 'Recent searches' })).toBeNull()
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Maria' } })
    await screen.findByText('1 patient found')
    expect(searchCalls(fake)).toHaveLength(1)
    const recent = await screen.findByRole('navigation', { name: 'Recent searches' })
    expect(
      within(recent)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Maria'])
    expect(readRecentSearches(USER_ID)).toEqual([{ mode: 'search', term: 'Maria' }])
    // The other user's list is theirs alone, untouched.
    expect(readRecentSearches('someone-else')).toEqual([{ mode: 'search', term: 'Ana Ruiz' }])
  })

  it('writes no search term to browser storage, and forgets the searches when the session ends', async () => {
    const written = watchStorageWrites()
    const { fake } = await openPatients('PHYSICIAN_USER')
    await userEvent.click(screen.getByRole('tab', { name: 'MRN Search' }))
    fireEvent.change(screen.getByLabelText('Medical record number (MRN)'), { target: { value: 'MRN-1' } })
    await screen.findByText('1 patient found')
    await userEvent.click(screen.getByRole('tab', { name: 'General Search' }))
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Maria Lopez' } })
    await waitFor(() => expect(searchCalls(fake).at(-1)?.get('search')).toBe('Maria Lopez'))
    await waitFor(() =>
      expect(readRecentSearches(USER_ID).map((search) => search.term)).toEqual(
        expect.arrayContaining(['Maria Lopez', 'MRN-1']),
      ),
    )
    const everything = [...written, ...Object.entries({ ...localStorage, ...sessionStorage }).flat()].join(
      '\n',
    )
    expect(everything).not.toContain('MRN-1')
    expect(everything).not.toContain('Maria')
    session.clearLocal()
    expect(readRecentSearches(USER_ID)).toEqual([])
    vi.restoreAllMocks()
  })

  it('labels the general search by what the role can search, and shows MRNs in results only to roles with the MRN field', async () => {
    await openPatients('ACO_USER')
    fireEvent.change(screen.getByLabelText('Name, MRN, Medicare ID, email or phone'), {
      target: { value: 'Maria' },
    })
    const providerResult = (
      await within(searchPanel()).findByRole('button', { name: 'Select Maria Lopez' })
    ).closest('li') as HTMLElement
    expect(providerResult.textContent).toContain('MRN MRN-1')
    document.body.innerHTML = ''
    for (const role of ['AGENT_USER', 'AGENT_ADMIN'] as const) {
      await openPatients(role)
      expect(screen.queryByLabelText('Name, MRN, Medicare ID, email or phone')).toBeNull()
      fireEvent.change(screen.getByLabelText('Name, email or phone'), { target: { value: 'Maria' } })
      // The fixture carries an MRN; the agent's result still shows none.
      const result = (
        await within(searchPanel()).findByRole('button', { name: 'Select Maria Lopez' })
      ).closest('li') as HTMLElement
      expect(result.textContent).not.toContain('MRN')
      expect(result.textContent).toContain('born 1948-05-12')
      document.body.innerHTML = ''
    }
  })

  it('shows an agent the selected patient without Medicare ID, gender or contact details, even when the record has them', async () => {
    await openPatients('AGENT_USER', `/app/authorization?patient=${PATIENT_ID}`)
    const card = await screen.findByRole('region', { name: 'Maria Lopez' })
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent)
    expect(terms).toEqual(['Date of birth', 'Created', 'Authorization'])
    for (const text of [
      '1EG4TE5MK73',
      'female',
      '+15555550123',
      'maria.lopez@example.com',
      '12 Harbor Way, Springfield, IL 62701',
      'MRN-1',
    ]) {
      expect(within(card).queryByText(text), text).toBeNull()
    }
    expect(within(card).getByText('1948-05-12')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('says when nothing matches, and tells a failed search from an unreachable server', async () => {
    const fake = patientFake().on(
      'GET /api/patients/',
      json(200, patientPage([])),
      json(500, { detail: 'boom' }),
      networkFailure,
    )
    await openPatients('ACO_USER', '/app/authorization', fake)
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Nobody' } })
    expect(await screen.findByText('No patients found matching your search criteria.')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Nobodyx' } })
    expect(await screen.findByText('Failed to search patients')).toBeTruthy()
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Nobodyxy' } })
    expect(await screen.findByText('Error searching for patients')).toBeTruthy()
  })

  it('selects a result into the summary card with its actions, and clears it', async () => {
    const user = userEvent.setup()
    const app = await openPatients('ACO_USER')
    await user.type(screen.getByRole('searchbox'), 'Maria')
    await user.click(await screen.findByRole('button', { name: 'Select Maria Lopez' }))
    const card = await screen.findByRole('region', { name: 'Maria Lopez' })
    for (const text of [
      '1EG4TE5MK73',
      'MRN-1',
      '1948-05-12',
      'female',
      '2026-10-02',
      '+15555550123',
      'maria.lopez@example.com',
      '12 Harbor Way, Springfield, IL 62701',
      'None',
    ]) {
      expect(within(card).getByText(text)).toBeTruthy()
    }
    expect(app.router.state.location.search).toBe(`?patient=${PATIENT_ID}`)
    expect(within(card).getByRole('link', { name: 'View full record' }).getAttribute('href')).toBe(
      `/app/patient/${PATIENT_ID}`,
    )
    expect(
      within(card).getByRole('link', { name: 'Manage authorization requests' }).getAttribute('href'),
    ).toBe('/app/care-management')
    expect(await axeViolations()).toEqual([])
    // The focus follows the selection to the card, and goes back to the search when it is cleared.
    expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Maria Lopez' }))
    await user.click(within(card).getByRole('button', { name: 'Clear selection' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Maria Lopez' })).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('searchbox'))
  })

  it('selects the patient named by ?patient= or ?id=, and rejects a malformed id', async () => {
    const fake = patientFake().on(
      `GET /api/patients/${OTHER_PATIENT_ID}/`,
      json(
        200,
        makePatient({
          id: OTHER_PATIENT_ID,
          full_name: 'Ana Ruiz',
          name: 'Ana Ruiz',
          authorization: { status: 'authorized', request_id: 'r-1', expires_at: '2099-01-01T00:00:00Z' },
        }),
      ),
    )
    await openPatients('AGENT_USER', `/app/authorization?id=${OTHER_PATIENT_ID}`, fake)
    const card = await screen.findByRole('region', { name: 'Ana Ruiz' })
    expect(within(card).getByText('Approved')).toBeTruthy()
    document.body.innerHTML = ''
    const other = await openPatients('ACO_USER', '/app/authorization?patient=not-a-uuid')
    expect(await screen.findByText('Invalid patient ID format')).toBeTruthy()
    expect(other.fake.calls.some((call) => call.path.includes('not-a-uuid'))).toBe(false)
  })

  it('sends roles without patient access to the unauthorized page', async () => {
    await signIn(personaFor('ADMIN'))
    const app = renderApp('/app/authorization')
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/unauthorized'), {
      timeout: 10_000,
    })
  })

  it('sends a provider role outside its kind of organisation to the unauthorized page', async () => {
    await signIn(personaFor('PHYSICIAN_USER'))
    const allowed = renderApp('/app/patients')
    await screen.findByRole('heading', { level: 1, name: 'Patients' }, { timeout: 10_000 })
    expect(allowed.router.state.location.pathname).toBe('/app/patients')
    document.body.innerHTML = ''
    await signIn({
      ...personaFor('PHYSICIAN_USER'),
      organization: { id: 'org-a', name: 'Harbor Insurance', organization_type: 'INSURANCE_AGENCY' },
    })
    const app = renderApp('/app/patients')
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/unauthorized'), {
      timeout: 10_000,
    })
  })
})
