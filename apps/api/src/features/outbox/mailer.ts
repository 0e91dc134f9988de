// Email transport: SMTP through nodemailer when SMTP_URL is set, else the local outbox table is the
// delivery (the demo's dev outbox page reads it).
import nodemailer from 'nodemailer'

export type MailMessage = { from: string; to: string; subject: string; text: string; html?: string }
export type Mailer = {
  transport: 'smtp' | 'local-outbox'
  send(message: MailMessage): Promise<void>
  close(): void
}

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) return { transport: 'local-outbox', send: async () => undefined, close: () => undefined }
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail(message)
    },
    close: () => transporter.close(),
  }
}
