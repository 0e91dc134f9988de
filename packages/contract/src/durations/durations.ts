// Every length of time a person is told about: how long an organisation keeps access, how long Medicare's
// own access lasts, until when a link works. The dates are computed here and phrased here, in English and
// Spanish, so the request form, the messages, the consent pages, My Requests and the Medicare stand-in
// say the same thing to the same minute. A moment is stated in US Eastern time with its zone named.
import { AUTHORIZATION } from '../shared/constants.ts'

export type DurationLanguage = 'en' | 'es'
export type AccessType = 'healthcare_provider' | 'insurance_agent'

/** The zone every date and time a person reads is stated in. */
export const STATED_TIME_ZONE = 'America/New_York'
const ZONE_LABEL = 'ET'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * What CMS Blue Button grants in 2026: an access token lives one hour; a one-time application gets no refresh
 * token, so Medicare's access ends with that first token; a 13-month application's grant ends at Blue Button's
 * `access_grant_expiration`.
 */
export const MEDICARE = { accessTokenMinutes: 60, thirteenMonthGrantMonths: 13 } as const

export const DURATIONS = {
  /** An agent sees the one copy taken at Medicare for this long after the patient agrees. */
  agentAccessHours: AUTHORIZATION.agentValidityHours,
  /** A provider keeps access this long unless a shorter period was chosen (or Medicare's grant ends first). */
  providerAccessMonths: AUTHORIZATION.providerValidityMonths,
  consentLinkDays: AUTHORIZATION.consentLinkValidityDays,
  /** The patient's own access page keeps working this long after access ends, so they can see it ended. */
  accessPageAfterEndDays: 30,
  /** The patient is reminded to renew this many days before a 13-month Medicare grant ends, each once. */
  medicareGrantReminderDays: [30, 7],
} as const

export type AccessPeriod = { unit: 'hours' | 'days' | 'months'; count: number }

/** How long an organisation keeps access once the patient agrees. */
export function accessPeriod(type: AccessType, durationDays: number | null = null): AccessPeriod {
  if (type === 'insurance_agent') return { unit: 'hours', count: DURATIONS.agentAccessHours }
  if (durationDays !== null) return { unit: 'days', count: durationDays }
  return { unit: 'months', count: DURATIONS.providerAccessMonths }
}

export function addPeriod(from: Date, period: AccessPeriod): Date {
  if (period.unit === 'hours') return new Date(from.getTime() + period.count * HOUR_MS)
  if (period.unit === 'days') return new Date(from.getTime() + period.count * DAY_MS)
  const end = new Date(from)
  end.setUTCMonth(end.getUTCMonth() + period.count)
  return end
}

/**
 * When access ends for a patient who agreed at `agreedAt`: the period asked for, never past Medicare's own
 * grant end. A one-time grant's end is its single token's hour, which bounds when the copy is taken, not how
 * long the agent may read it, so it does not shorten an agent's period.
 */
export function accessEndsAt(
  agreedAt: Date,
  type: AccessType,
  durationDays: number | null = null,
  medicareGrantEnd: Date | null = null,
): Date {
  const end = addPeriod(agreedAt, accessPeriod(type, durationDays))
  if (type === 'insurance_agent' || !medicareGrantEnd) return end
  return medicareGrantEnd < end ? medicareGrantEnd : end
}

/**
 * When Medicare's own access ends for a grant given at `agreedAt`: Blue Button's `access_grant_expiration`
 * for a 13-month grant, the single token's hour for a one-time grant (no refresh token), or null when CMS
 * did not say (nothing is guessed: the portal's own end still applies).
 */
export function medicareAccessEndsAt(
  agreedAt: Date,
  grant: { accessGrantExpiration: Date | null; oneTime: boolean },
): Date | null {
  if (grant.accessGrantExpiration) return grant.accessGrantExpiration
  if (grant.oneTime) return new Date(agreedAt.getTime() + MEDICARE.accessTokenMinutes * 60_000)
  return null
}

/**
 * When access ends as staff plan around it: the portal's end, or Medicare's grant end when a provider's grant
 * ends first. An agent's one-time grant bounds only when the copy is taken, so it never moves the agent's end.
 */
export function effectiveAccessEnd(
  type: AccessType,
  portalEnd: string | null,
  medicareEnd: string | null | undefined,
): string | null {
  if (type === 'insurance_agent' || !medicareEnd) return portalEnd
  if (!portalEnd) return medicareEnd
  return Date.parse(medicareEnd) < Date.parse(portalEnd) ? medicareEnd : portalEnd
}

/**
 * How many of the renewal reminders before a grant's end are due at `now` (0 to 2 with the default days):
 * a mark is due from the moment `days` before the end until the end itself.
 */
