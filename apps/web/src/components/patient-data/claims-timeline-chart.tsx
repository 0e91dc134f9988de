// Claims by month and type: stacked SVG columns, with the same counts in a table for screen readers and for
// anyone who prefers numbers (the SVG is hidden from assistive technology).
import { useId } from 'react'
import { CLAIM_TYPE_LABELS, type Claim, type ClaimType } from '@blueconsent/contract/patients'

type Month = { month: string; counts: Partial<Record<ClaimType, number>>; total: number }

// daisyUI colour names; fill-* picks up the theme, so the chart follows the selected theme.
const FILL: Record<ClaimType, string> = {
  CARRIER: 'fill-primary',
  OUTPATIENT: 'fill-secondary',
  INPATIENT: 'fill-accent',
  SNF: 'fill-info',
  HHA: 'fill-success',
  HOSPICE: 'fill-warning',
  DME: 'fill-error',
}
const SWATCH: Record<ClaimType, string> = {
  CARRIER: 'bg-primary',
  OUTPATIENT: 'bg-secondary',
  INPATIENT: 'bg-accent',
  SNF: 'bg-info',
  HHA: 'bg-success',
  HOSPICE: 'bg-warning',
  DME: 'bg-error',
}

export function claimsByMonth(claims: readonly Claim[]): Month[] {
  const months = new Map<string, Month>()
  for (const claim of claims) {
    const month = (claim.service_date ?? claim.date ?? '').slice(0, 7)
    if (!month) continue
    const entry = months.get(month) ?? { month, counts: {}, total: 0 }
    entry.counts[claim.claim_type] = (entry.counts[claim.claim_type] ?? 0) + 1
    entry.total += 1
    months.set(month, entry)
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month))
}

/** One sentence that says what the columns show, for readers who do not see the chart. */
export function claimsTimelineSummary(months: readonly Month[]): string {
  const first = months[0]
  const last = months.at(-1)
  if (!first || !last) return 'No dated claims.'
  const total = months.reduce((sum, month) => sum + month.total, 0)
  const busiest = months.reduce((top, month) => (month.total > top.total ? month : top), first)
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
  if (first.month === last.month) return `${plural(total, 'dated claim')}, all in ${first.month}.`
  return `${plural(total, 'dated claim')} from ${first.month} to ${last.month} (${plural(months.length, 'month')} with claims); the busiest month is ${busiest.month} with ${plural(busiest.total, 'claim')}.`
}

const WIDTH = 24
const GAP = 8
const HEIGHT = 120

export function ClaimsTimelineChart({ claims }: { claims: readonly Claim[] }) {
  const captionId = useId()
  const months = claimsByMonth(claims)
  if (months.length === 0) return null
  const types = [...new Set(claims.map((claim) => claim.claim_type))].sort()
  const tallest = Math.max(...months.map((month) => month.total))
  return (
    <figure className="flex flex-col gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold">
        Claims by month and type
      </figcaption>
      <p className="text-sm">{claimsTimelineSummary(months)}</p>
      <div className="overflow-x-auto" aria-hidden="true">
        <svg width={months.length * (WIDTH + GAP)} height={HEIGHT + 20} role="presentation">
          {months.map((month, index) => (
            <MonthColumn key={month.month} month={month} x={index * (WIDTH + GAP)} tallest={tallest} />
          ))}
        </svg>
      </div>
      <ul className="flex flex-wrap gap-3 text-sm" aria-hidden="true">
        {types.map((type) => (
          <li key={type} className="flex items-center gap-1">
            <span className={`inline-block h-3 w-3 rounded ${SWATCH[type]}`} />
            <span title={type}>{CLAIM_TYPE_LABELS[type]}</span>
          </li>
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer text-sm">Claims by month as a table</summary>
        <table className="table table-sm">
          <caption className="sr-only">Claims by month and type</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Month</th>
              {types.map((type) => (
                <th key={type} scope="col" title={type}>
                  {CLAIM_TYPE_LABELS[type]}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                {types.map((type) => (
                  <td key={type}>{month.counts[type] ?? 0}</td>
                ))}
                <td>{month.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}

function MonthColumn({ month, x, tallest }: { month: Month; x: number; tallest: number }) {
  let top = HEIGHT
  const segments = (Object.entries(month.counts) as [ClaimType, number][]).map(([type, count]) => {
    const height = (count / tallest) * HEIGHT
    top -= height
    return <rect key={type} x={x} y={top} width={WIDTH} height={height} className={FILL[type]} />
  })
  return (
    <g>
      {segments}
      <text x={x + WIDTH / 2} y={HEIGHT + 14} textAnchor="middle" fontSize="9" className="fill-base-content">
        {month.month.slice(2)}
      </text>
    </g>
  )
}
