// /app/patient/:id/brief: the pre-visit brief, one printable page per patient for the clinician before a
// visit. What changed since this user's last brief, open gaps, adherence, current medications and the last
// visits. Opening it is recorded, so the next brief compares with this one.
import type { PreVisitBrief } from '@blueconsent/contract/adherence'
import { isValidPatientId, MESSAGES } from '@blueconsent/contract/shared'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link, generatePath, useParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { formatLongDate, formatReadableDate } from '@/components/patient-data/format.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useBrief, useMarkBriefOpened } from '../api/adherence-api.ts'
import { AdherenceTable } from '../components/adherence-table.tsx'
import './brief-print.css'

const MEASURE_LABELS = { diabetes: 'Diabetes', ras: 'RAS antagonist', statins: 'Statin' } as const

function BriefSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Changes({ changes }: { changes: PreVisitBrief['changes'] }) {
  if (changes.since === null)
    return <p>This is your first brief for this patient: the next one will list what arrives after today.</p>
  if (changes.new_fills.length === 0 && changes.new_claims.length === 0)
    return <p>Nothing new since your last brief on {formatReadableDate(changes.since)}.</p>
  return (
    <>
      <p>Since your last brief on {formatReadableDate(changes.since)}:</p>
      <ul className="list-disc pl-6">
        {changes.new_fills.map((fill, index) => (
          <li key={`fill-${index}`}>
            Filled {fill.drug_name ?? 'an unnamed drug'} on {formatLongDate(fill.date)}
            {fill.days_supply === null ? '' : ` (${fill.days_supply} days)`}
          </li>
        ))}
        {changes.new_claims.map((claim, index) => (
          <li key={`claim-${index}`}>
            New {claim.claim_type.toLowerCase()} claim of {formatLongDate(claim.date)}
            {claim.provider_name ? ` from ${claim.provider_name}` : ''}
          </li>
        ))}
      </ul>
    </>
  )
}

function OpenGaps({ brief }: { brief: PreVisitBrief }) {
  if (!brief.open_gaps_available)
    return (
      <p data-testid="open-gaps-pending">
        Risk gaps (conditions to recapture, suspected conditions) are not computed for this brief yet.
      </p>
    )
  if (brief.open_gaps.length === 0) return <p>No open gaps.</p>
  return (
    <ul className="list-disc pl-6">
      {brief.open_gaps.map((gap) => (
        <li key={gap.title}>
          <span className="font-medium">{gap.title}</span>: {gap.detail}
          {gap.evidence.length > 0 ? <span> (evidence: {gap.evidence.join('; ')})</span> : null}
        </li>
      ))}
    </ul>
  )
}

