// The rules of the admin settings page: a platform administrator edits any organisation's settings, an
// organisation admin only their own (anything else is 404, as if it did not exist). A change is written in
// one transaction with its audit row, which holds the values before and after (settings only, never PHI).
import {
  DEFAULT_REMINDER_HOURS,
  DEFAULT_RENEWAL_NOTICE_DAYS,
  type OrganizationSettingsUpdate,
  type OrganizationSettingsView,
} from '@blueconsent/contract/organization-settings'
import { isValidPatientId } from '@blueconsent/contract/shared'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { notFound } from '../../platform/errors.ts'
import { adminScopeOf } from '../../platform/access/access.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import {
  findSettings,
  saveOrganizationFields,
  saveSchedule,
  type SettingsRow,
} from './organization-settings.repository.ts'

async function loadScoped(db: DbOrTx, source: Actor, organizationId: string, lock = false) {
  if (!isValidPatientId(organizationId)) throw notFound()
  const scope = adminScopeOf(source.principal)
  if (scope.kind === 'organization' && scope.organizationId !== organizationId) throw notFound()
  const row = await findSettings(db, organizationId, lock)
  if (!row) throw notFound()
  return row
}

function viewOf(row: SettingsRow): OrganizationSettingsView {
  return {
    organization_id: row.organizationId,
    organization_name: row.organizationName,
    reminder_hours: row.reminderHours ?? [...DEFAULT_REMINDER_HOURS],
    reminder_schedule_customized: row.reminderHours !== null,
    renewal_notice_days: row.renewalNoticeDays ?? DEFAULT_RENEWAL_NOTICE_DAYS,
    require_two_factor: row.requireTwoFactor,
    default_duration_days: row.defaultDurationDays,
  }
}

export async function readSettings(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
): Promise<OrganizationSettingsView> {
  return viewOf(await loadScoped(ctx.db, source, organizationId))
}

type Details = Record<string, string | number | boolean | null>

/** Before and after of the fields that changed; reminder hours as text ('48,120'): audit details hold scalars. */
function changesOf(before: OrganizationSettingsView, after: OrganizationSettingsUpdate): Details {
  const details: Details = {}
  const scalar = (value: number[] | number | boolean | null) =>
    Array.isArray(value) ? value.join(',') : value
  for (const key of [
    'reminder_hours',
    'renewal_notice_days',
    'require_two_factor',
    'default_duration_days',
  ] as const) {
    const was = scalar(before[key])
    const now = scalar(after[key])
    if (was !== now) {
      details[`${key}_before`] = was
      details[`${key}_after`] = now
    }
  }
  return details
}

export async function updateSettings(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  change: OrganizationSettingsUpdate,
): Promise<OrganizationSettingsView> {
  return ctx.db.transaction(async (tx) => {
    const before = viewOf(await loadScoped(tx, source, organizationId, true))
    const now = ctx.clock()
    await saveSchedule(tx, organizationId, {
      reminderHours: change.reminder_hours,
      renewalNoticeDays: change.renewal_notice_days,
      at: now,
    })
    await saveOrganizationFields(tx, organizationId, {
      requireTwoFactor: change.require_two_factor,
      defaultDurationDays: change.default_duration_days,
    })
    await writeAudit(tx, source, {
      action: 'admin.settings_updated',
      patientId: null,
      targetType: 'organization',
      targetId: organizationId,
      details: changesOf(before, change),
      at: now,
    })
    return viewOf(await loadScoped(tx, source, organizationId))
  })
}
