// Every name a role or a request state goes by is written once, in the contract, and read from there: a
// screen that spells one out itself drifts the day the contract's word changes.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import {
  AUTHORIZATION_STATUS_LABELS,
  REQUEST_BUCKET_LABELS,
  REQUEST_GROUP_LABELS,
  statusLabel,
} from '@blueconsent/contract/authorization-requests'
import { TEAM_MEMBER_ROLE_LABELS } from '@blueconsent/contract/billing'
import { INVITE_ROLE_LABELS } from '@blueconsent/contract/invitations'
import { ROLE_LABELS, SETTINGS_ROLE_LABELS } from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { GROUP_LABELS } from '../features/authorization-requests/components/request-display.ts'

const SRC = join(import.meta.dirname, '..')
const API_SRC = join(SRC, '..', '..', 'api', 'src')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

// Labels of more than one word cannot be an ordinary word of some other sentence, so any copy is a copy.
const distinctive = (labels: Record<string, string>) =>
  Object.values(labels).filter((label) => /\s/.test(label))

// Files allowed to spell a label out themselves: none. Kept so an exception is a visible, reviewed line.
const KNOWN_COPIES = new Set<string>()

describe('role and request-state labels', () => {
  it('come from the contract: no web or API source spells one out', () => {
    const labels = new Set([
      ...distinctive(ROLE_LABELS),
      ...distinctive(SETTINGS_ROLE_LABELS),
      ...distinctive(INVITE_ROLE_LABELS),
      ...distinctive(AUTHORIZATION_STATUS_LABELS),
      ...distinctive(REQUEST_BUCKET_LABELS),
    ])
    const copies: string[] = []
    const seenKnown = new Set<string>()
    for (const [root, prefix] of [
      [SRC, 'web'],
      [API_SRC, 'api'],
    ] as const) {
      for (const file of sources(root)) {
        const name = `${prefix}/${relative(root, file)}`
        const text = readFileSync(file, 'utf8')
        for (const label of labels) {
          if (!text.includes(`'${label}'`) && !text.includes(`"${label}"`) && !text.includes(`>${label}<`))
            continue
          if (KNOWN_COPIES.has(name)) seenKnown.add(name)
          else copies.push(`${name}: ${label}`)
        }
      }
    }
    expect(copies).toEqual([])
    expect([...KNOWN_COPIES].filter((name) => !seenKnown.has(name))).toEqual([])
  })

  it('give one state one word: the pending group and its dashboard tile agree, and each status has its own label', () => {
    expect(GROUP_LABELS).toBe(REQUEST_GROUP_LABELS)
    expect(REQUEST_BUCKET_LABELS.awaiting).toBe(REQUEST_GROUP_LABELS.pending)
    expect(REQUEST_BUCKET_LABELS.approved).toBe(AUTHORIZATION_STATUS_LABELS.authorized)
    expect(REQUEST_BUCKET_LABELS.rejected).toBe(AUTHORIZATION_STATUS_LABELS.denied)
    expect(AUTHORIZATION_STATUS_LABELS.consent_pending).toBe('Awaiting Consent')
    expect(statusLabel({ status: 'consent_pending', expires_at: null })).toBe('Awaiting Consent')
    expect(new Set(Object.values(AUTHORIZATION_STATUS_LABELS)).size).toBe(
      Object.keys(AUTHORIZATION_STATUS_LABELS).length,
    )
  })

  it('name a team member’s role as the invitation forms do', () => {
    for (const [role, label] of Object.entries(TEAM_MEMBER_ROLE_LABELS))
      expect(label).toBe(INVITE_ROLE_LABELS[role as keyof typeof INVITE_ROLE_LABELS])
  })
})
