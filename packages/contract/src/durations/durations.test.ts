import { describe, expect, it } from 'vitest'
import {
  accessEndsAt,
  accessPeriod,
  consentLinkExpiresAt,
  daysUntil,
  durationSentences,
  effectiveAccessEnd,
  expiresInLabel,
  formatSpokenDay,
  formatMoment,
  grantEndRemindersDue,
  medicareAccessEndsAt,
  periodText,
  reminderDates,
  timeRemainingText,
} from './durations.ts'

const NOV_27 = new Date('2026-11-27T14:24:30Z') // 9:24 AM in New York

describe('periods', () => {
  it('gives agents 10 hours and providers 13 months or the days chosen', () => {
    expect(periodText(accessPeriod('insurance_agent', 90), 'en')).toBe('10 hours')
    expect(periodText(accessPeriod('healthcare_provider'), 'en')).toBe('13 months')
    expect(periodText(accessPeriod('healthcare_provider', 90), 'es')).toBe('90 días')
    expect(periodText(accessPeriod('healthcare_provider', 1), 'en')).toBe('1 day')
  })

  it('ends an agent’s access 10 hours after consent whatever Medicare’s one-hour grant says', () => {
    const oneHour = new Date(NOV_27.getTime() + 3_600_000)
    expect(accessEndsAt(NOV_27, 'insurance_agent', null, oneHour).toISOString()).toBe(
      '2026-11-28T00:24:30.000Z',
    )
  })

  it('ends a provider’s access at the earlier of the period and Medicare’s grant end', () => {
    expect(accessEndsAt(NOV_27, 'healthcare_provider').toISOString()).toBe('2027-12-27T14:24:30.000Z')
    const grant = new Date('2027-06-01T00:00:00Z')
    expect(accessEndsAt(NOV_27, 'healthcare_provider', null, grant)).toEqual(grant)
    expect(accessEndsAt(NOV_27, 'healthcare_provider', 30, grant).toISOString()).toBe(
      '2026-12-27T14:24:30.000Z',
    )
  })
})

describe('stated moments', () => {
  it('states the link’s end as one date and time, 7 days on, in Eastern time', () => {
    const end = consentLinkExpiresAt(NOV_27)
    expect(formatMoment(end, 'en')).toBe('December 4, 2026 at 9:24 AM ET')
    expect(formatMoment(end, 'es')).toBe('4 de diciembre de 2026 a las 9:24 a. m. ET')
    expect(durationSentences('en').linkWorksUntil(end)).toBe(
      'This link works until December 4, 2026 at 9:24 AM ET.',
    )
  })

  it('reads the day in Eastern time, not UTC', () => {
    expect(formatSpokenDay('2026-12-05T03:00:00Z', 'en')).toBe('December 4, 2026')
    expect(formatMoment('2026-12-05T03:00:00Z', 'en')).toBe('December 4, 2026 at 10:00 PM ET')
    expect(formatMoment('2026-07-01T16:05:00Z', 'en')).toBe('July 1, 2026 at 12:05 PM ET')
    expect(formatMoment('2026-07-01T04:05:00Z', 'es')).toBe('1 de julio de 2026 a las 12:05 a. m. ET')
  })

  it('dates the reminders from the sending time', () => {
    expect(reminderDates(NOV_27, [24, 72]).map((d) => d.toISOString())).toEqual([
      '2026-11-28T14:24:30.000Z',
      '2026-11-30T14:24:30.000Z',
    ])
  })
})

