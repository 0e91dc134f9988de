// The patient search card: General Search for everyone, MRN Search and Medicare ID for ACO and
// physician roles; 300 ms debounce; the last five searches offered again.
import { PATIENT_DATA_MESSAGES, type Patient } from '@blueconsent/contract/patients'
import { PATIENT_SEARCH, type Role } from '@blueconsent/contract/shared'
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react'
import { Tabs, type TabItem } from '@/components/ui/tabs.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { usePatientSearch, type SearchMode } from '../api/patients-api.ts'
import { patientFieldsFor } from './patient-fields.ts'
import { patientBirthDate, patientDisplayName, patientMrn } from './patient-format.ts'
import { readRecentSearches, rememberSearch, type RecentSearch } from './recent-searches.ts'
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts'

const ALL_TABS: readonly TabItem<SearchMode>[] = [
  { key: 'search', label: 'General Search' },
  { key: 'mrn', label: 'MRN Search' },
  { key: 'medicare_number', label: 'Medicare ID' },
]

const FIELD_LABEL: Record<SearchMode, string> = {
  search: 'Name, MRN, Medicare ID, email or phone',
  mrn: 'Medical record number (MRN)',
  medicare_number: 'Medicare ID (MBI)',
}
/** The General Search field of roles without the MRN and Medicare ID tabs, which cannot search by either. */
const GENERAL_LABEL_WITHOUT_IDS = 'Name, email or phone'

/** The MRN and Medicare ID tabs go with the MRN field (patient-fields.ts): ACO and physician roles. */
export const searchTabsFor = (role: Role): readonly TabItem<SearchMode>[] =>
  patientFieldsFor(role).mrn ? ALL_TABS : ALL_TABS.filter((tab) => tab.key === 'search')

export const searchFieldLabel = (role: Role, mode: SearchMode): string =>
  mode === 'search' && !patientFieldsFor(role).mrn ? GENERAL_LABEL_WITHOUT_IDS : FIELD_LABEL[mode]

/** An HTTP answer is a failed search; no answer at all (network, timeout) is an error reaching the server. */
const searchErrorText = (error: unknown): string =>
  isApiError(error) && error.kind !== 'http'
    ? PATIENT_DATA_MESSAGES.searchError
    : PATIENT_DATA_MESSAGES.searchFailed

type PatientSearchPanelProps = {
  role: Role
  /** The signed-in user, whose own recent searches are offered (never another user's). */
  userId: string
  /** What each result offers: a select button, a link to the record… */
  renderAction: (patient: Patient) => ReactNode
  /** The search field, for pages that send the focus back to it (Clear selection). */
  inputRef?: Ref<HTMLInputElement>
  /** Told whether a search is typed, so a page can step its own list aside while results show. */
  onSearchingChange?: (searching: boolean) => void
}

export function PatientSearchPanel({
  role,
  userId,
  renderAction,
  inputRef,
  onSearchingChange,
}: PatientSearchPanelProps) {
  const inputId = useId()
  const tabs = searchTabsFor(role)
  const showMrn = patientFieldsFor(role).mrn
  const [mode, setMode] = useState<SearchMode>('search')
  const [term, setTerm] = useState('')
  const searching = term.trim() !== ''
  useEffect(() => onSearchingChange?.(searching), [searching, onSearchingChange])
  const [recent, setRecent] = useState<RecentSearch[]>(() => readRecentSearches(userId))
  // Primitives, so an unchanged search never restarts the timer.
  const settled = {
    mode: useDebouncedValue(mode, PATIENT_SEARCH.debounceMs),
    term: useDebouncedValue(term.trim(), PATIENT_SEARCH.debounceMs),
  }
  const query = usePatientSearch(settled.term ? settled : null, (answered) =>
    setRecent(rememberSearch(userId, { mode: answered.mode, term: answered.term })),
  )

  const choose = (search: RecentSearch) => {
    setMode(tabs.some((tab) => tab.key === search.mode) ? search.mode : 'search')
    setTerm(search.term)
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="card bg-base-100 border border-base-300">
      <div className="card-body gap-4">
        <h2 id={`${inputId}-heading`} className="card-title">
          Find a patient
        </h2>
        <Tabs label="Search by" tabs={tabs} selected={mode} onSelect={setMode}>
          <div className="flex flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium">
              {searchFieldLabel(role, mode)}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="search"
              className="input w-full max-w-md"
              value={term}
              autoComplete="off"
              onChange={(event) => setTerm(event.target.value)}
            />
          </div>
        </Tabs>
        <RecentSearches recent={recent} onChoose={choose} />
        {query.isFetching ? <Spinner label="Searching…" /> : null}
        {query.isError ? <Alert type="error">{searchErrorText(query.error)}</Alert> : null}
        {query.data && settled.term ? (
          <SearchResults
            patients={query.data.results}
            total={query.data.count}
            showMrn={showMrn}
            renderAction={renderAction}
          />
        ) : null}
      </div>
    </section>
  )
}

function RecentSearches({
  recent,
  onChoose,
}: {
  recent: readonly RecentSearch[]
  onChoose: (search: RecentSearch) => void
}) {
  if (recent.length === 0) return null
  return (
    <nav aria-label="Recent searches" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium">Recent:</span>
      {recent.map((search) => (
        <button
          key={`${search.mode}:${search.term}`}
          type="button"
          className="btn btn-xs btn-outline"
          onClick={() => onChoose(search)}
        >
          {search.term}
        </button>
      ))}
    </nav>
  )
}

type SearchResultsProps = {
  patients: readonly Patient[]
  total: number
  /** Only roles with the MRN field see it in results. */
  showMrn: boolean
  renderAction: (patient: Patient) => ReactNode
}

function SearchResults({ patients, total, showMrn, renderAction }: SearchResultsProps) {
  if (patients.length === 0) return <p role="status">{PATIENT_DATA_MESSAGES.noPatients}</p>
  return (
    <div className="flex flex-col gap-2">
      <p role="status">
        {total === 1 ? '1 patient found' : `${total} patients found`}
        {total > patients.length
          ? ` (showing the first ${patients.length}; refine the search to narrow it)`
          : ''}
      </p>
      <ul className="flex flex-col divide-y divide-base-300">
        {patients.map((patient) => (
          <li key={patient.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{patientDisplayName(patient)}</span>
              {showMrn && patientMrn(patient) ? ` · MRN ${patientMrn(patient)}` : ''}
              {patientBirthDate(patient) ? ` · born ${patientBirthDate(patient)}` : ''}
            </span>
            {renderAction(patient)}
          </li>
        ))}
      </ul>
    </div>
  )
}
