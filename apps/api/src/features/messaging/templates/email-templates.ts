// Patient and staff emails: plain text plus a simple branded HTML part. Every interpolated value is escaped
// in HTML (staff names and organisation names are user input).
import {
  describeData,
  describeDuration,
  escapeHtml,
  requesterLine,
  expiresIn,
  type Language,
  type RequestCopyInput,
} from './copy.ts'
import {
  BUILT_IN_TEMPLATES,
  fill,
  paragraphsOf,
  type PlaceholderValues,
  type TemplateText,
} from './editable-copy.ts'
import type { ReceiptKind } from './sms-templates.ts'

export type EmailContent = { subject: string; text: string; html: string }

function layout(language: Language, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:18px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#0b5cad;color:#ffffff;padding:14px 24px;border-radius:6px;font-size:18px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : ''
  return `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b1f24"><div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px"><p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b5cad">BlueConsent</p>${body}${button}</div></body></html>`
}

const REMINDER: Record<Language, string> = { en: 'Reminder: ', es: 'Recordatorio: ' }
const REPLACES_EARLIER: Record<Language, string> = {
  en: ' (it replaces any earlier link, which no longer works)',
  es: ' (reemplaza cualquier enlace anterior, que ya no funciona)',
}
const REVIEW: Record<Language, string> = { en: 'Review the request', es: 'Revisar la solicitud' }

/** The consent request, in the given wording (the newest saved version) or the built-in copy. */
export function consentRequestEmail(
  input: RequestCopyInput & {
    link: string
    reminder?: boolean
    validDays?: number
    replacesEarlier?: boolean
  },
  wording: TemplateText = BUILT_IN_TEMPLATES.consent_request[input.language],
): EmailContent {
  const language = input.language
  const values: PlaceholderValues = {
    reminder_prefix: input.reminder ? REMINDER[language] : '',
    requester: requesterLine(input),
    organization: input.organizationName,
    data: describeData(input),
    duration: describeDuration(input),
    link: input.link,
    replaces_note: input.replacesEarlier ? REPLACES_EARLIER[language] : '',
    expires_in:
      language === 'es'
        ? expiresIn('es', input.validDays).replace('dias', 'días')
        : expiresIn('en', input.validDays),
  }
  const paragraphs = paragraphsOf(fill(wording.body, values))
  // A subject is one line whatever a value holds (names are typed by staff).
  const subject = fill(wording.subject ?? '', values).replace(/[\r\n]+/g, ' ')
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: layout(language, paragraphs, { label: REVIEW[language], href: input.link }),
  }
}

export function receiptEmail(
  input: RequestCopyInput & { kind: ReceiptKind; validUntil?: string },
): EmailContent {
  const who = requesterLine(input)
  const es = input.language === 'es'
  const paragraphs =
    input.kind === 'authorized_receipt'
      ? es
        ? [
            `Usted compartió ${describeData(input)} con ${who}${input.validUntil ? ` hasta el ${input.validUntil}` : ''}.`,
            `Para dejar de compartir antes, contacte a ${input.organizationName}.`,
          ]
        : [
            `You shared ${describeData(input)} with ${who}${input.validUntil ? ` until ${input.validUntil}` : ''}.`,
            `To stop sharing earlier, contact ${input.organizationName}.`,
          ]
      : es
        ? [`Usted rechazó la solicitud de ${who}.`, 'No se compartió ningún dato.']
        : [`You declined the request from ${who}.`, 'No data was shared.']
  const subject =
    input.kind === 'authorized_receipt'
      ? es
        ? 'Recibo: usted compartió sus datos de Medicare'
        : 'Receipt: you shared your Medicare data'
      : es
        ? 'Recibo: usted rechazó la solicitud'
        : 'Receipt: you declined the request'
  return { subject, text: paragraphs.join('\n\n'), html: layout(input.language, paragraphs) }
}

/** To the staff member who asked: no patient details, only the request id and the date. */
export function renewalNoticeEmail(input: {
  requestId: string
  expiresOn: string
  renewUrl: string
  days: number
}): EmailContent {
  const paragraphs = [
    `An authorization you requested (request ${input.requestId}) expires on ${input.expiresOn}.`,
    'To keep seeing this patient’s Medicare data, open BlueConsent and renew the request. The patient will be asked to agree again.',
    `Renew: ${input.renewUrl}`,
  ]
  return {
    subject: `An authorization expires in ${input.days} days`,
    text: paragraphs.join('\n\n'),
    html: layout('en', paragraphs, { label: 'Open BlueConsent', href: input.renewUrl }),
  }
}
