import { PATIENT_DATA_MESSAGES, type Medication } from '@blueconsent/contract'
import { formatDate } from './format.ts'

export function MedicationsTable({ medications }: { medications: readonly Medication[] }) {
  if (medications.length === 0) return <p>{PATIENT_DATA_MESSAGES.noMedications}</p>
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Medications</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Medication</th>
            <th scope="col">NDC</th>
            <th scope="col">Filled</th>
            <th scope="col">Days supply</th>
            <th scope="col">Ends</th>
            <th scope="col">Prescriber</th>
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
              <td>{medication.ndc ?? '—'}</td>
              <td>{formatDate(medication.start_date)}</td>
              <td>{medication.days_supply ?? '—'}</td>
              <td>{formatDate(medication.end_date)}</td>
              <td>{medication.prescribing_provider ?? medication.prescriber_npi ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
