// /app/account: the user's settings in four tabs (Profile, Security, Billing, Preferences); `?tab=` opens
// one. Security and Billing come from their own features, composed in by the app.
import { SETTINGS_ROLE_LABELS } from '@blueconsent/contract/shared'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Tabs } from '@/components/ui/tabs.tsx'
import { useSession } from '@/lib/session.ts'
import { AddressForm, NamesForm } from '../components/account-profile-forms.tsx'
import { PreferencesPanel } from '../components/preferences-panel.tsx'

export const ACCOUNT_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'security', label: 'Security' },
  { key: 'billing', label: 'Billing' },
  { key: 'preferences', label: 'Preferences' },
] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]['key']

const isAccountTab = (value: string | null): value is AccountTab =>
  ACCOUNT_TABS.some((tab) => tab.key === value)

export function AccountSettingsPage({ security, billing }: { security: ReactNode; billing: ReactNode }) {
  const { user } = useSession()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const active: AccountTab = isAccountTab(requested) ? requested : 'profile'

  const choose = (tab: AccountTab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('tab', tab)
        return next
      },
      { replace: true },
    )

  const panels: Record<AccountTab, ReactNode> = {
    profile: (
      <div className="grid gap-6 lg:grid-cols-2">
        <NamesForm />
        <AddressForm />
      </div>
    ),
    security,
    billing,
    preferences: <PreferencesPanel />,
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Account Settings</h1>
        {user ? (
          <p className="mt-2">
            {user.full_name.trim() || user.email} · {SETTINGS_ROLE_LABELS[user.role]}
          </p>
        ) : null}
      </div>
      <Tabs label="Account settings" tabs={ACCOUNT_TABS} selected={active} onSelect={choose}>
        {panels[active]}
      </Tabs>
    </div>
  )
}
