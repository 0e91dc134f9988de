import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import { describe, expect, it } from 'vitest'
import { dueByDay } from './appointments-page.tsx'

const now = Date.parse('2026-11-25T12:00:00Z')
const request = (id: string, status: string, expires: string | null) =>
  ({
    request_id: id,
    status,
    expires_at: expires,
    patient_id: id,
    patient_name: id,
  }) as unknown as AuthorizationRequest

describe('what falls due', () => {
  it('groups renewals within 60 days and pending requests by day, soonest first', () => {
    const days = dueByDay(
      [
        request('a', 'authorized', '2026-12-20T10:00:00Z'),
        request('b', 'authorized', '2027-06-01T10:00:00Z'),
        request('c', 'pending', '2026-11-28T10:00:00Z'),
        request('d', 'revoked', '2026-11-28T10:00:00Z'),
        request('e', 'authorized', '2026-12-20T18:00:00Z'),
      ],
      now,
    )
    expect(
      days.map(([day, items]) => [day, items.map((item) => `${item.request.request_id}:${item.kind}`)]),
    ).toEqual([
      ['2026-11-28', ['c:awaiting']],
      ['2026-12-20', ['a:renewal', 'e:renewal']],
    ])
  })
})
