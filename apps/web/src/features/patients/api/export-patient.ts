// GET /api/patients/{id}/export/?format=csv|fhir: fetched through the API client (bearer, refresh) and handed
// to the browser as a file, because a plain link would carry no token.
import { saveFile } from '../../../components/patient-data/save-file.ts'
import { apiClient } from '../../../lib/api-client.ts'

export type ExportFormat = 'csv' | 'fhir'

const FILE: Record<ExportFormat, { extension: string; type: string }> = {
  csv: { extension: 'csv', type: 'text/csv' },
  fhir: { extension: 'json', type: 'application/fhir+json' },
}

export async function exportPatient(patientId: string, format: ExportFormat): Promise<void> {
  const body = await apiClient.get<unknown>(`/api/patients/${patientId}/export/`, { query: { format } })
  // The client parses JSON bodies; a CSV arrives as the text it was.
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2)
  saveFile(text, `patient-${patientId}.${FILE[format].extension}`, FILE[format].type)
}
