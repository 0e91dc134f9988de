// Each feature's entry point resolves by its package subpath and serves the same schemas as the root.
import * as root from '@blueconsent/contract'
import * as audit from '@blueconsent/contract/audit'
import * as auth from '@blueconsent/contract/auth'
import * as authorizationRequests from '@blueconsent/contract/authorization-requests'
import * as consent from '@blueconsent/contract/consent'
import * as devOutbox from '@blueconsent/contract/dev-outbox'
import * as invitations from '@blueconsent/contract/invitations'
import * as members from '@blueconsent/contract/members'
import * as patients from '@blueconsent/contract/patients'
import * as shared from '@blueconsent/contract/shared'
import * as signup from '@blueconsent/contract/signup'
import * as tins from '@blueconsent/contract/tins'
import { describe, expect, it } from 'vitest'

const entryPoints = {
  audit,
  auth,
  authorizationRequests,
  consent,
  devOutbox,
  invitations,
  members,
  patients,
  shared,
  signup,
  tins,
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
