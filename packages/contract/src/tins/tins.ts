// The TIN registry of an ACO: the taxpayer identification numbers its practices bill under, each a scope that
// staff can be limited to. Calls live under /api/organizations/{orgId}/tins/ and are the ACO admin's alone.
import { z } from 'zod'
import { idSchema, isoDateTimeSchema, paginated } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

export const TIN_MESSAGES = {
  loadFailed: 'Failed to load TIN registry',
  createFailed: 'Failed to create TIN',
  updateFailed: 'Failed to update TIN',
  deleteFailed: 'Failed to delete TIN',
  reactivateFailed: 'Failed to reactivate TIN',
  bulkAssignFailed: 'Failed to bulk assign patients',
  noAcoOrganization: 'No ACO organization found',
  notInCatalog: 'TIN not found in catalog',
  nineDigits: 'A TIN is 9 digits, for example 12-3456789',
  duplicate: 'This TIN is already active in your organization',
  nameRequired: 'Practice or organization name is required',
} as const

/** Bulk attach takes at most this many patient ids or MRNs per call, all in one transaction. */
export const TIN_BULK_ATTACH_MAX = 5_000

/** A TIN as typed ('12-3456789', '123 456 789') reduced to its digits. */
export const tinDigits = (value: string): string => value.replace(/[\s-]/g, '')

/** Shown everywhere a TIN appears outside its own edit form: only the last four digits. */
export const maskTin = (digits: string): string => `XX-XXX${digits.slice(-4)}`

export const tinIdentifierSchema = z
  .string()
  .max(20, TIN_MESSAGES.nineDigits)
  .transform(tinDigits)
  .pipe(z.string().regex(/^\d{9}$/, TIN_MESSAGES.nineDigits))

const providerOrgNameSchema = z.string().trim().min(1, TIN_MESSAGES.nameRequired).max(200)

export const tinSchema = z.object({
  id: idSchema,
  identifier_value: z.string(),
  provider_org_name: z.string(),
  is_active: z.boolean(),
  masked_value: z.string(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  created_by_email: z.string().nullable(),
  /** Patients whose records sit under this TIN. */
  patient_count: z.number().int().optional(),
})
export type Tin = z.infer<typeof tinSchema>
export const tinListSchema = paginated(tinSchema)
export type TinList = z.infer<typeof tinListSchema>

export const tinCreateSchema = z.object({
  identifier_value: tinIdentifierSchema,
  provider_org_name: providerOrgNameSchema,
})
export type TinCreate = z.input<typeof tinCreateSchema>
export const tinUpdateSchema = tinCreateSchema.partial()
export type TinUpdate = z.input<typeof tinUpdateSchema>

export const tinListQuerySchema = z.looseObject({
  search: z.string().trim().max(100).optional(),
  is_active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
})

/** The registry's figures: every server sends the patients assigned; the others are this server's own. */
export const tinSummarySchema = z.object({
  total_tins: z.number().int().optional(),
  active_tins: z.number().int().optional(),
  inactive_tins: z.number().int().optional(),
  total_patients_assigned: z.number().int(),
  unassigned_patients: z.number().int().optional(),
})
export type TinSummary = z.infer<typeof tinSummarySchema>

/** A patient as the registry lists them: enough to recognise and assign, no clinical data. */
export const tinPatientSchema = z.object({
  id: idSchema,
  full_name: z.string(),
  mrn: z.string().nullable(),
  birth_date: z.string().nullable(),
  tin_id: idSchema.nullable(),
})
export type TinPatient = z.infer<typeof tinPatientSchema>
export const tinPatientListSchema = paginated(tinPatientSchema)
export type TinPatientList = z.infer<typeof tinPatientListSchema>

export const tinPatientQuerySchema = z.looseObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
})