describe('time left', () => {
  const now = NOV_27.getTime()
  const at = (ms: number) => new Date(now + ms).toISOString()

  it('never lets the status label and the time remaining disagree', () => {
    const cases: Array<[number, string, string]> = [
      [59 * 60_000 + 30_000, 'Expires in 59m', '59m remaining'],
      [10 * 3_600_000, 'Expires in 10h 0m', '10h 0m remaining'],
      [47 * 3_600_000, 'Expires in 1 day', '1d 23h remaining'],
      [6 * 86_400_000 + 1_000, 'Expires in 6 days', '6d 0h remaining'],
    ]
    for (const [ms, label, remaining] of cases) {
      expect(expiresInLabel(at(ms), now, 30)).toBe(label)
      expect(timeRemainingText(at(ms), now)).toBe(remaining)
    }
    expect(expiresInLabel(at(40 * 86_400_000), now, 30)).toBeNull()
    expect(timeRemainingText(at(-1), now)).toBe('Expired')
  })
})

describe('Medicare grant end', () => {
  const grantEnd = new Date('2027-12-27T14:24:30Z')
  const DAY = 86_400_000

  it('is Blue Button’s grant expiration, a one-time grant’s hour, or unknown', () => {
    expect(medicareAccessEndsAt(NOV_27, { accessGrantExpiration: grantEnd, oneTime: false })).toEqual(
      grantEnd,
    )
    expect(medicareAccessEndsAt(NOV_27, { accessGrantExpiration: null, oneTime: true })?.toISOString()).toBe(
      '2026-11-27T15:24:30.000Z',
    )
    expect(medicareAccessEndsAt(NOV_27, { accessGrantExpiration: null, oneTime: false })).toBeNull()
  })

  it('moves a provider’s end to Medicare’s when it comes first, never an agent’s', () => {
    const portal = '2027-12-27T14:24:30.000Z'
    const earlier = '2027-06-01T00:00:00.000Z'
    expect(effectiveAccessEnd('healthcare_provider', portal, earlier)).toBe(earlier)
    expect(effectiveAccessEnd('healthcare_provider', earlier, portal)).toBe(earlier)
    expect(effectiveAccessEnd('healthcare_provider', portal, undefined)).toBe(portal)
    expect(effectiveAccessEnd('insurance_agent', portal, earlier)).toBe(portal)
  })

  it('makes the 30-day reminder due exactly 30 days before the end and the 7-day one 7 days before', () => {
    const at = (ms: number) => new Date(grantEnd.getTime() - ms)
    expect(grantEndRemindersDue(grantEnd, at(30 * DAY + 1))).toBe(0)
    expect(grantEndRemindersDue(grantEnd, at(30 * DAY))).toBe(1)
    expect(grantEndRemindersDue(grantEnd, at(7 * DAY + 1))).toBe(1)
    expect(grantEndRemindersDue(grantEnd, at(7 * DAY))).toBe(2)
    expect(grantEndRemindersDue(grantEnd, grantEnd)).toBe(0)
  })

  it('counts whole days left rounded up', () => {
    expect(daysUntil(grantEnd, new Date(grantEnd.getTime() - 30 * DAY))).toBe(30)
    expect(daysUntil(grantEnd, new Date(grantEnd.getTime() - 6 * DAY - 1))).toBe(7)
    expect(daysUntil(grantEnd, new Date(grantEnd.getTime() + 1))).toBe(0)
  })

  it('phrases the Medicare end and the reminder’s time left in English and Spanish', () => {
    expect(durationSentences('en').medicareAccessEndsAt(grantEnd)).toBe(
      'Medicare access ends on December 27, 2027 at 9:24 AM ET.',
    )
    expect(durationSentences('es').medicareAccessEndsAt(grantEnd)).toBe(
      'El acceso de Medicare termina el 27 de diciembre de 2027 a las 9:24 a. m. ET.',
    )
    expect(durationSentences('en').endsInDays(7, grantEnd)).toBe(
      'in 7 days, on December 27, 2027 at 9:24 AM ET',
    )
    expect(durationSentences('es').endsInDays(30, grantEnd)).toBe(
      'en 30 días, el 27 de diciembre de 2027 a las 9:24 a. m. ET',
    )
    expect(durationSentences('en').medicareAccessEnded(grantEnd)).toMatch(
      /^Medicare access ended on December 27, 2027 at 9:24 AM ET\./,
    )
  })
})
