// The one table of medication fills, in the patient record (current and past fills). Columns follow the
// role's display options.
import { type Medication } from '@blueconsent/contract/patients'
import { type DisplayOptions } from '@blueconsent/contract/shared'
import { drugLabel, drugNamesByNdc, formatCents, formatDate, formatNdc, providerLabel } from './format.ts'
import { supplyEnds } from './medication-supply.ts'
import { scrollRegion } from '../ui/scroll-region.ts'

export type MedicationColumns = Pick<DisplayOptions, 'providerDetails' | 'medicationDetails' | 'costs'>

type MedicationsTableProps = {
  medications: readonly Medication[]
  columns: MedicationColumns
  /** The table's accessible name. */
  caption?: string
}

export function MedicationsTable({ medications, columns, caption = 'Medications' }: MedicationsTableProps) {
  const names = drugNamesByNdc(medications)
  return (
    <div className="overflow-x-auto" {...scrollRegion(caption)}>
      <table className="table table-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Medication</th>
            <th scope="col">Filled</th>
            <th scope="col">Days supply</th>
            <th scope="col">Supply ends</th>
            {columns.providerDetails ? <th scope="col">Prescriber</th> : null}
            {columns.medicationDetails ? <th scope="col">NDC</th> : null}
            {columns.costs ? <th scope="col">Patient paid</th> : null}
          </tr>
        </thead>
        <tbody>
          {medications.map((medication) => (
            <tr key={medication.id}>
              <td>
                {drugLabel(medication, names)}
                {(medication.strength ?? medication.dosage) ? (
                  <span className="block">{medication.strength ?? medication.dosage}</span>
                ) : null}
              </td>
              <td>{formatDate(medication.start_date)}</td>
              <td>{medication.days_supply ?? '—'}</td>
              <td>{formatDate(supplyEnds(medication))}</td>
              {columns.providerDetails ? (
                <td>{providerLabel(medication.prescribing_provider, medication.prescriber_npi) ?? '—'}</td>
              ) : null}
              {columns.medicationDetails ? <td>{medication.ndc ? formatNdc(medication.ndc) : '—'}</td> : null}
              {columns.costs ? <td>{formatCents(medication.patient_pay_cents)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
