// 'Medication adherence' on the patient page (provider roles): the proportion of days covered this year for
// the three Part D Star measures, a flag below 80%, and the way to the pre-visit brief.
import { Link, generatePath } from 'react-router'
import { paths } from '@/app/paths.ts'
import { formatLongDate } from '@/components/patient-data/format.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { usePatientAdherence } from '../api/adherence-api.ts'
import { AdherenceTable } from './adherence-table.tsx'

export function AdherencePanel({ patientId }: { patientId: string }) {
  const adherence = usePatientAdherence(patientId)
  const data = adherence.data
  return (
    <section aria-labelledby="adherence-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h2 id="adherence-heading" className="card-title">
            Medication adherence
          </h2>
          <Link className="btn btn-sm btn-outline" to={generatePath(paths.patientBrief, { id: patientId })}>
            Open pre-visit brief
          </Link>
        </div>
        {adherence.isPending ? <Spinner label="Loading adherence…" /> : null}
        {adherence.isError ? <Alert type="error">Adherence is unavailable right now.</Alert> : null}
        {data && !data.served ? (
          <p>No Medicare data is shared for this patient now, so adherence cannot be measured.</p>
        ) : null}
        {data?.served ? (
          <>
            <p className="text-sm">
              Proportion of days covered by Part D fills, {data.year} to {formatLongDate(data.as_of)}, as the
              Medicare Star measures count it (80% or more is adherent; hospital and nursing facility days are
              left out).
            </p>
            <AdherenceTable measures={data.measures} caption={`Medication adherence in ${data.year}`} />
            {data.unnamed_fills > 0 ? (
              <p className="text-sm">
                {data.unnamed_fills} fill{data.unnamed_fills === 1 ? '' : 's'} without a drug name could not
                be placed in a measure.
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  )
}
