import { gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { AnswerCache, fileAnswer } from './answer-cache.ts'
import { conditionalGet } from './etag.ts'

/** A route whose answer takes a while to compute, counting how often it is computed. */
async function slowRoute(cache: AnswerCache, fail = false) {
  const app = Fastify()
  let computed = 0
  app.get('/answer/:key', { onSend: [fileAnswer, conditionalGet] }, async (request, reply) => {
    const { key } = request.params as { key: string }
    if (await cache.sendHeld(request, reply, key)) return reply
    computed += 1
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (fail) throw new Error('the computation failed')
    return { key, computed }
  })
  await app.ready()
  return { app, computed: () => computed }
}

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
})

describe('AnswerCache', () => {
  it('computes an answer once for callers that miss together, and serves it to all of them', async () => {
    const cache = new AnswerCache()
    const { app, computed } = await slowRoute(cache)
    close = () => app.close()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/answer/a' })),
    )
    expect(computed()).toBe(1)
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1)
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1)
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true)
    expect(answers[0]?.headers['content-type']).toMatch(/^application\/json/)
    // Another key is another answer.
    await app.inject({ method: 'GET', url: '/answer/b' })
    expect(computed()).toBe(2)
  })

  it('lets waiting callers compute for themselves when the computation fails', async () => {
    const cache = new AnswerCache()
    const { app, computed } = await slowRoute(cache, true)
    close = () => app.close()
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => app.inject({ method: 'GET', url: '/answer/a' })),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual([500, 500, 500])
    expect(computed()).toBe(3)
  })

  it('answers 304 to the held ETag without computing again', async () => {
    const cache = new AnswerCache()
    const { app, computed } = await slowRoute(cache)
    close = () => app.close()
    const first = await app.inject({ method: 'GET', url: '/answer/a' })
    const again = await app.inject({
      method: 'GET',
      url: '/answer/a',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(computed()).toBe(1)
  })

  it('sends a held answer gzipped to a client that takes gzip, as its own representation', async () => {
    const cache = new AnswerCache()
    const app = Fastify()
    close = () => app.close()
    const body = JSON.stringify({ rows: Array.from({ length: 200 }, (_, index) => ({ index, name: 'Ana' })) })
    cache.store('big', body)
    cache.store('small', '{"rows":[]}')
    app.get('/held/:key', { onSend: [fileAnswer, conditionalGet] }, async (request, reply) => {
      await cache.sendHeld(request, reply, (request.params as { key: string }).key)
      return reply
    })
    const gzipped = await app.inject({
      url: '/held/big',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.headers.vary).toBe('accept-encoding')
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(body)
    expect(gzipped.rawPayload.length).toBeLessThan(body.length / 5)

    const plain = await app.inject({ url: '/held/big', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(body)
    expect(plain.headers.etag).not.toBe(gzipped.headers.etag)

    const revalidated = await app.inject({
      url: '/held/big',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gzipped.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers['content-encoding']).toBeUndefined()
    const small = await app.inject({ url: '/held/small', headers: { 'accept-encoding': 'gzip' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body).toBe('{"rows":[]}')
  })
})
