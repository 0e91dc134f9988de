// Errors raised around the sandbox (a host's hooks run inside its scope) keep their status, and the ones it
// answers with 500 are logged, so a failure is never silent.
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { bluebuttonSandbox } from '../src/index.ts'
import { BASE, PREFIX } from './helpers.ts'

async function hostWithHook(fail: (url: string) => Error | null) {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  const app = Fastify({ logger: { level: 'error', stream } })
  app.addHook('onRequest', async (request) => {
    const error = fail(request.url)
    if (error) throw error
  })
  await app.register(bluebuttonSandbox, { prefix: PREFIX, publicBaseUrl: BASE })
  await app.ready()
  return { app, lines }
}

describe('the sandbox error handler', () => {
  it('keeps a host error status (a refused NUL byte is a 400, not a 500)', async () => {
    const refusal = Object.assign(new Error('Null characters are not allowed.'), { statusCode: 400 })
    const { app } = await hostWithHook((url) => (url.includes('%00') ? refusal : null))
    const response = await app.inject({ method: 'GET', url: `${PREFIX}/v2/fhir/Patient/%00` })
    expect(response.statusCode).toBe(400)
    await app.close()
  })

  it('logs what it answers with 500', async () => {
    const { app, lines } = await hostWithHook((url) => (url.includes('boom') ? new Error('boom') : null))
    const response = await app.inject({ method: 'GET', url: `${PREFIX}/v2/fhir/metadata?boom=1` })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ detail: 'A server error occurred.' })
    expect(lines.join('')).toContain('blue button sandbox failed')
    await app.close()
  })
})
