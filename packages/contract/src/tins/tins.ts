// The TIN registry of an ACO: the taxpayer identification numbers its practices bill under, each a scope that
// staff can be limited to. Calls live under /api/organizations/{orgId}/tins/ and are the ACO admin's alone.
import { z } from 'zod'
import { idSchema, isoDateTimeSchema, paginated } from '../shared/common.ts'

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

export const tinSummarySchema = z.object({
  total_tins: z.number().int(),
  active_tins: z.number().int(),
  inactive_tins: z.number().int(),
  total_patients_assigned: z.number().int(),
  unassigned_patients: z.number().int(),
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
