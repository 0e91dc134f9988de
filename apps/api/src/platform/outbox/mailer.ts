// Email transport: SMTP through nodemailer when SMTP_URL is set, else the local outbox table is the
// delivery (the demo's dev outbox page reads it).
import nodemailer from 'nodemailer'

export type MailMessage = {
  from: string
  to: string
  subject: string
  text: string
  html?: string
  /**
   * The same for every attempt at one outbox message: a delivery repeated after a crash between the SMTP
   * answer and the 'sent' mark is the same message, which mail systems show once.
   */
  messageId?: string
}
export type Mailer = {
  transport: 'smtp' | 'local-outbox'
  send(message: MailMessage): Promise<void>
  close(): void
}

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) return { transport: 'local-outbox', send: async () => undefined, close: () => undefined }
  // Bounded waits, so a delivery never outlives its job's expiry (jobs/queue.ts) and runs twice at once.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  })
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail(message)
    },
    close: () => transporter.close(),
  }
}