export function grantEndRemindersDue(
  grantEnd: Date,
  now: Date,
  days: readonly number[] = DURATIONS.medicareGrantReminderDays,
): number {
  if (grantEnd.getTime() <= now.getTime()) return 0
  return days.filter((day) => grantEnd.getTime() - day * DAY_MS <= now.getTime()).length
}

/** Whole days until `end`, rounded up ('ends in 7 days' the whole of the seventh day before it). */
export const daysUntil = (end: Date, now: Date): number =>
  Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS))

/** Until when a consent link sent at `issuedAt` works: the exact moment, stated as a date and time. */
export const consentLinkExpiresAt = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + DURATIONS.consentLinkDays * DAY_MS)

/** Until when the patient's access page works. */
export const accessPageExpiresAt = (accessEnd: Date): Date =>
  new Date(accessEnd.getTime() + DURATIONS.accessPageAfterEndDays * DAY_MS)

/** When the reminders of a request sent at `sentAt` go out, at the given hours after it. */
export const reminderDates = (sentAt: Date, hours: readonly number[]): Date[] =>
  hours.map((hour) => new Date(sentAt.getTime() + hour * HOUR_MS))

const UNITS: Record<DurationLanguage, Record<AccessPeriod['unit'], [string, string]>> = {
  en: { hours: ['hour', 'hours'], days: ['day', 'days'], months: ['month', 'months'] },
  es: { hours: ['hora', 'horas'], days: ['día', 'días'], months: ['mes', 'meses'] },
}

/** '10 hours', '13 months', '90 days'; '10 horas', '13 meses', '90 días'. */
export function periodText(period: AccessPeriod, language: DurationLanguage): string {
  const [one, many] = UNITS[language][period.unit]
  return `${period.count} ${period.count === 1 ? one : many}`
}

const MONTHS: Record<DurationLanguage, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
}

type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number }

// Only numbers come from Intl, so Node and every browser print the same words whatever their locale data.
const zoned = new Intl.DateTimeFormat('en-US', {
  timeZone: STATED_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

function zonedParts(at: Date | string): ZonedParts {
  const parts = zoned.formatToParts(typeof at === 'string' ? new Date(at) : at)
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? 0)
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  }
}

/** 'December 4, 2026' / '4 de diciembre de 2026' (the day in US Eastern time). */
export function formatSpokenDay(at: Date | string, language: DurationLanguage): string {
  const p = zonedParts(at)
  const month = MONTHS[language][p.month - 1] ?? ''
  return language === 'es' ? `${p.day} de ${month} de ${p.year}` : `${month} ${p.day}, ${p.year}`
}

/** '9:24 AM ET' / '9:24 a. m. ET'. */
export function formatTime(at: Date | string, language: DurationLanguage): string {
  const p = zonedParts(at)
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12
  const am = p.hour < 12
  const suffix = language === 'es' ? (am ? 'a. m.' : 'p. m.') : am ? 'AM' : 'PM'
  return `${hour12}:${String(p.minute).padStart(2, '0')} ${suffix} ${ZONE_LABEL}`
}

/** 'December 4, 2026 at 9:24 AM ET' / '4 de diciembre de 2026 a las 9:24 a. m. ET'. */
export function formatMoment(at: Date | string, language: DurationLanguage): string {
  const joiner = language === 'es' ? ' a las ' : ' at '
  return `${formatSpokenDay(at, language)}${joiner}${formatTime(at, language)}`
}

export type TimeLeft = { days: number; hours: number; minutes: number }

/** Whole days, hours and minutes left until `end` (rounded down), or null when it has passed. */
export function timeLeft(end: Date | string, now: number): TimeLeft | null {
  const remainingMs = (typeof end === 'string' ? Date.parse(end) : end.getTime()) - now
  if (!(remainingMs > 0)) return null
  const minutes = Math.floor(remainingMs / 60_000)
  return {
    days: Math.floor(minutes / (24 * 60)),
    hours: Math.floor((minutes % (24 * 60)) / 60),
    minutes: minutes % 60,
  }
}

/** '3d 4h', '9h 59m', '59m': the same numbers wherever the time left is shown. */
function compactTimeLeft(left: TimeLeft): string {
  if (left.days > 0) return `${left.days}d ${left.hours}h`
  if (left.hours > 0) return `${left.hours}h ${left.minutes}m`
  return `${left.minutes}m`
}

/** 'Nd Nh remaining', 'Nh Nm remaining', 'Nm remaining' or 'Expired'. */
export function timeRemainingText(expiresAt: string | null, now: number = Date.now()): string | null {
  if (expiresAt == null) return null
  const left = timeLeft(expiresAt, now)
  return left ? `${compactTimeLeft(left)} remaining` : 'Expired'
}

