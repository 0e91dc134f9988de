import type { ReactNode } from 'react'

export type DetailRow = readonly [label: string, value: ReactNode]

/** Label and value pairs as a two-column definition list; a missing value reads as a dash. */
export function DetailsList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  )
}
