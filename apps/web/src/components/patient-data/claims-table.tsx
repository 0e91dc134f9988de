// The one table of claims, in the patient record (each claim linking to its detail page). Columns follow
// the role's display options; the amounts shown are the caller's choice.
import { claimNumber, claimTypeLabel, type Claim } from '@blueconsent/contract/patients'
import { type DisplayOptions } from '@blueconsent/contract/shared'
import { Link } from 'react-router'
import { claimServiceText, diagnosisText, formatCents, formatDate, providerLabel } from './format.ts'
import { scrollRegion } from '../ui/scroll-region.ts'

export type ClaimColumns = Pick<DisplayOptions, 'providerDetails' | 'diagnoses' | 'costs'>
type Amount = 'allowed_cents' | 'medicare_paid_cents' | 'patient_pays_cents'

const AMOUNT_LABELS: Record<Amount, string> = {
  allowed_cents: 'Allowed',
  medicare_paid_cents: 'Medicare paid',
  patient_pays_cents: 'Patient pays',
}

type ClaimsTableProps<C extends Claim> = {
  claims: readonly C[]
  columns: ClaimColumns
  /** The amounts shown when the role sees costs, in order. */
  amounts: readonly Amount[]
  /** Where a claim's date links to (its detail page), if anywhere. */
  claimHref?: (claim: C) => string
  rowKey?: (claim: C) => string
}

export function ClaimsTable<C extends Claim>({
  claims,
  columns,
  amounts,
  claimHref,
  rowKey = (claim) => claim.id,
}: ClaimsTableProps<C>) {
  const shownAmounts = columns.costs ? amounts : []
  return (
    <div className="overflow-x-auto" {...scrollRegion('Claims')}>
      <table className="table table-sm">
        <caption className="sr-only">Claims</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Service or procedure</th>
            {columns.providerDetails ? <th scope="col">Provider</th> : null}
            {columns.diagnoses ? <th scope="col">Diagnoses</th> : null}
            {shownAmounts.map((amount) => (
              <th key={amount} scope="col">
                {AMOUNT_LABELS[amount]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {claims.map((claim) => (
            <tr key={rowKey(claim)}>
              <td>
                <ClaimDate claim={claim} href={claimHref?.(claim)} />
              </td>
              <td>
                <ClaimType claim={claim} />
              </td>
              <td>{claimServiceText(claim) ?? '—'}</td>
              {columns.providerDetails ? (
                <td>{providerLabel(claim.provider, claim.provider_npi) ?? '—'}</td>
              ) : null}
              {columns.diagnoses ? (
                <td>
                  <Diagnoses claim={claim} />
                </td>
              ) : null}
              {shownAmounts.map((amount) => (
                <td key={amount}>{formatCents(claim[amount])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** One diagnosis per line, each with its words, so long descriptions stay readable in a narrow column. */
function Diagnoses({ claim }: { claim: Claim }) {
  if (claim.diagnoses.length === 0) return <>—</>
  return (
    <ul>
      {claim.diagnoses.map((diagnosis) => (
        <li key={`${diagnosis.sequence}-${diagnosis.code}`}>{diagnosisText(diagnosis)}</li>
      ))}
    </ul>
  )
}

function ClaimDate({ claim, href }: { claim: Claim; href: string | undefined }) {
  const date = formatDate(claim.service_date ?? claim.date)
  if (href === undefined) return <>{date}</>
  return (
    <Link className="link" to={href}>
      {date}
      <span className="sr-only"> claim {claimNumber(claim.claim_id)}</span>
    </Link>
  )
}

/** The claim type in words, Medicare's code kept as a tooltip for whoever reconciles with a remittance. */
export function ClaimType({ claim }: { claim: Pick<Claim, 'claim_type'> }) {
  return <span title={claim.claim_type}>{claimTypeLabel(claim.claim_type)}</span>
}
