// Patient text messages. Spanish copy avoids á/í/ó/ú (not in the GSM-7 alphabet) so texts stay GSM-7 and
// within two segments; ñ and é are GSM-7 and kept.
import {
  describeData,
  describeDuration,
  describeGrantEnd,
  requesterLine,
  expiresIn,
  statedMoment,
  type Language,
  type RequestCopyInput,
} from './copy.ts'
import { forSms } from '@blueconsent/contract/durations'
import { BUILT_IN_TEMPLATES, fill, type PlaceholderValues, type TemplateText } from './editable-copy.ts'

export type SmsText = { body: string }

const REMINDER: Record<Language, string> = { en: 'Reminder: ', es: 'Recordatorio: ' }
const REPLACES_EARLIER: Record<Language, string> = {
  en: ' Earlier links no longer work.',
  es: ' Los anteriores ya no sirven.',
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
    duration: forSms(describeDuration(input)),
  }
  return { body: fill(wording.body, values) }
}

/** After YES (and on resend or reminder once opted in): the link itself. */
export function linkSms(
  input: RequestCopyInput & {
    link: string
    /** When the link stops working, stated as a date and time. */
    linkExpiresAt: Date
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
    link_expires: statedMoment(input.linkExpiresAt, input.language),
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

/**
 * The receipts. An approval's text carries the patient's access page; to stay within two segments with that
 * link it names the organisation and says 'your Medicare data' (the page says what exactly).
 */
export function receiptSms(
  input: RequestCopyInput & { kind: ReceiptKind; validUntil?: string; accessPageUrl?: string },
): SmsText {
  const who = requesterLine(input)
  const org = input.organizationName
  if (input.language === 'es') {
    if (input.kind === 'denied_receipt')
      return { body: `BlueConsent: Usted rechazo la solicitud de ${who}. No se compartio ningun dato.` }
    const until = input.validUntil ? ` hasta el ${input.validUntil}` : ''
    return input.accessPageUrl
      ? {
          body: `BlueConsent: Usted compartio sus datos de Medicare con ${org}${until}. Ver o dejar de compartir: ${input.accessPageUrl}`,
        }
      : {
          body: `BlueConsent: Usted compartio ${describeData(input)} con ${who}${until}. Para cancelar, contacte a ${org}.`,
        }
  }
  if (input.kind === 'denied_receipt')
    return { body: `BlueConsent: You declined the request from ${who}. No data was shared.` }
  const until = input.validUntil ? ` until ${input.validUntil}` : ''
  return input.accessPageUrl
    ? {
        body: `BlueConsent: You shared your Medicare data with ${org}${until}. See or stop sharing: ${input.accessPageUrl}`,
      }
    : {
        body: `BlueConsent: You shared ${describeData(input)} with ${who}${until}. To cancel, contact ${org}.`,
      }
}

/** The patient's reminder before a 13-month Medicare grant ends, with their access page when there is one. */
export function grantEndingSms(
  input: RequestCopyInput & { endsAt: Date; days: number; accessPageUrl?: string },
): SmsText {
  const org = input.organizationName
  const when = describeGrantEnd(input.language, input.days, input.endsAt)
  if (input.language === 'es') {
    const page = input.accessPageUrl ? ` Ver o dejar de compartir: ${input.accessPageUrl}` : ''
    return {
      body: forSms(
        `BlueConsent: Sus datos de Medicare se dejan de compartir con ${org} ${when}. Para seguir, responda la nueva solicitud de ${org}.${page}`,
      ),
    }
  }
  const page = input.accessPageUrl ? ` See or stop sharing: ${input.accessPageUrl}` : ''
  return {
    body: `BlueConsent: Sharing your Medicare data with ${org} ends ${when}. To keep sharing, answer the new request from ${org}.${page}`,
  }
}
