// docs/webhooks.openapi.yaml describes the webhook deliveries by hand. It must name every event an endpoint can
// subscribe to (and the test event), the request statuses a body can carry, every field of an event body the
// contract allows and no other, and the three Standard Webhooks headers, so integrators code against what is sent.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import {
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  webhookEventBodySchema,
} from '@blueconsent/contract/integrations'
import { AUTHORIZATION_STATUSES } from '@blueconsent/contract/authorization-requests'

const SPEC_PATH = join(fileURLToPath(import.meta.url), '../../../../../../docs/webhooks.openapi.yaml')

type Schema = {
  type?: unknown
  const?: string
  enum?: string[]
  properties?: Record<string, Schema>
  allOf?: Schema[]
  $ref?: string
}
type Spec = {
  components: { schemas: Record<string, Schema>; parameters: Record<string, { name: string; in: string }> }
  webhooks: Record<string, { post: { parameters: { $ref: string }[]; requestBody: unknown } }>
}

const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Spec
const schemas = spec.components.schemas

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const target = schemas[name]
  if (!target) throw new Error(`${schema.$ref} is not defined`)
  return target
}

/** Every property name a schema (with its allOf parts) declares. */
function propertyNames(schema: Schema): string[] {
  const own = resolve(schema)
  return [...Object.keys(own.properties ?? {}), ...(own.allOf ?? []).flatMap(propertyNames)]
}

const eventSchemas = Object.values(spec.webhooks).map((hook) => {
  const body = hook.post.requestBody as { content: { 'application/json': { schema: Schema } } }
  return resolve(body.content['application/json'].schema)
})

describe('docs/webhooks.openapi.yaml', () => {
  it('names every event exactly once, the test event included', () => {
    const types = eventSchemas.flatMap((schema) => {
      const type = schema.properties?.type
      return type?.enum ?? (type?.const ? [type.const] : [])
    })
    expect([...types].sort()).toEqual([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].sort())
  })

  it('lists the request statuses a body carries', () => {
    expect(schemas.RequestEventData?.properties?.status?.enum).toEqual([...AUTHORIZATION_STATUSES])
  })

  it('declares every field of an event body the contract allows, and no other', () => {
    const documented = new Set(eventSchemas.flatMap((schema) => propertyNames(schema.properties?.data ?? {})))
    expect([...documented].sort()).toEqual(Object.keys(webhookEventBodySchema.shape.data.shape).sort())
    for (const schema of eventSchemas)
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
        Object.keys(webhookEventBodySchema.shape).sort(),
      )
  })

  it('requires the Standard Webhooks headers on every delivery', () => {
    for (const hook of Object.values(spec.webhooks)) {
      const headers = hook.post.parameters.map((parameter) => {
        const name = parameter.$ref.replace('#/components/parameters/', '')
        return spec.components.parameters[name]
      })
      expect(headers.map((header) => `${header?.in}:${header?.name}`).sort()).toEqual([
        'header:webhook-id',
        'header:webhook-signature',
        'header:webhook-timestamp',
      ])
    }
  })
})
