// The brief's "Open gaps" section: the patient's open gaps from the risk-gap worklist (computed when a pull
// completes), most valuable first, each in a sentence a clinician reads before the visit, with its evidence.
import type { BriefGap } from '@blueconsent/contract/adherence'
import type { RiskGap } from '@blueconsent/contract/risk-gaps'
import type { AppContext } from '../../platform/context.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { listGapsForPatient } from '../risk-gaps/index.ts'

export type OpenGapsSource = (ctx: AppContext, source: Actor, patientId: string) => Promise<BriefGap[]>

const score = (value: number): string => (value >= 0 ? `+${value.toFixed(3)}` : value.toFixed(3))

function detailOf(gap: RiskGap): string {
  if (gap.trumped_by)
    return `Already covered by ${gap.trumped_by} this year: documenting it changes no score.`
  const worth = `Worth ${score(gap.value)} on the CMS-HCC score (${gap.model})`
  const partD = gap.rx_hcc ? `, ${score(gap.rx_value)} on the Part D score` : ''
  const code = gap.suggested_code ? ` Likely code: ${gap.suggested_code}.` : ''
  return `${worth}${partD} if documented at this visit.${code}`
}

function evidenceOf(gap: RiskGap): string[] {
  const claims = gap.claims.map(
    (claim) =>
      `${claim.date ?? 'Undated'}: ${claim.codes.join(', ')}${claim.provider_name ? ` (${claim.provider_name})` : ''}`,
  )
  const fills = gap.fills.map(
    (fill) => `${fill.fill_date ?? 'Undated'}: ${fill.drug_name ?? fill.ndc ?? 'a Part D fill'} filled`,
  )
  return [...claims, ...fills]
}

export function briefGapOf(gap: RiskGap): BriefGap {
  const kind = gap.type === 'recapture' ? 'Not yet documented this year' : 'Suggested by the prescriptions'
  const confidence = gap.confidence ? ` (${gap.confidence} confidence)` : ''
  return { title: `${gap.condition}: ${kind}${confidence}`, detail: detailOf(gap), evidence: evidenceOf(gap) }
}

export const openGapsFor: OpenGapsSource = async (ctx, source, patientId) => {
  const { gaps } = await listGapsForPatient(ctx, source, patientId)
  return gaps
    .filter((gap) => gap.status === 'open')
    .sort((a, b) => b.value - a.value)
    .map(briefGapOf)
}

/** Whether the brief's gaps come from the worklist (the page says when they do not). */
export const OPEN_GAPS_WIRED = true
