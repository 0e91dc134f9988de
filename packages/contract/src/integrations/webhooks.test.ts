import { describe, expect, it } from 'vitest'
import { webhookEndpointCreateSchema, webhookEndpointUpdateSchema } from './webhooks.ts'

describe('webhook endpoint schemas', () => {
  it('accepts https anywhere and http to loopback only, without credentials or fragments', () => {
    const valid = (url: string) =>
      webhookEndpointCreateSchema.safeParse({ url, events: ['data.ready'] }).success
    expect(valid('https://hooks.example.com/in')).toBe(true)
    expect(valid('http://127.0.0.1:9000/in')).toBe(true)
    expect(valid('http://hooks.example.com/in')).toBe(false)
    expect(valid('https://user:pass@hooks.example.com/in')).toBe(false)
    expect(valid('https://hooks.example.com/in#x')).toBe(false)
    expect(valid('ftp://hooks.example.com/')).toBe(false)
  })

  it('takes known events only, at least one, each once', () => {
    const parse = (events: string[]) =>
      webhookEndpointCreateSchema.safeParse({ url: 'https://hooks.example.com/', events })
    expect(parse(['data.ready', 'data.ready']).data?.events).toEqual(['data.ready'])
    expect(parse([]).success).toBe(false)
    expect(parse(['patient.updated']).success).toBe(false)
  })

  it('refuses an update that changes nothing', () => {
    expect(webhookEndpointUpdateSchema.safeParse({}).success).toBe(false)
    expect(webhookEndpointUpdateSchema.safeParse({ enabled: true }).success).toBe(true)
  })
})
