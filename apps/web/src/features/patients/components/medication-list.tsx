// Medications split into current and past fills: a fill is current while its days supply lasts (fill date +
// days supply reaches today), else past (issue 6). Fills without a date or supply count as past.
import { PATIENT_DATA_MESSAGES, type DisplayOptions, type Medication } from '@blueconsent/contract'
import { formatCents, formatDate } from '../../../components/patient-data/format.ts'

const DAY_MS = 86_400_000

/** The last day a fill covers, as YYYY-MM-DD, or null when it cannot be told. */
export function supplyEnds(medication: Medication): string | null {
  if (!medication.start_date || medication.days_supply == null) return medication.end_date
  const start = Date.parse(`${medication.start_date.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(start)) return medication.end_date
  return new Date(start + (Math.max(medication.days_supply, 1) - 1) * DAY_MS).toISOString().slice(0, 10)
}

export function splitByCurrency(medications: readonly Medication[], today: string) {
  const byFillDate = [...medications].sort((a, b) => (b.start_date ?? '').localeCompare(a.start_date ?? ''))
  const isCurrent = (medication: Medication) => {
    const ends = supplyEnds(medication)
    return ends != null && ends >= today && (medication.start_date ?? '') <= today
  }
  return { current: byFillDate.filter(isCurrent), past: byFillDate.filter((item) => !isCurrent(item)) }
}

type MedicationListProps = { medications: readonly Medication[]; options: DisplayOptions; today?: string }

export function MedicationList({
  medications,
  options,
  today = new Date().toISOString().slice(0, 10),
}: MedicationListProps) {
  if (medications.length === 0) return <p>{PATIENT_DATA_MESSAGES.noMedications}</p>
  const { current, past } = splitByCurrency(medications, today)
  return (
    <div className="flex flex-col gap-4">
      <FillTable
        title="Current fills"
        empty="No fill covers today."
        medications={current}
        options={options}
      />
      <FillTable title="Past fills" empty="No past fills." medications={past} options={options} />
    </div>
  )
}

type FillTableProps = {
  title: string
  empty: string
  medications: readonly Medication[]
  options: DisplayOptions
}

function FillTable({ title, empty, medications, options }: FillTableProps) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-lg font-semibold">
        {title} ({medications.length})
      </h3>
      {medications.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Medication</th>
                <th scope="col">Filled</th>
                <th scope="col">Days supply</th>
                <th scope="col">Supply ends</th>
                {options.providerDetails ? <th scope="col">Prescriber</th> : null}
                {options.medicationDetails ? <th scope="col">NDC</th> : null}
                {options.costs ? <th scope="col">Patient paid</th> : null}
              </tr>
            </thead>
            <tbody>
              {medications.map((medication) => (
                <tr key={medication.id}>
                  <td>
                    {medication.name ?? medication.drug_name ?? '—'}
                    {(medication.strength ?? medication.dosage) ? (
                      <span className="block">{medication.strength ?? medication.dosage}</span>
                    ) : null}
                  </td>
                  <td>{formatDate(medication.start_date)}</td>
                  <td>{medication.days_supply ?? '—'}</td>
                  <td>{formatDate(supplyEnds(medication))}</td>
                  {options.providerDetails ? (
                    <td>{medication.prescribing_provider ?? medication.prescriber_npi ?? '—'}</td>
                  ) : null}
                  {options.medicationDetails ? <td>{medication.ndc ?? '—'}</td> : null}
                  {options.costs ? <td>{formatCents(medication.patient_pay_cents)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
