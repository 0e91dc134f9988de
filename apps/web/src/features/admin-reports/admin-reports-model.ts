// The report page's small rules, kept apart from the markup so they are tested on their own.
import {
  AUTHORIZATION_STATUS_LABELS,
  type AuthorizationStatus,
} from '@blueconsent/contract/authorization-requests'

/** What the report shows: a range and '' for every organisation in the caller's scope. */
export type ReportFilters = { from: string; to: string; organizationId: string }

export const reportQueryOf = (filters: ReportFilters): Record<string, string> => ({
  from: filters.from,
  to: filters.to,
  ...(filters.organizationId ? { organization_id: filters.organizationId } : {}),
})

export const statusLabel = (status: AuthorizationStatus): string => AUTHORIZATION_STATUS_LABELS[status]

/** 0.4567 → '45.7%'; nothing sent → 'No requests sent'. */
export const percentText = (rate: number | null): string =>
  rate === null ? 'No requests sent' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`

/** 30.5 → '30.5 hours'; under an hour in minutes; null → 'No consents yet'. */
export function durationText(hours: number | null): string {
  if (hours === null) return 'No consents yet'
  if (hours < 1) return `${Math.round(hours * 60)} minutes`
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`
}

export const CHANNEL_LABELS = { email: 'Email', sms: 'SMS' } as const
