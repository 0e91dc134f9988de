// Signed webhooks for integrators: an organisation's admins register endpoints, choose the events they
// receive, rotate the signing secret and read each endpoint's delivery log. Deliveries follow the Standard
// Webhooks format (webhook-id, webhook-timestamp, webhook-signature).
import { z } from 'zod'
import { idSchema, isoDateTimeSchema } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'
import { integrationIdParamsSchema, isAllowedRedirectUri } from './integrations.ts'

/** What an endpoint can subscribe to; no event carries clinical data, only ids and states. */
export const WEBHOOK_EVENTS = [
  'request.created',
  'request.authorized',
  'request.denied',
  'request.expired',
  'request.revoked',
  'data.ready',
  'data.failed',
  'grant.expiring',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]

/** Sent on demand from the settings page to check an endpoint; every endpoint receives it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'request.created': 'A request was sent to a patient',
  'request.authorized': 'The patient authorized sharing',
  'request.denied': 'The patient declined',
  'request.expired': 'The request or authorization expired',
  'request.revoked': 'The authorization was revoked',
  'data.ready': 'A Medicare data pull completed',
  'data.failed': 'A Medicare data pull failed',
  'grant.expiring': 'An authorization is about to end',
}

export const WEBHOOK_LIMITS = { urlMax: 2000, endpointsPerOrganization: 20 } as const

export const WEBHOOK_MESSAGES = {
  urlInvalid:
    'Enter an absolute https:// address without credentials or a fragment (http:// only for localhost, 127.0.0.1 or [::1] in development).',
  httpInProduction: 'Enter an https:// address.',
  tooMany: `An organization can have at most ${WEBHOOK_LIMITS.endpointsPerOrganization} webhook endpoints.`,
  organizationRequired: 'Only an organization’s administrators manage its webhooks.',
  secretOnce: 'Copy the signing secret now: it is shown only once.',
  disabled: 'The endpoint is disabled; enable it to send again.',
} as const

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_LIMITS.urlMax)
  .refine(isAllowedRedirectUri, WEBHOOK_MESSAGES.urlInvalid)

const eventListSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .transform((events) => [...new Set(events)])

export const webhookEndpointCreateSchema = z.object({
  url: webhookUrlSchema,
  events: eventListSchema,
  description: z.string().trim().max(200).optional(),
})
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>

export const webhookEndpointUpdateSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: eventListSchema.optional(),
    description: z.string().trim().max(200).optional(),
    /** false disables deliveries; true enables them again and forgets the failures that disabled them. */
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change.',
  })
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>

/** The signing secret, in the Standard Webhooks form `whsec_<base64>`: this answer is the only one showing it. */
export const webhookSecretSchema = z.object({ id: idSchema, secret: z.string().startsWith('whsec_') })
export type WebhookSecret = z.infer<typeof webhookSecretSchema>

export const webhookEndpointSchema = z.object({
  id: idSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  /** Until then deliveries are signed with the previous secret too. */
  previous_secret_expires_at: isoDateTimeSchema.nullable(),
  failing_since: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

export const webhookEndpointListSchema = z.object({ results: z.array(webhookEndpointSchema) })
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const

export const webhookDeliverySchema = z.object({
  id: idSchema,
  /** The webhook-id header: the same on every attempt and resend, so receivers can drop repeats. */
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: isoDateTimeSchema,
  last_attempt_at: isoDateTimeSchema.nullable(),
  next_attempt_at: isoDateTimeSchema.nullable(),
  delivered_at: isoDateTimeSchema.nullable(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

export const webhookDeliveryListSchema = z.object({ results: z.array(webhookDeliverySchema) })
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>

/** The body of every event: ids and states only, never a patient's name or clinical data. */
export const webhookEventBodySchema = z.object({
  type: z.string(),
  timestamp: isoDateTimeSchema,
  data: z.object({
    organization_id: idSchema,
    request_id: idSchema.optional(),
    patient_id: idSchema.nullable().optional(),
    status: z.string().optional(),
    run_id: idSchema.optional(),
    access_ends_at: isoDateTimeSchema.nullable().optional(),
    /** grant.expiring at the 30- and 7-day marks before a Medicare grant ends: when that grant ends. */
    medicare_access_ends_at: isoDateTimeSchema.nullable().optional(),
  }),
})
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>

const deliveryParamsSchema = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() })

/** Webhooks belong to an organisation: its admins manage them; the platform's administrator has none. */
export const WEBHOOK_ENDPOINTS = {
  webhooks: defineEndpoint({
    method: 'GET',
    path: '/api/integrations/webhooks/',
    access: 'ORGANIZATION_ADMINS',
    answers: { 200: webhookEndpointListSchema },
  }),
  /** The answer carries the endpoint's signing secret (whsec_…), shown this once. */
  createWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/integrations/webhooks/',
    access: 'ORGANIZATION_ADMINS',
    body: webhookEndpointCreateSchema,
    answers: { 201: webhookSecretSchema },
  }),
  /** Changes the address or events, or disables or enables the endpoint. */
  updateWebhook: defineEndpoint({
    method: 'PATCH',
    path: '/api/integrations/webhooks/:id/',
    access: 'ORGANIZATION_ADMINS',
    params: integrationIdParamsSchema,
    body: webhookEndpointUpdateSchema,
    answers: { 200: webhookEndpointSchema },
  }),
  /** Answers 204. */
  deleteWebhook: defineEndpoint({
    method: 'DELETE',
    path: '/api/integrations/webhooks/:id/',
    access: 'ORGANIZATION_ADMINS',
    params: integrationIdParamsSchema,
  }),
  /** A new signing secret, shown this once; the previous one also signs for 24 hours. */
  rotateWebhookSecret: defineEndpoint({
    method: 'POST',
    path: '/api/integrations/webhooks/:id/rotate-secret/',
    access: 'ORGANIZATION_ADMINS',
    params: integrationIdParamsSchema,
    answers: { 200: webhookSecretSchema },
  }),
  /** Queues a webhook.test event for this endpoint. */
  sendWebhookTest: defineEndpoint({
    method: 'POST',
    path: '/api/integrations/webhooks/:id/test/',
    access: 'ORGANIZATION_ADMINS',
    params: integrationIdParamsSchema,
    answers: { 202: webhookDeliverySchema },
  }),
  /** The endpoint's latest deliveries, newest first. */
  webhookDeliveries: defineEndpoint({
    method: 'GET',
    path: '/api/integrations/webhooks/:id/deliveries/',
    access: 'ORGANIZATION_ADMINS',
    params: integrationIdParamsSchema,
    answers: { 200: webhookDeliveryListSchema },
  }),
  /** Sends the delivery again with its original webhook-id. */
  resendWebhookDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/integrations/webhooks/:id/deliveries/:deliveryId/resend/',
    access: 'ORGANIZATION_ADMINS',
    params: deliveryParamsSchema,
    answers: { 202: webhookDeliverySchema },
  }),
}
