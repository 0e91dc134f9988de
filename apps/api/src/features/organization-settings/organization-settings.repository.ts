// Every query of the admin settings page. Each setting has one home: the reminder cadence and renewal notice
// in organization_settings (what the lifecycle sweep reads), the two-factor requirement in
// organizations.require_two_factor (what sign-in reads), the default authorization length in
// organizations.settings (what request creation reads). The caller has already checked the scope.
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { organizationSettings } from '../../platform/db/schema/authorization-requests.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'

export type SettingsRow = {
  organizationId: string
  organizationName: string
  requireTwoFactor: boolean
  defaultDurationDays: number | null
  /** null: no row yet, the platform's default schedule applies. */
  reminderHours: number[] | null
  renewalNoticeDays: number | null
}

/** The organisation's settings; `lock` holds the row until the caller's transaction ends (before/after audit). */
export async function findSettings(
  db: DbOrTx,
  organizationId: string,
  lock = false,
): Promise<SettingsRow | null> {
  const query = db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      requireTwoFactor: organizations.requireTwoFactor,
      settings: organizations.settings,
      reminderHours: organizationSettings.reminderHours,
      renewalNoticeDays: organizationSettings.renewalNoticeDays,
    })
    .from(organizations)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId))
  const [row] = lock ? await query.for('update', { of: organizations }) : await query
  if (!row) return null
  const days = row.settings.default_duration_days
  return {
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    requireTwoFactor: row.requireTwoFactor,
    defaultDurationDays: typeof days === 'number' ? days : null,
    reminderHours: row.reminderHours,
    renewalNoticeDays: row.renewalNoticeDays,
  }
}

export async function saveSchedule(
  db: DbOrTx,
  organizationId: string,
  schedule: { reminderHours: number[]; renewalNoticeDays: number; at: Date },
): Promise<void> {
  const values = {
    reminderHours: schedule.reminderHours,
    renewalNoticeDays: schedule.renewalNoticeDays,
    updatedAt: schedule.at,
  }
  await db
    .insert(organizationSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: organizationSettings.organizationId, set: values })
}

export async function saveOrganizationFields(
  db: DbOrTx,
  organizationId: string,
  fields: { requireTwoFactor: boolean; defaultDurationDays: number | null },
): Promise<void> {
  // Only default_duration_days changes inside the jsonb: other keys stay as they are; null removes the key.
  const settings =
    fields.defaultDurationDays === null
      ? sql`${organizations.settings} - 'default_duration_days'`
      : sql`${organizations.settings} || jsonb_build_object('default_duration_days', ${fields.defaultDurationDays}::int)`
  await db
    .update(organizations)
    .set({ requireTwoFactor: fields.requireTwoFactor, settings })
    .where(eq(organizations.id, organizationId))
}
