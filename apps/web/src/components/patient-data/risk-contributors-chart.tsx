// What the risk score is made of: one bar per demographic term and HCC, as long as its coefficient. The
// labels and values are the text alternative, so the bars themselves are hidden from assistive technology.
import { useId } from 'react'
import type { RiskScore } from '@blueconsent/contract/patients'
import { formatCoefficient } from './format.ts'

type Contributor = { key: string; label: string; value: number; kind: 'term' | 'hcc' }

/**
 * Every model variable that adds to the raw score, once: the engine's terms already include the payment
 * HCCs (kind 'disease') beside the demographic, interaction and count terms, so the rows add up to the
 * raw score. An HCC is labelled by its variable and name, as in the HCC list.
 */
export function riskContributors(risk: RiskScore): Contributor[] {
  return risk.terms
    .map((term): Contributor =>
      term.kind === 'disease'
        ? {
            key: term.variable,
            label: `${term.variable} ${term.label}`,
            value: term.coefficient,
            kind: 'hcc',
          }
        : { key: term.variable, label: term.label, value: term.coefficient, kind: 'term' },
    )
    .sort((a, b) => b.value - a.value)
}

/** The terms listed apart from the HCCs: demographics, interactions and the HCC count. */
export const nonDiseaseTerms = (risk: RiskScore): RiskScore['terms'] =>
  risk.terms.filter((term) => term.kind !== 'disease')

export function RiskContributorsChart({ risk }: { risk: RiskScore }) {
  const captionId = useId()
  const contributors = riskContributors(risk)
  if (contributors.length === 0) return null
  const largest = Math.max(...contributors.map((item) => Math.abs(item.value)), 0.001)
  return (
    <figure className="flex flex-col gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold">
        What adds to the raw score of {risk.raw_score.toFixed(3)}
      </figcaption>
      <ul className="flex flex-col gap-1">
        {contributors.map((item) => (
          <li
            key={item.key}
            className="grid grid-cols-[minmax(8rem,16rem)_1fr_4rem] items-center gap-2 text-sm"
          >
            <span>{item.label}</span>
            <span aria-hidden="true" className="h-3 rounded bg-base-200">
              <span
                className={`block h-3 rounded ${item.kind === 'hcc' ? 'bg-primary' : 'bg-secondary'}`}
                style={{ width: `${(Math.abs(item.value) / largest) * 100}%` }}
              />
            </span>
            <span className="text-right tabular-nums">{formatCoefficient(item.value)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <span aria-hidden="true" className="inline-block h-3 w-3 rounded bg-secondary align-middle" />{' '}
        demographic and interaction terms;{' '}
        <span aria-hidden="true" className="inline-block h-3 w-3 rounded bg-primary align-middle" /> condition
        categories (HCCs).
      </p>
    </figure>
  )
}
