import { CommitThenFail, type Engine } from './engine.ts'
import { clone } from './model.ts'
import type { StandinOptions } from './options.ts'

// Everything a route needs, created once per plugin instance (two mounts never share state).
export type StandinContext = {
  readonly options: StandinOptions
  readonly engine: Engine
  // Path part of publicBaseUrl ('' or '/stripe-standin'): links and form actions in the hosted pages.
  readonly basePath: string
  /**
   * Runs one change of state as a unit: brings the stand-in's clock up to date first, then `fn`.
   * A thrown error restores the state as it was (nothing half-done, no stray events), except a
   * CommitThenFail, whose changes are kept (a failed charge is part of the record) before its error
   * is thrown. After a change the state is saved and queued webhooks are sent.
   */
  readonly transact: <T>(fn: () => T) => T
}

export function createTransact(engine: Engine, afterCommit: () => void): StandinContext['transact'] {
  return <T>(fn: () => T): T => {
    const saved = clone(engine.state)
    try {
      engine.billingClock.runDue(engine.standinNow(), null)
      const result = fn()
      afterCommit()
      return result
    } catch (error) {
      if (error instanceof CommitThenFail) {
        afterCommit()
        throw error.error
      }
      engine.state = saved
      throw error
    }
  }
}
