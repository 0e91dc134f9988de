import { describe, expect, it } from 'vitest'
import type { AppContext } from '../context.ts'
import type { DbOrTx } from '../db/client.ts'
import { DomainEvents } from './domain-events.ts'

const ctx = {} as AppContext
const tx = {} as DbOrTx
describe('DomainEvents', () => {
  const event = { request: { id: 'r1' }, at: new Date(0) } as never

  it('runs every handler of an event in subscription order, with the publisher’s transaction', async () => {
    const events = new DomainEvents()
    const seen: string[] = []
    events.on('authorization_request.authorized', async (_ctx, given) => {
      expect(given).toBe(tx)
      seen.push('first')
    })
    events.on('authorization_request.authorized', async () => {
      seen.push('second')
    })
    events.on('authorization_request.denied', async () => {
      seen.push('other event')
    })
    await events.publish(ctx, tx, 'authorization_request.authorized', event)
    expect(seen).toEqual(['first', 'second'])
  })

  it('waits for each handler before the next, and fails the publisher when one fails', async () => {
    const events = new DomainEvents()
    const seen: string[] = []
    events.on('authorization_request.expired', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      seen.push('slow')
    })
    events.on('authorization_request.expired', async () => {
      seen.push('after slow')
      throw new Error('subscriber failed')
    })
    events.on('authorization_request.expired', async () => {
      seen.push('never')
    })
    await expect(events.publish(ctx, tx, 'authorization_request.expired', event)).rejects.toThrow(
      'subscriber failed',
    )
    expect(seen).toEqual(['slow', 'after slow'])
  })

  it('publishing an event nobody subscribed to does nothing', async () => {
    await expect(
      new DomainEvents().publish(ctx, tx, 'authorization_request.renewal_due', event),
    ).resolves.toBeUndefined()
  })
})
