// An organisation's members as its admin manages them: who they are, their role and TIN scope, whether they
// can sign in, and when they last did.
import { z } from 'zod'
import { idSchema, isoDateTimeSchema } from '../shared/common.ts'
import { roleSchema } from '../shared/access.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

export const MEMBER_MESSAGES = {
  loadFailed: 'Failed to load members',
  updateFailed: 'Failed to update member',
  notYourself: 'You cannot deactivate your own account',
  adminsHaveAllTins: 'Administrators work under every active TIN',
  selectTin: 'Select at least one Tin',
  /** A member limited to TINs who has none (a demoted admin starts so): only patients under no TIN. */
  noTins: 'No TINs — sees only patients not yet under a TIN',
} as const

export const memberTinSchema = z.object({ id: idSchema, display_name: z.string(), masked_tin: z.string() })

export const memberSchema = z.object({
  id: idSchema,
  full_name: z.string(),
  email: z.string(),
  role: roleSchema,
  all_tins: z.boolean(),
  tins: z.array(memberTinSchema),
  is_active: z.boolean(),
  last_login_at: isoDateTimeSchema.nullable(),
})
export type Member = z.infer<typeof memberSchema>
export const memberListSchema = z.object({ count: z.number().int(), results: z.array(memberSchema) })
export type MemberList = z.infer<typeof memberListSchema>

export const memberUpdateSchema = z
  .object({
    tin_ids: z.array(idSchema).max(500).optional(),
    is_active: z.boolean().optional(),
  })
  .refine((body) => body.tin_ids !== undefined || body.is_active !== undefined, {
    message: 'Nothing to change',
    path: ['non_field_errors'],
  })
export type MemberUpdate = z.input<typeof memberUpdateSchema>

const organizationParamsSchema = z.object({ orgId: z.string().max(200) })
const memberParamsSchema = z.object({ orgId: z.string().max(200), userId: z.string().max(200) })

export const MEMBER_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:orgId/members/',
    access: 'MEMBERS_VIEW',
    params: organizationParamsSchema,
    answers: { 200: memberListSchema },
  }),
  /** An ACO's admin changes their own ACO's members; the platform's superuser any ACO's. */
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/organizations/:orgId/members/:userId/',
    access: 'ACO_ADMIN_OR_ADMIN',
    params: memberParamsSchema,
    body: memberUpdateSchema,
    answers: { 200: memberSchema },
  }),
}
