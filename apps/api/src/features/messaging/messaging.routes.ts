// Inbound SMS: Twilio's signed webhook (only when Twilio is configured) and, in demo mode, the outbox
// page's 'reply as patient' control. Both run the same service.
import { DEV_OUTBOX_ENDPOINTS } from '@blueconsent/contract/dev-outbox'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AppError } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { findSmsMessage, verifyTwilioSignature, type FormParams } from '../../platform/outbox/index.ts'
import { handleInboundSms } from './sms-inbound.ts'

export const TWILIO_WEBHOOK_PATH = '/api/webhooks/twilio/sms/'
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>'

const badSignature = (): AppError => new AppError(403, 'permission_denied', 'Invalid Twilio signature.')

export async function messagingRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const twilio = ctx.config.twilio

  if (twilio) {
    // Called by Twilio's servers: no cookies, so no CSRF; the HMAC signature over the exact public URL and
    // every POST parameter is the guard.
    routes.post(
      TWILIO_WEBHOOK_PATH,
      { config: { access: 'public', csrf: false }, schema: { tags: ['webhooks'], hide: true } },
      async (request, reply) => {
        const params = (request.body ?? {}) as FormParams
        const signature = request.headers['x-twilio-signature']
        if (
          !verifyTwilioSignature(
            twilio.authToken,
            twilio.webhookUrl,
            params,
            typeof signature === 'string' ? signature : undefined,
          )
        ) {
          throw badSignature()
        }
        const from = typeof params.From === 'string' ? params.From : ''
        const body = typeof params.Body === 'string' ? params.Body : ''
        if (from) await handleInboundSms(ctx, { from, body })
        return reply.type('text/xml').send(EMPTY_TWIML)
      },
    )
  }

  if (ctx.config.devTools) {
    serveEndpoint(app, DEV_OUTBOX_ENDPOINTS.smsReply, { schema: { tags: ['dev'] } }, async (request) => {
      const message = await findSmsMessage(ctx, request.body.message_id)
      if (!message) throw new AppError(404, 'not_found', 'Not found.')
      return handleInboundSms(ctx, { from: message.to, body: request.body.body })
    })
  }
}
