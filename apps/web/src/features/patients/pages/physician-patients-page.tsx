// /app/physician/patients: the practice's patients as a table, with how fresh each one's Medicare data is
// and their newest risk score, sortable by name, data date or score (sorted on the server, so paging
// stays true across the whole list).
import { PATIENT_DATA_MESSAGES, type PatientListOrdering } from '@blueconsent/contract/patients'
import { useState } from 'react'
import { Link, generatePath, useSearchParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { formatReadableDate } from '@/components/patient-data/format.ts'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount } from '@/components/ui/paging.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ORGANIZATION_LIST_PAGE_SIZE, useOrganizationPatients } from '../api/patients-api.ts'
import { patientBirthDate, patientDisplayName } from '../components/patient-format.ts'
import { scrollRegion } from '@/components/ui/scroll-region.ts'

export type SortKey = 'name' | 'data_as_of' | 'risk_score'
const COLUMNS: { key: SortKey; label: string; firstDirection: 'ascending' | 'descending' }[] = [
  { key: 'name', label: 'Patient', firstDirection: 'ascending' },
  { key: 'data_as_of', label: 'Medicare data as of', firstDirection: 'descending' },
  { key: 'risk_score', label: 'Risk score', firstDirection: 'descending' },
]
const DEFAULT_ORDERING: PatientListOrdering = '-risk_score'

const isOrdering = (value: string | null): value is PatientListOrdering =>
  value !== null && COLUMNS.some((column) => value === column.key || value === `-${column.key}`)

/** The `ordering` a click on a column asks for: its first direction, or the other one when already sorted by it. */
export function nextOrdering(current: PatientListOrdering, key: SortKey): PatientListOrdering {
  const column = COLUMNS.find((candidate) => candidate.key === key)
  const first = column?.firstDirection === 'descending' ? (`-${key}` as const) : key
  if (current === first) return (first.startsWith('-') ? key : `-${key}`) as PatientListOrdering
  return first as PatientListOrdering
}

const sortState = (ordering: PatientListOrdering, key: SortKey) =>
  ordering === key ? 'ascending' : ordering === `-${key}` ? 'descending' : 'none'

export function PhysicianPatientsPage() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('ordering')
  const ordering = isOrdering(requested) ? requested : DEFAULT_ORDERING
  const [page, setPage] = useState(0)
  const list = useOrganizationPatients(page + 1, ordering)
  const pages = pageCount(list.data?.count ?? 0, ORGANIZATION_LIST_PAGE_SIZE)

  function sortBy(key: SortKey) {
    setPage(0)
    setParams({ ordering: nextOrdering(ordering, key) }, { replace: true })
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Patients</h1>
          <p className="mt-2">
            Your practice’s patients with Medicare data: how recent it is and their newest CMS-HCC risk score.
            Scores show only while the patient’s authorization is active.
          </p>
        </div>
        <Link className="btn btn-outline" to="/app/dashboard">
          Back to Dashboard
        </Link>
      </div>
      {list.isPending ? <Spinner label="Loading patients…" /> : null}
      {list.isError ? <Alert type="error">{PATIENT_DATA_MESSAGES.searchFailed}</Alert> : null}
      {list.data && list.data.results.length === 0 ? <p>{PATIENT_DATA_MESSAGES.noPatients}</p> : null}
      {list.data && list.data.results.length > 0 ? (
        <div className="overflow-x-auto" {...scrollRegion('Practice patients')}>
          <table className="table" aria-label="Practice patients">
            <thead className="text-base-content">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.key} scope="col" aria-sort={sortState(ordering, column.key)}>
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => sortBy(column.key)}>
                      {column.label}
                      <span aria-hidden="true">
                        {sortState(ordering, column.key) === 'ascending'
                          ? ' ▲'
                          : sortState(ordering, column.key) === 'descending'
                            ? ' ▼'
                            : ''}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((patient) => (
                <tr key={patient.id}>
                  <td>
                    <Link className="link" to={generatePath(paths.patientDetail, { id: patient.id })}>
                      {patientDisplayName(patient)}
                    </Link>
                    {patientBirthDate(patient) ? (
                      <span className="block text-sm">born {patientBirthDate(patient)}</span>
                    ) : null}
                  </td>
                  <td>{patient.data_as_of ? formatReadableDate(patient.data_as_of) : 'No data yet'}</td>
                  <td>{patient.risk_score != null ? patient.risk_score.toFixed(3) : 'Not scored'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={Math.min(page, pages - 1)} pages={pages} label="Patient list pages" onPage={setPage} />
    </div>
  )
}
