// The outbox's public face: queue an email or SMS inside a transaction, deliver it from the job, read it back.
export { createMailer, type Mailer } from './mailer.ts'
export {
  deliverOutboxMessage,
  findSmsMessage,
  listRecentMessages,
  openOutboxMessage,
  queueEmail,
  queueSms,
  releaseHeldMessages,
  type DecryptedOutboxMessage,
  type EmailDraft,
  type SmsDraft,
} from './outbox.service.ts'
export { countFailedMessages } from './outbox.repository.ts'
export { twilioSignature, verifyTwilioSignature, type FormParams } from './twilio.ts'
