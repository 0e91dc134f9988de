// Shared plain-language phrases for patient messages, English and Spanish. Agents ask for medications only,
// for 10 hours; providers for medications, claims and a risk score, for the days chosen or 13 months. Every
// length of time and every date comes from the contract's durations module, as on every other screen.
import type { AuthorizationType } from '@blueconsent/contract/authorization-requests'
import { DURATIONS, accessPeriod, durationSentences, formatMoment } from '@blueconsent/contract/durations'

export type Language = 'en' | 'es'

export type RequestCopyInput = {
  language: Language
  requesterName: string
  organizationName: string
  authorizationType: AuthorizationType
  /** The provider's chosen length in days; null for the default (13 months) and for agents. */
  durationDays: number | null
}

const DATA: Record<Language, Record<AuthorizationType, string>> = {
  en: {
    healthcare_provider: 'your Medicare medications, claims and a health risk score',
    insurance_agent: 'your Medicare medication list (medications only)',
  },
  es: {
    healthcare_provider: 'sus medicamentos, reclamos de Medicare y un puntaje de riesgo de salud',
    insurance_agent: 'su lista de medicamentos de Medicare (solo medicamentos)',
  },
}

export const describeData = (input: Pick<RequestCopyInput, 'language' | 'authorizationType'>): string =>
  DATA[input.language][input.authorizationType]

/** '10 hours from when you agree', '13 months from when you agree', '90 días desde que usted acepte'. */
export const describeDuration = (
  input: Pick<RequestCopyInput, 'language' | 'authorizationType' | 'durationDays'>,
): string =>
  durationSentences(input.language).accessFor(accessPeriod(input.authorizationType, input.durationDays))

/** 'in 30 days, on December 27, 2027 at 9:24 AM ET': when a Medicare grant ends, for its reminders. */
export const describeGrantEnd = (language: Language, days: number, endsAt: Date): string =>
  durationSentences(language).endsInDays(days, endsAt)

/** The exact moment a link stops working or access ends, as every screen states it. */
export const statedMoment = (at: Date, language: Language): string => formatMoment(at, language)

/** 'Casey Morgan at Riverbend Accountable Care' (names come from staff accounts; never the patient's). */
export const requesterLine = (input: RequestCopyInput): string =>
  `${input.requesterName} ${input.language === 'es' ? 'de' : 'at'} ${input.organizationName}`

export const LINK_VALID_DAYS = DURATIONS.consentLinkDays

/** 'in 7 days' / 'in 1 day' (reminders carry the days the link has left), in the message's language. */
export function expiresIn(language: Language, days: number = LINK_VALID_DAYS): string {
  if (language === 'es') return days === 1 ? '1 dia' : `${days} dias`
  return days === 1 ? '1 day' : `${days} days`
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}
