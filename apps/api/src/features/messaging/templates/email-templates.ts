// Patient and staff emails: plain text plus a simple branded HTML part. Every interpolated value is escaped
// in HTML (staff names and organisation names are user input).
import {
  describeData,
  describeDuration,
  describeGrantEnd,
  escapeHtml,
  requesterLine,
  expiresIn,
  statedMoment,
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
    /** When the link stops working, stated as a date and time. */
    linkExpiresAt: Date
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
    link_expires: statedMoment(input.linkExpiresAt, language),
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

const SEE_ACCESS: Record<Language, string> = {
  en: 'See who has your data or stop sharing',
  es: 'Vea quién tiene sus datos o deje de compartir',
}

export function receiptEmail(
  input: RequestCopyInput & { kind: ReceiptKind; validUntil?: string; accessPageUrl?: string },
): EmailContent {
  const who = requesterLine(input)
  const es = input.language === 'es'
  const paragraphs =
    input.kind === 'authorized_receipt'
      ? es
        ? [
            `Usted compartió ${describeData(input)} con ${who}${input.validUntil ? ` hasta el ${input.validUntil}` : ''}.`,
            input.accessPageUrl
              ? `Para ver quién tiene sus datos o dejar de compartir ahora, abra: ${input.accessPageUrl}`
              : `Para dejar de compartir antes, contacte a ${input.organizationName}.`,
          ]
        : [
            `You shared ${describeData(input)} with ${who}${input.validUntil ? ` until ${input.validUntil}` : ''}.`,
            input.accessPageUrl
              ? `To see who has your data or stop sharing now, open: ${input.accessPageUrl}`
              : `To stop sharing earlier, contact ${input.organizationName}.`,
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
  const action = input.accessPageUrl
    ? { label: SEE_ACCESS[input.language], href: input.accessPageUrl }
    : undefined
  return { subject, text: paragraphs.join('\n\n'), html: layout(input.language, paragraphs, action) }
}

export type GrantEndingInput = RequestCopyInput & {
  endsAt: Date
  /** Whole days left (the mark: 30 or 7). */
  days: number
  accessPageUrl?: string
}

/**
 * The patient's reminder before a 13-month Medicare grant ends: when sharing stops, that their organisation
 * can ask again, and their own access page.
 */
export function grantEndingEmail(input: GrantEndingInput): EmailContent {
  const who = requesterLine(input)
  const org = input.organizationName
  const when = describeGrantEnd(input.language, input.days, input.endsAt)
  const es = input.language === 'es'
  const paragraphs = es
    ? [
        `Usted comparte ${describeData(input)} con ${who}. Medicare deja de compartirlos ${when}.`,
        `Para seguir compartiendo, ${org} puede enviarle una nueva solicitud: respóndala cuando llegue. Si no hace nada, se deja de compartir en esa fecha.`,
        ...(input.accessPageUrl
          ? [`Para ver quién tiene sus datos o dejar de compartir ahora, abra: ${input.accessPageUrl}`]
          : []),
      ]
    : [
        `You share ${describeData(input)} with ${who}. Medicare stops sharing it ${when}.`,
        `To keep sharing, ${org} can send you a new request: answer it when it arrives. If you do nothing, sharing stops on that date.`,
        ...(input.accessPageUrl
          ? [`To see who has your data or stop sharing now, open: ${input.accessPageUrl}`]
          : []),
      ]
  const subject = es
    ? 'Recordatorio: pronto se deja de compartir sus datos de Medicare'
    : 'Reminder: sharing your Medicare data ends soon'
  const action = input.accessPageUrl
    ? { label: SEE_ACCESS[input.language], href: input.accessPageUrl }
    : undefined
  return { subject, text: paragraphs.join('\n\n'), html: layout(input.language, paragraphs, action) }
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

/** To the staff member who asked, when a held pull is rejected: no patient details, only the request id. */
export function identityRejectedEmail(input: { requestId: string; requestUrl: string }): EmailContent {
  const paragraphs = [
    `The Medicare record returned for a request you made (request ${input.requestId}) belonged to someone else, and an administrator of your organization rejected it.`,
    'The data from that record was deleted and the Medicare access it gave was revoked. The patient’s earlier data is unchanged. To try again, check the patient’s name and date of birth and send a new request.',
    `Open the request: ${input.requestUrl}`,
  ]
  return {
    subject: 'A Medicare record was rejected after identity review',
    text: paragraphs.join('\n\n'),
    html: layout('en', paragraphs, { label: 'Open BlueConsent', href: input.requestUrl }),
  }
}

/** To the staff member who asked, when the patient stopped sharing: no patient details, only the request id. */
export function patientStoppedEmail(input: { requestId: string; listUrl: string }): EmailContent {
  const paragraphs = [
    `A patient stopped sharing their Medicare data with your organization (request ${input.requestId}). The authorization is revoked and their data is no longer shown.`,
    'If you still need it, ask the patient again: they will be asked to agree again.',
    `Open: ${input.listUrl}`,
  ]
  return {
    subject: 'A patient stopped sharing their Medicare data',
    text: paragraphs.join('\n\n'),
    html: layout('en', paragraphs, { label: 'Open BlueConsent', href: input.listUrl }),
  }
}
