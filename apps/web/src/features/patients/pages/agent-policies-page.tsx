// /app/agent/policies: a client's Medicare coverage as their Blue Button Coverage resources state it —
// Parts A, B, C and D with their dates, and the plan numbers of the newest month.
import type { Coverage } from '@blueconsent/contract/patients'
import { Link, useSearchParams } from 'react-router'
import { formatReadableDate } from '@/components/patient-data/format.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useCoverage } from '../api/patients-api.ts'
import { ClientPicker } from '../components/client-picker.tsx'
import { ownValue } from '@blueconsent/contract/shared'
import { scrollRegion } from '@/components/ui/scroll-region.ts'

const PART_NAMES: Record<string, string> = {
  A: 'Part A (hospital)',
  B: 'Part B (medical)',
  C: 'Part C (Medicare Advantage)',
  D: 'Part D (drugs)',
}

export function AgentPoliciesPage() {
  const [params, setParams] = useSearchParams()
  const clientId = params.get('client') ?? ''
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Policies</h1>
          <p className="mt-2">A client’s Medicare coverage, from the data they shared through Medicare.</p>
        </div>
        <Link className="btn btn-outline" to="/app/dashboard">
          Back to Dashboard
        </Link>
      </div>
      <ClientPicker
        value={clientId}
        onChange={(id) => setParams(id ? { client: id } : {}, { replace: true })}
      />
      {clientId ? <CoverageCard clientId={clientId} /> : null}
    </div>
  )
}

function CoverageCard({ clientId }: { clientId: string }) {
  const coverage = useCoverage(clientId)
  if (coverage.isPending) return <Spinner label="Loading coverage…" />
  if (coverage.isError) return <Alert type="error">Failed to load the client’s coverage.</Alert>
  return <CoverageDetails coverage={coverage.data} />
}

const plan = (entry: Coverage['part_c']) =>
  entry ? `${entry.contract}${entry.plan ? `-${entry.plan}` : ''}` : 'None'

function CoverageDetails({ coverage }: { coverage: Coverage }) {
  if (coverage.parts.length === 0) return <p>No coverage records in this client’s Medicare data.</p>
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="coverage-title">
      <div className="card-body gap-4">
        <h2 id="coverage-title" className="card-title">
          Medicare coverage{coverage.reference_year ? ` in ${coverage.reference_year}` : ''}
        </h2>
        <div className="overflow-x-auto" {...scrollRegion('Medicare parts')}>
          <table className="table">
            <caption className="sr-only">Medicare parts</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Status</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
              </tr>
            </thead>
            <tbody>
              {coverage.parts.map((part) => (
                <tr key={part.part}>
                  <td>{ownValue(PART_NAMES, part.part) ?? `Part ${part.part}`}</td>
                  <td>{part.status ?? 'Unknown'}</td>
                  <td>{part.start ? formatReadableDate(part.start) : '—'}</td>
                  <td>{part.end ? formatReadableDate(part.end) : 'Ongoing'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm font-semibold">Medicare Advantage plan</dt>
            <dd>{plan(coverage.part_c)}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold">Drug plan</dt>
            <dd>{plan(coverage.part_d)}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold">Medicare–Medicaid dual status code</dt>
            <dd>{coverage.dual_status ?? 'None'}</dd>
          </div>
        </dl>
        {coverage.last_updated ? (
          <p className="text-sm">
            Medicare updated these records on {formatReadableDate(coverage.last_updated)}.
          </p>
        ) : null}
      </div>
    </section>
  )
}
