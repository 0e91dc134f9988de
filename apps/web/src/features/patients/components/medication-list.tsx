// A patient's medications as current fills (the supply still covers today) and past fills.
import { PATIENT_DATA_MESSAGES, type Medication } from '@blueconsent/contract/patients'
import { type DisplayOptions } from '@blueconsent/contract/shared'
import { splitByCurrency } from '@/components/patient-data/medication-supply.ts'
import { MedicationsTable } from '@/components/patient-data/medications-table.tsx'

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
      <FillSection
        title="Current fills"
        empty="No fill covers today."
        medications={current}
        options={options}
      />
      <FillSection title="Past fills" empty="No past fills." medications={past} options={options} />
    </div>
  )
}

type FillSectionProps = {
  title: string
  empty: string
  medications: readonly Medication[]
  options: DisplayOptions
}

function FillSection({ title, empty, medications, options }: FillSectionProps) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-lg font-semibold">
        {title} ({medications.length})
      </h3>
      {medications.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <MedicationsTable medications={medications} columns={options} caption={title} />
      )}
    </section>
  )
}
