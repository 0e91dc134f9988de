// /app/account composed from its features (features never import each other; app/ joins them): the account
// feature's tabs, with the account-security feature's tab (password, two-factor, sessions) and the billing
// portal.
import { AccountSettingsPage } from '@/features/account/pages/account-settings-page.tsx'
import { SecurityTab } from '@/features/account-security/index.ts'
import { BillingPortal } from '@/features/billing/components/billing-portal.tsx'

export function AccountSettingsRoute() {
  return <AccountSettingsPage security={<SecurityTab />} billing={<BillingPortal />} />
}
