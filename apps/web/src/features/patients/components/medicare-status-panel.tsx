// 'Medicare status' on the patient page: dual status and Medicare visits, for the roles whose display options
// include them. Both come from queries the page makes anyway (risk score, consolidated data), so
// the panel adds no request of its own.
import type { DisplayOptions } from '@blueconsent/contract/shared'
import type { ReactNode } from 'react'
import { formatReadableDate } from '../../../components/patient-data/format.ts'
import { useConsolidated, useRiskScore } from '../api/patients-api.ts'
import { dualStatusOf, medicareVisits, type Visit } from './medicare-status.ts'
import { DetailsList } from '../../../components/patient-data/details-list.tsx'

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
      return visit ? describeVisit(visit, options.providerDetails) : 'None in the claims on file'
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

/** 'Sep 1, 2026: Office visit with Sunrise Family Medicine' (the provider for roles that may see providers). */
function describeVisit(visit: Visit, showProvider: boolean): string {
  const withWhom = showProvider && visit.provider ? ` with ${visit.provider}` : ''
  return `${formatReadableDate(visit.date)}: ${visit.what}${withWhom}`
}