/**
 * The status label under the renewal window: 'Expires in N days' counting whole days left (as the time
 * remaining does), and under a day the hours and minutes themselves, so the label and the time remaining
 * never disagree. Null when the label should not speak of expiry.
 */
export function expiresInLabel(expiresAt: string, now: number, withinDays: number): string | null {
  const left = timeLeft(expiresAt, now)
  if (!left || left.days >= withinDays) return null
  if (left.days > 0) return `Expires in ${left.days} day${left.days === 1 ? '' : 's'}`
  return `Expires in ${compactTimeLeft(left)}`
}

type Sentences = {
  /** How long the organisation keeps access, said before the patient agrees. */
  accessFor: (period: AccessPeriod) => string
  /** What Medicare itself grants for this kind of request. */
  medicare: (type: AccessType) => string
  linkWorksUntil: (at: Date | string) => string
  accessEndsAt: (at: Date | string) => string
  /** When Medicare's own access (the grant behind the request) ends. */
  medicareAccessEndsAt: (at: Date | string) => string
  /** Why a request ended when Medicare's grant ended first (CMS reported it, or its date passed). */
  medicareAccessEnded: (at: Date | string) => string
  /** The renewal reminder's time left: 'in 30 days, on December 4, 2026 at 9:24 AM ET'. */
  endsInDays: (days: number, at: Date | string) => string
}

const SENTENCES: Record<DurationLanguage, Sentences> = {
  en: {
    accessFor: (period) => `${periodText(period, 'en')} from when you agree`,
    medicare: (type) =>
      type === 'insurance_agent'
        ? `Medicare gives them one copy: its access lasts ${MEDICARE.accessTokenMinutes / 60} hour and cannot be renewed.`
        : `Medicare's own access lasts ${MEDICARE.thirteenMonthGrantMonths} months at most, and ends sooner if you stop it.`,
    linkWorksUntil: (at) => `This link works until ${formatMoment(at, 'en')}.`,
    accessEndsAt: (at) => `Access ends on ${formatMoment(at, 'en')}.`,
    medicareAccessEndsAt: (at) => `Medicare access ends on ${formatMoment(at, 'en')}.`,
    medicareAccessEnded: (at) =>
      `Medicare access ended on ${formatMoment(at, 'en')}. Ask the patient to connect again.`,
    endsInDays: (days, at) =>
      `in ${periodText({ unit: 'days', count: days }, 'en')}, on ${formatMoment(at, 'en')}`,
  },
  es: {
    accessFor: (period) => `${periodText(period, 'es')} desde que usted acepte`,
    medicare: (type) =>
      type === 'insurance_agent'
        ? `Medicare les da una sola copia: su acceso dura ${MEDICARE.accessTokenMinutes / 60} hora y no se puede renovar.`
        : `El acceso de Medicare dura como máximo ${MEDICARE.thirteenMonthGrantMonths} meses y termina antes si usted lo detiene.`,
    linkWorksUntil: (at) => `Este enlace funciona hasta el ${formatMoment(at, 'es')}.`,
    accessEndsAt: (at) => `El acceso termina el ${formatMoment(at, 'es')}.`,
    medicareAccessEndsAt: (at) => `El acceso de Medicare termina el ${formatMoment(at, 'es')}.`,
    medicareAccessEnded: (at) =>
      `El acceso de Medicare terminó el ${formatMoment(at, 'es')}. Pida al paciente que se conecte de nuevo.`,
    endsInDays: (days, at) =>
      `en ${periodText({ unit: 'days', count: days }, 'es')}, el ${formatMoment(at, 'es')}`,
  },
}

export const durationSentences = (language: DurationLanguage): Sentences => SENTENCES[language]

/** Where staff read when Medicare's own access ends (their screens are in English). */
export const MEDICARE_ACCESS_ENDS_LABEL = 'Medicare access ends'

/** 'December 27, 2027 at 9:24 AM ET' for staff, or null when Medicare's end is not known. */
export const medicareAccessEndText = (at: string | null | undefined): string | null =>
  at ? formatMoment(at, 'en') : null

/** Text messages avoid á/í/ó/ú (outside GSM-7), so a Spanish text stays within its segments. */
export const forSms = (text: string): string =>
  text.replaceAll('á', 'a').replaceAll('í', 'i').replaceAll('ó', 'o').replaceAll('ú', 'u')

/** The request form's line about the access period (staff read English). */
export function requestFormAccessHint(type: AccessType): string {
  const period = periodText(accessPeriod(type), 'en')
  return type === 'insurance_agent'
    ? `Access lasts ${period} from when your client agrees.`
    : `Access lasts up to ${period} from when the patient agrees.`
}