function Medications({ brief }: { brief: PreVisitBrief }) {
  if (brief.medications.length === 0) return <p>No Part D fills in the last 180 days.</p>
  return (
    <table className="table table-sm">
      <caption className="sr-only">Drugs filled in the last 180 days</caption>
      <thead className="text-base-content">
        <tr>
          <th scope="col">Drug</th>
          <th scope="col">Last fill</th>
          <th scope="col">Fills</th>
          <th scope="col">Prescriber</th>
          <th scope="col">Star measure</th>
        </tr>
      </thead>
      <tbody>
        {brief.medications.map((medication, index) => (
          <tr key={`${medication.drug_name ?? 'unnamed'}-${index}`}>
            <th scope="row" className="font-medium">
              {medication.drug_name ?? 'Unnamed drug'}
            </th>
            <td>
              {formatLongDate(medication.last_fill)}
              {medication.days_supply === null ? '' : ` (${medication.days_supply} days)`}
            </td>
            <td>{medication.fills}</td>
            <td>{medication.prescriber_name ?? '—'}</td>
            <td>{medication.measure ? MEASURE_LABELS[medication.measure] : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Visits({ brief }: { brief: PreVisitBrief }) {
  const wellness = brief.last_wellness_visit
  return (
    <>
      <p>
        Annual wellness visit:{' '}
        {wellness
          ? `last ${formatLongDate(wellness.date)} (${wellness.code}); covered again from ${formatLongDate(brief.wellness_due_on)}`
          : 'none on the Medicare claims'}
        .
      </p>
      {brief.last_visits.length === 0 ? (
        <p>No office or outpatient visits on the claims.</p>
      ) : (
        <table className="table table-sm">
          <caption className="sr-only">Last office and outpatient visits</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Setting</th>
              <th scope="col">Provider</th>
              <th scope="col">Codes</th>
            </tr>
          </thead>
          <tbody>
            {brief.last_visits.map((visit, index) => (
              <tr key={`${visit.date ?? ''}-${index}`}>
                <td>{formatLongDate(visit.date)}</td>
                <td>{visit.claim_type === 'CARRIER' ? 'Office (professional)' : 'Outpatient facility'}</td>
                <td>{visit.provider_name ?? '—'}</td>
                <td>{visit.codes.join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}

function Brief({ brief }: { brief: PreVisitBrief }) {
  return (
    <article id="pre-visit-brief" className="flex flex-col gap-6" aria-labelledby="brief-heading">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="brief-heading" className="text-3xl font-bold">
            Pre-visit brief: {brief.patient_name}
          </h1>
          <p>
            {brief.birth_date ? `Born ${formatLongDate(brief.birth_date)}. ` : ''}
            Medicare data as of {formatReadableDate(brief.data_as_of)}; prepared{' '}
            {formatReadableDate(brief.generated_at)}.
          </p>
        </div>
        <div className="brief-screen-only flex gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
            Print
          </button>
          <Link
            className="btn btn-outline btn-sm"
            to={generatePath(paths.patientDetail, { id: brief.patient_id })}
          >
            Back to patient
          </Link>
        </div>
      </header>
      {!brief.served ? (
        <Alert type="info">
          No Medicare data is shared for this patient now: the brief has only their name.
        </Alert>
      ) : null}
      <BriefSection id="brief-changes" title="What changed since your last brief">
        <Changes changes={brief.changes} />
      </BriefSection>
      <BriefSection id="brief-gaps" title="Open gaps">
        <OpenGaps brief={brief} />
      </BriefSection>
      <BriefSection id="brief-adherence" title="Medication adherence">
        {brief.adherence.served ? (
          <AdherenceTable
            measures={brief.adherence.measures}
            caption={`Medication adherence in ${brief.adherence.year}`}
          />
        ) : (
          <p>Not measured.</p>
        )}
      </BriefSection>
      <BriefSection id="brief-medications" title="Current medications">
        <Medications brief={brief} />
      </BriefSection>
      <BriefSection id="brief-visits" title="Last visits">
        <Visits brief={brief} />
      </BriefSection>
    </article>
  )
}

/** Records the opening once the brief has loaded (once per page view). */
function useRecordOpening(patientId: string, loaded: boolean) {
  const mark = useMarkBriefOpened()
  const recorded = useRef(false)
  useEffect(() => {
    if (!loaded || recorded.current) return
    recorded.current = true
    mark.mutate(patientId)
  }, [loaded, patientId, mark])
}

export function BriefPage() {
  const { id = '' } = useParams()
  const valid = isValidPatientId(id)
  const brief = useBrief(id, valid)
  useRecordOpening(id, valid && brief.isSuccess)
  if (!valid) return <Alert type="error">{MESSAGES.patientId}</Alert>
  if (brief.isPending) return <Spinner label="Preparing the brief…" />
  if (brief.isError)
    return (
      <Alert type="error">
        {isApiError(brief.error) && brief.error.status === 404
          ? 'This patient is not in your scope.'
          : 'The brief is unavailable right now.'}
      </Alert>
    )
  return <Brief brief={brief.data} />
}
