// 'Medicare status' on the patient page: dual status and Medicare visits, for the roles whose display options
// include them. Both come from queries the page makes anyway (risk score, consolidated data), so
// the panel adds no request of its own.
import type { DisplayOptions } from '@blueconsent/contract/shared'
import type { ReactNode } from 'react'
import { Link, generatePath } from 'react-router'
import { paths } from '@/app/paths.ts'
import { formatLongDate } from '@/components/patient-data/format.ts'
import { useConsolidated, useRiskScore } from '../api/patients-api.ts'
import { dualStatusOf, medicareVisits, type Visit } from './medicare-status.ts'
import { DetailsList } from '@/components/patient-data/details-list.tsx'

type MedicareStatusPanelProps = { patientId: string; options: DisplayOptions }

export function MedicareStatusPanel({ patientId, options }: MedicareStatusPanelProps) {
  const risk = useRiskScore(patientId, options.dualStatus)
  const data = useConsolidated(patientId, options.medicareVisit)
  const rows: [string, ReactNode][] = []
  if (options.dualStatus) {
    let dual: ReactNode = 'Loading…'
    if (risk.isError) dual = 'Unavailable'
    else if (risk.data) {
      const status = dualStatusOf(risk.data.explanation)
      dual = (
        <>
          {status.label} <span className="text-sm">(from {status.source})</span>
        </>
      )
    }
    rows.push(['Dual status', dual])
  }
  if (options.medicareVisit) {
    const visits = data.data ? medicareVisits(data.data.claims) : null
    const shown = (visit: Visit | null | undefined) => {
      if (data.isError) return 'Unavailable'
      if (visits == null) return 'Loading…'
      return visit ? (
        <VisitText visit={visit} showProvider={options.providerDetails} />
      ) : (
        'None in the claims on file'
      )
    }
    rows.push(['Last Medicare visit', shown(visits?.last)], ['Last wellness visit', shown(visits?.wellness)])
  }
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="medicare-status-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-2">
        <h2 id="medicare-status-heading" className="card-title">
          Medicare status
        </h2>
        <DetailsList rows={rows} />
      </div>
    </section>
  )
}

/**
 * 'Sep 9, 2026 — Emergency department visit (CPT 99283) with NPI 1948832088': a sentence a clinician reads at
 * a glance, linking to the claim it comes from (whose id alone meant nothing to anyone).
 */
function VisitText({ visit, showProvider }: { visit: Visit; showProvider: boolean }) {
  const who = showProvider && visit.provider ? ` with ${visit.provider}` : ''
  const text = `${formatLongDate(visit.date)} — ${visit.what}${who}`
  if (visit.recordId === null) return <>{text}</>
  return (
    <Link className="link" to={generatePath(paths.claimDetail, { id: visit.recordId })}>
      {text}
    </Link>
  )
}
