// /app/claim/:id, Claim Details: the claim's dates, provider, diagnoses, procedures and lines; amounts only for
// roles with the 'costs' display option. Agents never get here with data: the server serves them no claims.
import {
  claimNumber,
  claimTypeLabel,
  typeOfBillMeaning,
  type ClaimDetail,
} from '@blueconsent/contract/patients'
import { displayOptionsFor, type DisplayOptions } from '@blueconsent/contract/shared'
import { Link, generatePath, useParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import {
  claimServiceText,
  diagnosisText,
  formatCents,
  formatDate,
  serviceText,
} from '@/components/patient-data/format.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useSession } from '@/lib/session.ts'
import { useClaim } from '../api/patients-api.ts'
import { DetailsList } from '@/components/patient-data/details-list.tsx'
import { scrollRegion } from '@/components/ui/scroll-region.ts'

const CLAIM_NOT_FOUND = 'Claim not found, or not one of your patients’ claims.'
const CLAIM_FAILED = 'Failed to load claim details'

export function ClaimDetailPage() {
  const { id = '' } = useParams()
  const { user } = useSession()
  const claim = useClaim(id)
  if (!user) return null
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Claim Details</h1>
      {claim.isPending ? <Spinner label="Loading claim…" /> : null}
      {claim.isError ? (
        <Alert type="error">
          {isApiError(claim.error) && claim.error.status === 404 ? CLAIM_NOT_FOUND : CLAIM_FAILED}
        </Alert>
      ) : null}
      {claim.data ? <ClaimView claim={claim.data} options={displayOptionsFor(user.role)} /> : null}
    </div>
  )
}

function ClaimView({ claim, options }: { claim: ClaimDetail; options: DisplayOptions }) {
  const rows: [string, string][] = [
    ['Claim', claimNumber(claim.claim_id)],
    ['Type', `${claimTypeLabel(claim.claim_type)} (${claim.claim_type})`],
    ['Service', claimServiceText(claim) ?? '—'],
    ['From', formatDate(claim.service_date ?? claim.date)],
    ['Through', formatDate(claim.end_date)],
    ['Type of bill', typeOfBillText(claim.type_of_bill)],
  ]
  if (options.providerDetails)
    // The provider's name when Medicare gave one; the NPI once, in its own row, never twice.
    rows.push(
      ['Provider', claim.provider && claim.provider !== claim.provider_npi ? claim.provider : '—'],
      ['Provider NPI', claim.provider_npi ?? '—'],
    )
  if (options.costs) {
    rows.push(
      ['Submitted', formatCents(claim.submitted_cents)],
      ['Allowed', formatCents(claim.allowed_cents)],
      ['Medicare paid', formatCents(claim.medicare_paid_cents)],
      ['Patient pays', formatCents(claim.patient_pays_cents)],
    )
  }
  return (
    <>
      <Link className="link" to={generatePath(paths.patientDetail, { id: claim.patient_id })}>
        Back to the patient
      </Link>
      <DetailsList rows={rows} />
      {options.diagnoses ? <Diagnoses claim={claim} /> : null}
      {options.clinicalDetails ? <Procedures claim={claim} /> : null}
      <Lines claim={claim} showCosts={options.costs} />
    </>
  )
}

/** 'Hospital outpatient, whole stay or visit (131)': the meaning first, the code kept for billers. */
function typeOfBillText(code: string | null): string {
  if (!code) return '—'
  const meaning = typeOfBillMeaning(code)
  return meaning ? `${meaning} (${code})` : code
}

function Diagnoses({ claim }: { claim: ClaimDetail }) {
  return (
    <section aria-labelledby="diagnoses-heading" className="flex flex-col gap-2">
      <h2 id="diagnoses-heading" className="text-xl font-semibold">
        Diagnoses
      </h2>
      {claim.diagnoses.length === 0 ? (
        <p>No diagnoses on this claim.</p>
      ) : (
        <ul className="ml-4 list-disc">
          {claim.diagnoses.map((diagnosis) => (
            <li key={`${diagnosis.sequence}-${diagnosis.code}`}>
              {diagnosisText(diagnosis)}
              {diagnosis.roles.length > 0 ? `, ${diagnosis.roles.join(', ')}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Procedures({ claim }: { claim: ClaimDetail }) {
  if (claim.procedures.length === 0) return null
  return (
    <section aria-labelledby="procedures-heading" className="flex flex-col gap-2">
      <h2 id="procedures-heading" className="text-xl font-semibold">
        Procedures
      </h2>
      <ul className="ml-4 list-disc">
        {claim.procedures.map((procedure) => (
          <li key={`${procedure.sequence}-${procedure.code}`}>
            {procedure.code} on {formatDate(procedure.performed_on)}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Lines({ claim, showCosts }: { claim: ClaimDetail; showCosts: boolean }) {
  return (
    <section aria-labelledby="lines-heading" className="flex flex-col gap-2">
      <h2 id="lines-heading" className="text-xl font-semibold">
        Lines
      </h2>
      {claim.lines.length === 0 ? (
        <p>No claim lines.</p>
      ) : (
        <div className="overflow-x-auto" {...scrollRegion('Claim lines')}>
          <table className="table table-sm">
            <caption className="sr-only">Claim lines</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Service</th>
                <th scope="col">From</th>
                <th scope="col">Quantity</th>
                {showCosts ? <th scope="col">Allowed</th> : null}
                {showCosts ? <th scope="col">Medicare paid</th> : null}
              </tr>
            </thead>
            <tbody>
              {claim.lines.map((line) => (
                <tr key={line.sequence}>
                  <td>{line.sequence}</td>
                  <td>{lineService(line)}</td>
                  <td>{formatDate(line.service_start)}</td>
                  <td>{line.quantity ?? '—'}</td>
                  {showCosts ? <td>{formatCents(line.allowed_cents)}</td> : null}
                  {showCosts ? <td>{formatCents(line.medicare_paid_cents)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** 'Emergency department visit (CPT 99283), modifier 25'; a dash for a line Medicare sent without a code. */
function lineService(line: ClaimDetail['lines'][number]): string {
  const service = serviceText(line.hcpcs, line.code_set, line.description) ?? '—'
  if (line.modifiers.length === 0) return service
  return `${service}, ${line.modifiers.length > 1 ? 'modifiers' : 'modifier'} ${line.modifiers.join(' ')}`
}
