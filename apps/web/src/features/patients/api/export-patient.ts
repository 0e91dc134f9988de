// GET /api/patients/{id}/export/?format=csv|fhir: fetched through the API client (bearer, refresh) and handed
// to the browser as a file, because a plain link would carry no token.
import { patientExportFilename } from '@blueconsent/contract/patients'
import { saveFile } from '@/components/patient-data/save-file.ts'
import { callEndpointUnparsed } from '@/lib/endpoints.ts'

export type ExportFormat = 'csv' | 'fhir'

const FILE_TYPE: Record<ExportFormat, string> = { csv: 'text/csv', fhir: 'application/fhir+json' }

/** Today in the reader's own calendar, as the file name's date. */
function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export async function exportPatient(patientId: string, format: ExportFormat): Promise<void> {
  const body = await callEndpointUnparsed('patients.export', { params: { id: patientId }, query: { format } })
  // The client parses JSON bodies; a CSV arrives as the text it was.
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2)
  saveFile(text, patientExportFilename(format, localDay(new Date())), FILE_TYPE[format])
}