export const bulkAttachSchema = z
  .object({
    patient_ids: z.array(idSchema).max(TIN_BULK_ATTACH_MAX).optional(),
    mrns: z.array(z.string().trim().min(1).max(64)).max(TIN_BULK_ATTACH_MAX).optional(),
  })
  .refine((body) => (body.patient_ids?.length ?? 0) + (body.mrns?.length ?? 0) > 0, {
    message: 'Give at least one patient id or MRN',
    path: ['patient_ids'],
  })
  .refine((body) => (body.patient_ids?.length ?? 0) + (body.mrns?.length ?? 0) <= TIN_BULK_ATTACH_MAX, {
    message: `At most ${TIN_BULK_ATTACH_MAX} patients per call`,
    path: ['patient_ids'],
  })
export type BulkAttach = z.input<typeof bulkAttachSchema>

export const bulkAttachResultSchema = z.object({
  detail: z.string(),
  results: z.object({
    total: z.number().int(),
    processed: z.number().int(),
    skipped: z.number().int(),
    /** Each value given that was not attached, and why. */
    errors: z.array(z.object({ value: z.string(), reason: z.string() })),
  }),
})
export type BulkAttachResult = z.infer<typeof bulkAttachResultSchema>

export const patientTinSchema = z.object({ tin_id: idSchema.nullable() })
export type PatientTin = z.infer<typeof patientTinSchema>

export const unassignedSummarySchema = z.object({ total_unassigned: z.number().int() })
export type UnassignedSummary = z.infer<typeof unassignedSummarySchema>

const organizationParamsSchema = z.object({ orgId: z.string().max(200) })
const tinParamsSchema = z.object({ orgId: z.string().max(200), id: z.string().max(200) })
const patientParamsSchema = z.object({ orgId: z.string().max(200), patientId: z.string().max(200) })

/** Only an ACO's admin reaches these; the server then requires the caller's own ACO (404 otherwise). */
export const TIN_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:orgId/tins/',
    access: 'ACO_ADMIN',
    params: organizationParamsSchema,
    query: tinListQuerySchema,
    answers: { 200: tinListSchema },
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:orgId/tins/summary/',
    access: 'ACO_ADMIN',
    params: organizationParamsSchema,
    answers: { 200: tinSummarySchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/organizations/:orgId/tins/',
    access: 'ACO_ADMIN',
    params: organizationParamsSchema,
    body: tinCreateSchema,
    answers: { 201: tinSchema },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/organizations/:orgId/tins/:id/',
    access: 'ACO_ADMIN',
    params: tinParamsSchema,
    body: tinUpdateSchema,
    answers: { 200: tinSchema },
  }),
  /** Deactivates the TIN (answers 204); its row and history stay. */
  deactivate: defineEndpoint({
    method: 'DELETE',
    path: '/api/organizations/:orgId/tins/:id/',
    access: 'ACO_ADMIN',
    params: tinParamsSchema,
  }),
  reactivate: defineEndpoint({
    method: 'POST',
    path: '/api/organizations/:orgId/tins/:id/reactivate/',
    access: 'ACO_ADMIN',
    params: tinParamsSchema,
    answers: { 200: tinSchema },
  }),
  patients: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:orgId/tins/:id/patients/',
    access: 'ACO_ADMIN',
    params: tinParamsSchema,
    query: tinPatientQuerySchema,
    answers: { 200: tinPatientListSchema },
  }),
  bulkAttach: defineEndpoint({
    method: 'POST',
    path: '/api/organizations/:orgId/tins/:id/bulk-attach-patients/',
    access: 'ACO_ADMIN',
    params: tinParamsSchema,
    body: bulkAttachSchema,
    answers: { 200: bulkAttachResultSchema },
  }),
  reassignPatient: defineEndpoint({
    method: 'PATCH',
    path: '/api/organizations/:orgId/patients/:patientId/tin/',
    access: 'ACO_ADMIN',
    params: patientParamsSchema,
    body: patientTinSchema,
    answers: { 200: tinPatientSchema },
  }),
  unassignedSummary: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:orgId/patients/unassigned/summary/',
    access: 'ACO_ADMIN',
    params: organizationParamsSchema,
    answers: { 200: unassignedSummarySchema },
  }),
  unassignedPatients: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:orgId/patients/unassigned/',
    access: 'ACO_ADMIN',
    params: organizationParamsSchema,
    query: tinPatientQuerySchema,
    answers: { 200: tinPatientListSchema },
  }),
}
