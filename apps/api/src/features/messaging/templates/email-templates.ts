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

export function consentRequestEmail(
  input: RequestCopyInput & {
    link: string
    reminder?: boolean
    validDays?: number
    replacesEarlier?: boolean
  },
): EmailContent {
  const who = requesterLine(input)
  if (input.language === 'es') {
    const paragraphs = [
      `${input.reminder ? 'Recordatorio: ' : ''}${who} le pide permiso para ver ${describeData(input)}.`,
      `Si acepta, podrá ver estos datos de Medicare por ${describeDuration(input)}. Usted decide: puede aceptar o rechazar.`,
      `Abra este enlace para responder: ${input.link}${input.replacesEarlier ? ' (reemplaza cualquier enlace anterior, que ya no funciona)' : ''}`,
      `El enlace vence en ${expiresIn('es', input.validDays).replace('dias', 'días')}. Si no esperaba este mensaje, ignórelo o contacte a ${input.organizationName}.`,
    ]
    return {
      subject: `${input.reminder ? 'Recordatorio: ' : ''}${who} pide ver sus datos de Medicare`,
      text: paragraphs.join('\n\n'),
      html: layout('es', paragraphs, { label: 'Revisar la solicitud', href: input.link }),
    }
  }
  const paragraphs = [
    `${input.reminder ? 'Reminder: ' : ''}${who} asks for your permission to see ${describeData(input)}.`,
    `If you agree, they can see this Medicare data for ${describeDuration(input)}. It is your choice: you can agree or decline.`,
    `Open this link to answer: ${input.link}${input.replacesEarlier ? ' (it replaces any earlier link, which no longer works)' : ''}`,
    `The link expires in ${expiresIn('en', input.validDays)}. If you did not expect this message, ignore it or contact ${input.organizationName}.`,
  ]
  return {
    subject: `${input.reminder ? 'Reminder: ' : ''}${who} asks to see your Medicare data`,
    text: paragraphs.join('\n\n'),
    html: layout('en', paragraphs, { label: 'Review the request', href: input.link }),
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
