// The Patients page opens on the organisation's patients (those the caller may see), newest Medicare data
// first and paged; the search above finds anyone else.
import { PATIENT_DATA_MESSAGES, type Patient } from '@blueconsent/contract/patients'
import { useState, type ReactNode } from 'react'
import { formatReadableDate } from '@/components/patient-data/format.ts'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount } from '@/components/ui/paging.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ORGANIZATION_LIST_PAGE_SIZE, useOrganizationPatients } from '../api/patients-api.ts'
import { patientBirthDate, patientDisplayName } from './patient-format.ts'

type OrganizationPatientsProps = { renderAction: (patient: Patient) => ReactNode }

export function OrganizationPatients({ renderAction }: OrganizationPatientsProps) {
  const [page, setPage] = useState(0)
  const list = useOrganizationPatients(page + 1)
  const pages = pageCount(list.data?.count ?? 0, ORGANIZATION_LIST_PAGE_SIZE)
  return (
    <section aria-labelledby="organization-patients-heading" className="flex flex-col gap-3">
      <h2 id="organization-patients-heading" className="text-xl font-semibold">
        Your patients, newest Medicare data first
      </h2>
      {list.isPending ? <Spinner label="Loading patients…" /> : null}
      {list.isError ? <Alert type="error">{PATIENT_DATA_MESSAGES.searchFailed}</Alert> : null}
      {list.data && list.data.results.length === 0 ? <p>{PATIENT_DATA_MESSAGES.noPatients}</p> : null}
      {list.data && list.data.results.length > 0 ? (
        <ul aria-label="Your patients" className="flex flex-col divide-y divide-base-300">
          {list.data.results.map((patient) => (
            <li key={patient.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{patientDisplayName(patient)}</span>
                {patientBirthDate(patient) ? ` · born ${patientBirthDate(patient)}` : ''}
                {patient.data_as_of
                  ? ` · data as of ${formatReadableDate(patient.data_as_of)}`
                  : ' · no data yet'}
              </span>
              {renderAction(patient)}
            </li>
          ))}
        </ul>
      ) : null}
      <Pager page={Math.min(page, pages - 1)} pages={pages} label="Patient list pages" onPage={setPage} />
    </section>
  )
}
