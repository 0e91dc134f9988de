// Patient text messages. Spanish copy avoids á/í/ó/ú (not in the GSM-7 alphabet) so texts stay GSM-7 and
// within two segments; ñ and é are GSM-7 and kept.
import {
  describeData,
  describeDuration,
  requesterLine,
  expiresIn,
  type Language,
  type RequestCopyInput,
} from './copy.ts'
import { BUILT_IN_TEMPLATES, fill, type PlaceholderValues, type TemplateText } from './editable-copy.ts'

export type SmsText = { body: string }

const REMINDER: Record<Language, string> = { en: 'Reminder: ', es: 'Recordatorio: ' }
const REPLACES_EARLIER: Record<Language, string> = {
  en: ' Earlier links no longer work.',
  es: ' Los enlaces anteriores ya no sirven.',
}

/**
 * First text: asks the patient to opt in before any link is sent (carrier rules for consent). In the given
 * wording (the newest saved version) or the built-in copy.
 */
export function optInSms(
  input: RequestCopyInput & { reminder?: boolean },
  wording: TemplateText = BUILT_IN_TEMPLATES.opt_in[input.language],
): SmsText {
  const values: PlaceholderValues = {
    reminder_prefix: input.reminder ? REMINDER[input.language] : '',
    requester: requesterLine(input),
    organization: input.organizationName,
    data: describeData(input),
    duration: describeDuration(input),
  }
  return { body: fill(wording.body, values) }
}

/** After YES (and on resend or reminder once opted in): the link itself. */
export function linkSms(
  input: RequestCopyInput & {
    link: string
    reminder?: boolean
    validDays?: number
    replacesEarlier?: boolean
  },
  wording: TemplateText = BUILT_IN_TEMPLATES.link[input.language],
): SmsText {
  const values: PlaceholderValues = {
    reminder_prefix: input.reminder ? REMINDER[input.language] : '',
    requester: requesterLine(input),
    organization: input.organizationName,
    link: input.link,
    expires_in: expiresIn(input.language, input.validDays),
    replaces_note: input.replacesEarlier ? REPLACES_EARLIER[input.language] : '',
  }
  return { body: fill(wording.body, values) }
}

export function helpSms(language: Language, organizationName: string): SmsText {
  if (language === 'es') {
    return {
      body: `BlueConsent: mensajes sobre una solicitud de ${organizationName} para ver sus datos de Medicare. Responda SI para recibir el enlace o STOP para no recibir mas. Contacte a ${organizationName} con preguntas.`,
    }
  }
  return {
    body: `BlueConsent: messages about a request from ${organizationName} to see your Medicare data. Reply YES for the link or STOP to opt out. Contact ${organizationName} with questions.`,
  }
}

/** Sent when the number is unknown or has nothing waiting for a reply. */
export function nothingPendingSms(language: Language): SmsText {
  return language === 'es'
    ? { body: 'BlueConsent: no hay ninguna solicitud pendiente para este numero.' }
    : { body: 'BlueConsent: there is no open request for this number.' }
}

export type ReceiptKind = 'authorized_receipt' | 'denied_receipt'

export function receiptSms(input: RequestCopyInput & { kind: ReceiptKind; validUntil?: string }): SmsText {
  const who = requesterLine(input)
  if (input.language === 'es') {
    return input.kind === 'authorized_receipt'
      ? {
          body: `BlueConsent: Usted compartio ${describeData(input)} con ${who}${input.validUntil ? ` hasta ${input.validUntil}` : ''}. Para cancelar, contacte a ${input.organizationName}.`,
        }
      : { body: `BlueConsent: Usted rechazo la solicitud de ${who}. No se compartio ningun dato.` }
  }
  return input.kind === 'authorized_receipt'
    ? {
        body: `BlueConsent: You shared ${describeData(input)} with ${who}${input.validUntil ? ` until ${input.validUntil}` : ''}. To cancel, contact ${input.organizationName}.`,
      }
    : { body: `BlueConsent: You declined the request from ${who}. No data was shared.` }
}
