// Each feature's entry point resolves by its package subpath and serves the same schemas as the root.
import * as root from '@blueconsent/contract'
import * as account from '@blueconsent/contract/account'
import * as adherence from '@blueconsent/contract/adherence'
import * as admin from '@blueconsent/contract/admin'
import * as adminReports from '@blueconsent/contract/admin-reports'
import * as audit from '@blueconsent/contract/audit'
import * as auth from '@blueconsent/contract/auth'
import * as billing from '@blueconsent/contract/billing'
import * as authorizationRequests from '@blueconsent/contract/authorization-requests'
import * as consent from '@blueconsent/contract/consent'
import * as dashboard from '@blueconsent/contract/dashboard'
import * as devOutbox from '@blueconsent/contract/dev-outbox'
import * as durations from '@blueconsent/contract/durations'
import * as endpoints from '@blueconsent/contract/endpoints'
import * as health from '@blueconsent/contract/health'
import * as integrations from '@blueconsent/contract/integrations'
import * as invitations from '@blueconsent/contract/invitations'
import * as members from '@blueconsent/contract/members'
import * as organizationSettings from '@blueconsent/contract/organization-settings'
import * as patients from '@blueconsent/contract/patients'
import * as referenceData from '@blueconsent/contract/reference-data'
import * as reports from '@blueconsent/contract/reports'
import * as riskGaps from '@blueconsent/contract/risk-gaps'
import * as setup from '@blueconsent/contract/setup'
import * as shared from '@blueconsent/contract/shared'
import * as signup from '@blueconsent/contract/signup'
import * as support from '@blueconsent/contract/support'
import * as tins from '@blueconsent/contract/tins'
import * as twoFactor from '@blueconsent/contract/two-factor'
import { describe, expect, it } from 'vitest'

const entryPoints = {
  account,
  adherence,
  admin,
  adminReports,
  audit,
  auth,
  authorizationRequests,
  billing,
  consent,
  dashboard,
  devOutbox,
  durations,
  endpoints,
  health,
  integrations,
  invitations,
  members,
  organizationSettings,
  patients,
  referenceData,
  reports,
  riskGaps,
  setup,
  shared,
  signup,
  support,
  tins,
  twoFactor,
}

describe('contract entry points', () => {
  it.each(Object.entries(entryPoints))(
    '%s exports only what the root exports, the same objects',
    (_, module) => {
      const names = Object.keys(module)
      expect(names.length).toBeGreaterThan(0)
      for (const name of names)
        expect(root[name as keyof typeof root]).toBe(module[name as keyof typeof module])
    },
  )

  it('puts every root export in exactly one entry point', () => {
    const owners = new Map<string, string[]>()
    for (const [entry, module] of Object.entries(entryPoints))
      for (const name of Object.keys(module)) owners.set(name, [...(owners.get(name) ?? []), entry])
    expect(Object.keys(root).filter((name) => owners.get(name)?.length !== 1)).toEqual([])
  })
})
