// The admin pages' small rules, kept apart from the markup so they are tested on their own.
import type { AdminOverview, AdminUserOrdering } from '@blueconsent/contract/admin'
import type { ColumnSort } from '@/components/ui/data-table.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { formatDateTime as formatDateTimeOr } from '@/lib/format.ts'

export type SortColumn = 'name' | 'email' | 'role' | 'date_joined' | 'last_login'

/** A click on a column sorts by it ascending, a second click descending. */
export const nextOrdering = (current: AdminUserOrdering, column: SortColumn): AdminUserOrdering =>
  current === column ? (`-${column}` as AdminUserOrdering) : column

/** The server's ordering ('name', '-last_login') as the table's sort. */
export function columnSort(ordering: AdminUserOrdering): ColumnSort {
  const descending = ordering.startsWith('-')
  return {
    column: descending ? ordering.slice(1) : ordering,
    direction: descending ? 'descending' : 'ascending',
  }
}

/** `to`: where the item is dealt with, when that page exists. */
export type AttentionItem = { label: string; count: number; to?: string }

/** What needs someone's attention, largest first; counts of zero are left out. */
export function attentionItems(overview: AdminOverview): AttentionItem[] {
  const items: AttentionItem[] = [
    { label: 'Failed data pulls', count: overview.failed_ingestions },
    { label: 'Failed outgoing messages', count: overview.failed_outbox_messages ?? 0 },
    {
      label: 'Support requests waiting',
      count: overview.support_requests_waiting,
      to: '/app/admin/support?status=new',
    },
    { label: 'Organizations with setup unfinished', count: overview.organizations_setup_unfinished },
    { label: 'Billing accounts past due', count: overview.billing_past_due },
  ]
  return items.filter((item) => item.count > 0).sort((a, b) => b.count - a.count)
}

/** The server's own sentence when it gave one (the last-administrator rule), else the fallback. */
export function actionErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback
  return error.detail ?? error.nonFieldMessage ?? fallback
}

export const formatDateTime = (iso: string | null): string => formatDateTimeOr(iso, 'Never')
