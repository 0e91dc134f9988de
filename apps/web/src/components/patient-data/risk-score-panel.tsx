// The risk score with its explanation: which model scored it and why (CMS-HCC, or ESRD when Medicare records
// ESRD status), every term and HCC that adds to it, and the claims behind each HCC.
// HCCs arrive as the model's variable names ('HCC38'); dropped_by holds HCCs or a model rule's wording.
import type { RiskScore } from '@blueconsent/contract/patients'
import { diagnosisText, formatCoefficient, formatDate } from './format.ts'
import { nonDiseaseTerms } from './risk-contributors-chart.tsx'
import { scoreCaveats, sourceClaimText, sourceText } from './risk-score-words.ts'
import { ownValue } from '@blueconsent/contract/shared'

type Evidence = RiskScore['hccs'][number]['diagnoses']

function EvidenceList({ diagnoses }: { diagnoses: Evidence }) {
  if (diagnoses.length === 0) return null
  return (
    <ul className="ml-4 list-disc text-sm">
      {diagnoses.map((diagnosis) => (
        <li key={diagnosis.code}>
          {diagnosisText({ ...diagnosis, system: 'icd10' })}
          {diagnosis.sources.length > 0 ? (
            <>
              , billed on{' '}
              {diagnosis.sources.map((source, index) => (
                <span key={source.claim_id}>
                  {index > 0 ? '; ' : ''}
                  {sourceText(source)}{' '}
                  <span className="text-base-content/70" title={source.claim_id}>
                    ({sourceClaimText(source)})
                  </span>
                </span>
              ))}
            </>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

// The engine names its defaulted inputs by variable (packages/hcc DefaultableInput); people read these.
const INPUT_LABELS: Record<string, string> = {
  orec: 'original reason for entitlement',
  dual: 'dual status',
  lti: 'long-term institutional status',
  newEnrollee: 'new enrollee status',
  snp: 'special needs plan enrolment',
  esrd: 'end-stage renal disease status',
  maMonths: 'Medicare Advantage months',
}

export const defaultedInputLabel = (input: string): string => ownValue(INPUT_LABELS, input) ?? input

/** What the score is and what it cannot know, in plain words; the model's own notes are one click away. */
function PlainSummary({ risk }: { risk: RiskScore }) {
  return (
    <div className="flex flex-col gap-2">
      <p>
        This score estimates how this patient’s expected Medicare costs compare with an average beneficiary,
        who scores 1.000. It is calculated from the diagnoses on the Medicare claims we received, last on{' '}
        {formatDate(risk.calculation_date)}.
      </p>
      <p>
        It cannot know conditions that were never billed to Original Medicare, such as care paid by a Medicare
        Advantage plan or not yet billed, so it may be lower than the patient’s true risk.
      </p>
    </div>
  )
}

/** What the score could not know and what it assumed instead, in sentences a clinician acts on. */
function Warnings({ risk }: { risk: RiskScore }) {
  // What the record cannot show comes first (a short history, withheld claims), then how the score was read.
  const caveats = [
    ...(risk.data_limitations ?? []).map((limitation) => limitation.message),
    ...scoreCaveats(risk),
  ]
  if (caveats.length === 0) return null
  return (
    <div role="note" className="alert alert-warning flex flex-col items-start">
      <p className="font-semibold">Read this score with care</p>
      <ul className="ml-4 list-disc">
        {caveats.map((caveat) => (
          <li key={caveat}>{caveat}</li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The engine's own notes for readers who want them: each assumption in modelling terms, the completeness
 * note and the model's warnings (data it needs, edits it applies, rounding).
 */
function TechnicalNotes({ risk }: { risk: RiskScore }) {
  const notes = [
    ...(risk.completeness.status !== 'complete' ? [`Data completeness: ${risk.completeness.note}`] : []),
    ...risk.defaulted.map((item) => `Assumed ${defaultedInputLabel(item.input)}: ${item.reason}`),
    ...risk.warnings,
  ]
  if (notes.length === 0) return null
  return (
    <details className="rounded-box border border-base-300 p-3">
      <summary className="cursor-pointer font-medium">Technical detail</summary>
      <ul className="ml-4 mt-2 list-disc">
        {notes.map((note, index) => (
          // Model warnings and scoring notes are free text and may repeat.
          <li key={`${index}-${note}`}>{note}</li>
        ))}
      </ul>
    </details>
  )
}

export function RiskScorePanel({ risk }: { risk: RiskScore }) {
  return (
    <section aria-labelledby="risk-score-heading" className="flex flex-col gap-3">
      <h3 id="risk-score-heading" className="text-lg font-semibold">
        Risk score
      </h3>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Payment score</dt>
        <dd className="text-2xl font-bold">{risk.payment_score.toFixed(3)}</dd>
        <dt className="font-medium">Model</dt>
        <dd>
          {risk.model}, payment year {risk.payment_year}
        </dd>
        {risk.model_choice ? (
          <>
            <dt className="font-medium">Why this model</dt>
            <dd>{risk.model_choice.reason}</dd>
          </>
        ) : null}
        <dt className="font-medium">Segment</dt>
        <dd>{risk.segment_label}</dd>
        <dt className="font-medium">Raw score</dt>
        <dd>
          {risk.raw_score.toFixed(3)}
          {risk.normalized_score != null ? ` (normalized ${risk.normalized_score.toFixed(3)})` : ''}
        </dd>
        <dt className="font-medium">Calculated</dt>
        <dd>{formatDate(risk.calculation_date)}</dd>
      </dl>
      <PlainSummary risk={risk} />
      <Warnings risk={risk} />
      <TechnicalNotes risk={risk} />
      <h4 className="font-semibold">Demographic and interaction terms</h4>
      {nonDiseaseTerms(risk).length === 0 ? (
        <p>No demographic terms.</p>
      ) : (
        <ul className="ml-4 list-disc">
          {nonDiseaseTerms(risk).map((term) => (
            <li key={term.variable}>
              {term.label} ({term.variable}): {formatCoefficient(term.coefficient)}
            </li>
          ))}
        </ul>
      )}
      <h4 className="font-semibold">Condition categories (HCCs)</h4>
      {risk.hccs.length === 0 ? (
        <p>No payment HCCs found in the claims.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {risk.hccs.map((hcc) => (
            <li key={hcc.hcc}>
              <p>
                <span className="font-medium">
                  {hcc.hcc} {hcc.label}
                </span>
                : {formatCoefficient(hcc.coefficient)}
                {hcc.dropped.length > 0 ? ` (outranks ${hcc.dropped.join(', ')})` : ''}
              </p>
              <EvidenceList diagnoses={hcc.diagnoses} />
            </li>
          ))}
        </ul>
      )}
      {risk.dropped_by_hierarchy.length > 0 ? (
        <>
          <h4 className="font-semibold">Dropped by hierarchy</h4>
          <ul className="flex flex-col gap-2">
            {risk.dropped_by_hierarchy.map((hcc) => (
              <li key={hcc.hcc}>
                <p>
                  {hcc.hcc} {hcc.label}: not counted, removed by {hcc.dropped_by.join('; ')}
                </p>
                <EvidenceList diagnoses={hcc.diagnoses} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
