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

export type SmsText = { body: string }

/** First text: asks the patient to opt in before any link is sent (carrier rules for consent). */
export function optInSms(input: RequestCopyInput & { reminder?: boolean }): SmsText {
  const who = requesterLine(input)
  if (input.language === 'es') {
    const prefix = input.reminder ? 'Recordatorio: ' : ''
    return {
      body: `BlueConsent: ${prefix}${who} pide ver ${describeData(input)} por ${describeDuration(input)}. Responda SI para recibir su enlace seguro, STOP para no recibir mas, HELP para ayuda.`,
    }
  }
  const prefix = input.reminder ? 'Reminder: ' : ''
  return {
    body: `BlueConsent: ${prefix}${who} asks to see ${describeData(input)} for ${describeDuration(input)}. Reply YES to get your secure link, STOP to opt out, HELP for help.`,
  }
}

/** After YES (and on resend or reminder once opted in): the link itself. */
export function linkSms(
  input: RequestCopyInput & {
    link: string
    reminder?: boolean
    validDays?: number
    replacesEarlier?: boolean
  },
): SmsText {
  const who = requesterLine(input)
  if (input.language === 'es') {
    const prefix = input.reminder ? 'Recordatorio: ' : ''
    return {
      body: `BlueConsent: ${prefix}Su enlace seguro para ${who}: ${input.link} Vence en ${expiresIn('es', input.validDays)}.${input.replacesEarlier ? ' Los enlaces anteriores ya no sirven.' : ''} Responda STOP para no recibir mas.`,
    }
  }
  const prefix = input.reminder ? 'Reminder: ' : ''
  return {
    body: `BlueConsent: ${prefix}Your secure link for ${who}: ${input.link} It expires in ${expiresIn('en', input.validDays)}.${input.replacesEarlier ? ' Earlier links no longer work.' : ''} Reply STOP to opt out.`,
  }
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
