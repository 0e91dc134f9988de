// Shared plain-language phrases for patient messages, English and Spanish. Agents ask for medications only
// and for a one-time look (about 10 hours); providers for medications, claims and a risk score, about 13 months.
import type { AuthorizationType } from '@blueconsent/contract/authorization-requests'

export type Language = 'en' | 'es'

export type RequestCopyInput = {
  language: Language
  requesterName: string
  organizationName: string
  authorizationType: AuthorizationType
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

const DURATION: Record<Language, Record<AuthorizationType, string>> = {
  en: { healthcare_provider: 'about 13 months', insurance_agent: 'about 10 hours' },
  es: { healthcare_provider: 'unos 13 meses', insurance_agent: 'unas 10 horas' },
}

export const describeData = (input: Pick<RequestCopyInput, 'language' | 'authorizationType'>): string =>
  DATA[input.language][input.authorizationType]

export const describeDuration = (input: Pick<RequestCopyInput, 'language' | 'authorizationType'>): string =>
  DURATION[input.language][input.authorizationType]

/** 'Casey Morgan at Riverbend Accountable Care' (names come from staff accounts; never the patient's). */
export const requesterLine = (input: RequestCopyInput): string =>
  `${input.requesterName} ${input.language === 'es' ? 'de' : 'at'} ${input.organizationName}`

export const LINK_VALID_DAYS = 7

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
