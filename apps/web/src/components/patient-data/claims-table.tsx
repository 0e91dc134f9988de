import { PATIENT_DATA_MESSAGES, type Claim } from '@blueconsent/contract'
import { useState } from 'react'
import { formatCents, formatDate } from './format.ts'
import { pageCount, pageOf } from './paging.ts'
import { Pager } from './pager.tsx'

type ClaimsTableProps = { claims: readonly Claim[]; showCosts: boolean; perPage: number }

export function ClaimsTable({ claims, showCosts, perPage }: ClaimsTableProps) {
  const [page, setPage] = useState(0)
  if (claims.length === 0) return <p>{PATIENT_DATA_MESSAGES.noClaims}</p>
  const pages = pageCount(claims.length, perPage)
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <caption className="sr-only">Claims</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Service or procedure</th>
              <th scope="col">Provider</th>
              <th scope="col">Diagnoses</th>
              {showCosts ? (
                <>
                  <th scope="col">Allowed</th>
                  <th scope="col">Medicare paid</th>
                  <th scope="col">Patient pays</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {pageOf(claims, Math.min(page, pages - 1), perPage).map((claim) => (
              <tr key={claim.id}>
                <td>{formatDate(claim.service_date ?? claim.date)}</td>
                <td>{claim.claim_type}</td>
                <td>{claim.service ?? claim.procedure ?? '—'}</td>
                <td>{claim.provider ?? claim.provider_npi ?? '—'}</td>
                <td>{claim.diagnoses.map((diagnosis) => diagnosis.code).join(', ') || '—'}</td>
                {showCosts ? (
                  <>
                    <td>{formatCents(claim.allowed_cents)}</td>
                    <td>{formatCents(claim.medicare_paid_cents)}</td>
                    <td>{formatCents(claim.patient_pays_cents)}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={Math.min(page, pages - 1)} pages={pages} label="Claims pages" onPage={setPage} />
    </div>
  )
}
