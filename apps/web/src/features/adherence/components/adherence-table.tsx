// The three Part D Star adherence measures as a table: used by the patient page's panel and the brief.
import { scrollRegion } from '@/components/ui/scroll-region.ts'
import type { MeasureOutcome } from '@blueconsent/contract/adherence'
import { formatLongDate } from '@/components/patient-data/format.ts'
import { formatPdc, isFlagged, measureStatusText } from './adherence-format.ts'

function LastFill({ outcome }: { outcome: MeasureOutcome }) {
  const fill = outcome.last_fill
  if (!fill) return <>—</>
  const supply = fill.days_supply === null ? '' : `, ${fill.days_supply} days`
  return (
    <>
      {formatLongDate(fill.date)} ({fill.drug_name ?? 'unnamed drug'}
      {supply})
    </>
  )
}

function RanOut({ outcome }: { outcome: MeasureOutcome }) {
  if (!isFlagged(outcome) && outcome.ran_out_on === null) return <>—</>
  if (outcome.ran_out_on === null) return <>{outcome.days_without} days without</>
  return (
    <>
      {formatLongDate(outcome.ran_out_on)}; {outcome.days_without} days without
    </>
  )
}

export function AdherenceTable({
  measures,
  caption,
}: {
  measures: readonly MeasureOutcome[]
  caption: string
}) {
  return (
    <div className="overflow-x-auto" {...scrollRegion(caption)}>
      <table className="table table-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Measure</th>
            <th scope="col">Days covered</th>
            <th scope="col">Status</th>
            <th scope="col">Last fill</th>
            <th scope="col">Ran out</th>
          </tr>
        </thead>
        <tbody>
          {measures.map((outcome) => (
            <tr key={outcome.measure} data-measure={outcome.measure}>
              <th scope="row" className="font-medium">
                {outcome.label}
              </th>
              <td>{formatPdc(outcome.pdc)}</td>
              <td>
                {isFlagged(outcome) ? (
                  <span className="badge badge-error badge-outline">{measureStatusText(outcome)}</span>
                ) : (
                  measureStatusText(outcome)
                )}
              </td>
              <td>
                <LastFill outcome={outcome} />
              </td>
              <td>{isFlagged(outcome) ? <RanOut outcome={outcome} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
