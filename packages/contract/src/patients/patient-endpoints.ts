// The patients' HTTP face: /api/patients/… and a claim's detail. Every read is scoped to the caller's
// organisation and TINs on the server (404 outside them) and audited.
import { z } from 'zod'
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'
import { coverageSchema } from './patient-data.ts'
import {
  basicInfoSchema,
  claimDetailSchema,
  consolidatedSchema,
  noteBodySchema,
  noteListSchema,
  noteSchema,
  patientExportQuerySchema,
  patientListSchema,
  patientRiskScoreSchema,
  patientSchema,
  patientSearchQuerySchema,
} from './patients.ts'

export const noteParamsSchema = z.object({ id: z.string().max(200), noteId: z.string().max(200) })
export const noteListQuerySchema = z.looseObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
})

export const PATIENT_ENDPOINTS = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/patients/',
    access: 'PATIENTS_VIEW',
    query: patientSearchQuerySchema,
    answers: { 200: patientListSchema },
  }),
  read: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/',
    access: 'PATIENTS_VIEW',
    params: idParamsSchema,
    answers: { 200: patientSchema },
  }),
  basicInfo: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/basic_info/',
    access: 'PATIENTS_VIEW',
    params: idParamsSchema,
    answers: { 200: basicInfoSchema },
  }),
  riskScore: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/risk_score/',
    access: 'PATIENTS_VIEW',
    params: idParamsSchema,
    answers: { 200: patientRiskScoreSchema },
  }),
  consolidated: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/consolidated/',
    access: 'PATIENTS_VIEW',
    params: idParamsSchema,
    answers: { 200: consolidatedSchema },
  }),
  /** Also needs 'patients.view_claims'; without it the claim answers 404, like one outside the scope. */
  claim: defineEndpoint({
    method: 'GET',
    path: '/api/claims/:id/',
    access: 'PATIENTS_VIEW',
    params: idParamsSchema,
    answers: { 200: claimDetailSchema },
  }),
  /** A file (CSV or FHIR JSON), not a JSON answer of the contract. */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/export/',
    access: 'PATIENT_EXPORT',
    params: idParamsSchema,
    query: patientExportQuerySchema,
  }),
  /** Medicare coverage (parts, plan numbers): what an agent compares plans against. */
  coverage: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/coverage/',
    access: 'PATIENTS_VIEW',
    params: idParamsSchema,
    answers: { 200: coverageSchema },
  }),
  notes: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/notes/',
    access: 'PATIENTS_VIEW',
    params: idParamsSchema,
    query: noteListQuerySchema,
    answers: { 200: noteListSchema },
  }),
  createNote: defineEndpoint({
    method: 'POST',
    path: '/api/patients/:id/notes/',
    access: 'PATIENT_NOTES_EDIT',
    params: idParamsSchema,
    body: noteBodySchema,
    answers: { 201: noteSchema },
  }),
  updateNote: defineEndpoint({
    method: 'PATCH',
    path: '/api/patients/:id/notes/:noteId/',
    access: 'PATIENT_NOTES_EDIT',
    params: noteParamsSchema,
    body: noteBodySchema,
    answers: { 200: noteSchema },
  }),
  deleteNote: defineEndpoint({
    method: 'DELETE',
    path: '/api/patients/:id/notes/:noteId/',
    access: 'PATIENT_NOTES_EDIT',
    params: noteParamsSchema,
  }),
}
