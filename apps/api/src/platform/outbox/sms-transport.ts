// Delivery of one queued SMS: Twilio when configured, else the local outbox row is the delivery.
import type { AppContext } from '../context.ts'
import { sendTwilioSms } from './twilio.ts'

export type SmsTransport = 'twilio' | 'local-outbox'

export async function deliverSms(
  ctx: Pick<AppContext, 'config'>,
  to: string,
  body: string,
): Promise<SmsTransport> {
  const twilio = ctx.config.twilio
  if (!twilio) return 'local-outbox'
  await sendTwilioSms(twilio, to, body)
  return 'twilio'
}
