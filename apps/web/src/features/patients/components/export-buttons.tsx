// Export CSV / FHIR for roles with the 'export' display option; the server checks the role again.
import { useState } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { exportPatient, type ExportFormat } from '../api/export-patient.ts'

const EXPORT_FAILED = 'Export failed. Please try again.'

export function ExportButtons({ patientId }: { patientId: string }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const [failed, setFailed] = useState(false)
  const run = async (format: ExportFormat) => {
    setBusy(format)
    setFailed(false)
    try {
      await exportPatient(patientId, format)
    } catch {
      setFailed(true)
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={busy != null}
          onClick={() => void run('csv')}
        >
          {busy === 'csv' ? 'Exporting…' : 'Export CSV'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={busy != null}
          onClick={() => void run('fhir')}
        >
          {busy === 'fhir' ? 'Exporting…' : 'Export FHIR'}
        </button>
      </div>
      {failed ? <Alert type="error">{EXPORT_FAILED}</Alert> : null}
    </div>
  )
}
