import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEndpoint, endpointKey, endpointPath, endpointRegistry, successAnswerOf } from './endpoints.ts'

const answer = z.object({ id: z.string() })
const read = defineEndpoint({
  method: 'GET',
  path: '/api/things/:id/parts/:partId/',
  access: 'SIGNED_IN',
  answers: { 200: answer, 404: z.object({ detail: z.string() }) },
})
const create = defineEndpoint({
  method: 'POST',
  path: '/api/things/',
  access: 'PUBLIC',
  answers: { 201: answer },
})
const remove = defineEndpoint({ method: 'DELETE', path: '/api/things/:id/', access: 'SIGNED_IN' })

describe('endpoints', () => {
  it('fills every path parameter, encoded, and refuses a missing one', () => {
    expect(endpointPath(read.path, { id: 'a b', partId: 'x/y' })).toBe('/api/things/a%20b/parts/x%2Fy/')
    expect(endpointPath(create.path, undefined)).toBe('/api/things/')
    expect(() => endpointPath(read.path, { id: '1' })).toThrow(/partId/)
  })

  it('finds the successful answer among the declared ones', () => {
    expect(successAnswerOf(read)).toBe(answer)
    expect(successAnswerOf(create)).toBe(answer)
    expect(successAnswerOf(remove)).toBeUndefined()
  })

  it('names each endpoint after its feature in the registry', () => {
    const registry = endpointRegistry({ things: { read, create }, parts: { remove } })
    expect(Object.keys(registry)).toEqual(['things.read', 'things.create', 'parts.remove'])
    expect(registry['parts.remove']).toBe(remove)
    expect(endpointKey(registry['things.read'])).toBe('GET /api/things/:id/parts/:partId/')
  })
})
