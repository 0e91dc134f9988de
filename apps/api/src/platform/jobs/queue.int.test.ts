// The queues' settings follow the code on every start, also on a database whose queues already exist (pg-boss's
// createQueue alone leaves an existing queue as it was first made).
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { dropStorage, openStorage, type TestStorage } from '../../testing/test-app.ts'
import type { Database } from '../db/client.ts'
import { createJobQueue, QUEUES } from './queue.ts'

describe('job queue settings', () => {
  let opened: { database: Database; storage: TestStorage } | undefined
  afterEach(async () => {
    await opened?.database.close()
    if (opened) await dropStorage(opened.storage)
  })

  it('applies the expiry and retry delay to queues made earlier, and back', async () => {
    opened = await openStorage({})
    const log = pino({ level: 'silent' })
    const settings = async (timings?: { expireSeconds: number; retryDelaySeconds: number }) => {
      const jobs = await createJobQueue(opened!.database, log, timings ? { timings } : {})
      try {
        const queue = await jobs.boss.getQueue(QUEUES.deliverOutbox)
        return { expire: queue?.expireInSeconds, retryDelay: queue?.retryDelay }
      } finally {
        await jobs.stop()
      }
    }
    // The template's queues were made with the defaults; a test that kills workers shortens them.
    expect(await settings({ expireSeconds: 7, retryDelaySeconds: 1 })).toEqual({ expire: 7, retryDelay: 1 })
    expect(await settings()).toEqual({ expire: 60, retryDelay: 5 })
  })
})
