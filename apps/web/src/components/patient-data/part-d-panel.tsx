// The patient's Part D risk score (RxHCC V08) beside the CMS-HCC one, explained the same way: each RxHCC with
// the diagnoses and claims behind it and the drug fills that support it; the patient's open risk gaps; and
// what the data cannot show (withheld substance-use claims, a record shorter than a year).
import {
  GAP_STATUS_LABELS,
  GAP_TYPE_LABELS,
  type PartDScore,
  type PatientRiskGaps,
} from '@blueconsent/contract/risk-gaps'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { Alert } from '../ui/alert.tsx'
import { Spinner } from '../ui/spinner.tsx'
import { formatCoefficient, formatDate } from './format.ts'

function RxHccList({ score }: { score: PartDScore }) {
  if (score.rx_hccs.length === 0) return <p>No RxHCC is supported by this year’s diagnoses.</p>
  return (
    <ul className="flex flex-col gap-2">
      {score.rx_hccs.map((rx) => (
        <li key={rx.rx_hcc}>
          <span className="font-medium">
            {rx.label} ({rx.rx_hcc}) {formatCoefficient(rx.coefficient)}
          </span>
          <ul className="ml-4 list-disc text-sm">
            {rx.diagnoses.map((dx) => (
              <li key={dx.code}>
                Diagnosis {dx.code}
                {dx.claims.length > 0
                  ? ` from claim ${dx.claims.map((c) => `${c.claim_id} (${formatDate(c.date)})`).join('; ')}`
                  : null}
              </li>
            ))}
            {rx.fills.map((fill) => (
              <li key={fill.medication_id}>
                Supported by {fill.drug_name ?? `NDC ${fill.ndc ?? 'unknown'}`} filled{' '}
                {formatDate(fill.fill_date)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}

function PartDScoreCard({ score }: { score: PartDScore }) {
  return (
    <section aria-labelledby="part-d-heading" className="flex flex-col gap-2">
      <h3 id="part-d-heading" className="text-lg font-semibold">
        Part D risk score (RxHCC V08, payment year {score.payment_year})
      </h3>
      <p>
        {score.normalized.map((n) => `${formatCoefficient(n.score)} for ${n.plan}`).join(', ')} (raw{' '}
        {formatCoefficient(score.raw_score)}; {score.segment_label}).
      </p>
      <RxHccList score={score} />
      {score.dropped.length > 0 ? (
        <p className="text-sm">
          Not counted (a more severe RxHCC of the same family is):{' '}
          {score.dropped.map((d) => `${d.label} (${d.rx_hcc}, by ${d.dropped_by.join(', ')})`).join('; ')}
        </p>
      ) : null}
    </section>
  )
}

function OpenGaps({ gaps }: { gaps: PatientRiskGaps['gaps'] }) {
  if (gaps.length === 0) return <p>No open risk gaps.</p>
  return (
    <ul className="ml-4 list-disc">
      {gaps.map((gap) => (
        <li key={gap.id}>
          {GAP_TYPE_LABELS[gap.type]}: {gap.condition}
          {gap.hcc ? ` (${gap.hcc})` : ''}, score effect {formatCoefficient(gap.value)}
          {gap.status !== 'open' ? `, ${GAP_STATUS_LABELS[gap.status].toLowerCase()}` : ''}
        </li>
      ))}
    </ul>
  )
}

export const patientRiskGapsQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: ['risk-gaps', 'patient', patientId] as const,
    queryFn: ({ signal }) => callEndpoint('risk-gaps.patient', { params: { id: patientId }, signal }),
  })

export function PartDPanel({ patientId }: { patientId: string }) {
  const data = useQuery(patientRiskGapsQueryOptions(patientId))
  if (data.isPending) return <Spinner label="Loading the Part D score…" />
  if (data.isError) return <Alert type="error">Failed to load the Part D score and risk gaps.</Alert>
  return <PartDView data={data.data} />
}

export function PartDView({ data }: { data: PatientRiskGaps }) {
  const { part_d_score: score, gaps, caveats } = data
  return (
    <div className="flex flex-col gap-4">
      {score ? (
        <PartDScoreCard score={score} />
      ) : (
        <p>No Part D risk score is available for this patient yet.</p>
      )}
      <section aria-labelledby="patient-gaps-heading" className="flex flex-col gap-2">
        <h3 id="patient-gaps-heading" className="text-lg font-semibold">
          Risk gaps
        </h3>
        <OpenGaps gaps={gaps} />
      </section>
      {caveats.length > 0 ? (
        <ul className="text-sm">
          {caveats.map((caveat) => (
            <li key={caveat}>{caveat}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
