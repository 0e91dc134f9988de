import { invalidRequest } from '../errors.ts'
import { newId, type TestClock } from '../model.ts'
import { addMonths, DAY } from '../time.ts'
import type { Engine } from '../engine.ts'

/** Test clocks: one resource of the stand-in, over the engine's shared state and event log. */
export class TestClocks {
  constructor(private readonly engine: Engine) {}

  create(frozenTime: number, name: string | null): TestClock {
    const clock: TestClock = {
      id: newId('clock_'),
      object: 'test_helpers.test_clock',
      created: this.engine.standinNow(),
      deletes_after: this.engine.standinNow() + 30 * DAY,
      frozen_time: frozenTime,
      livemode: false,
      name,
      status: 'ready',
      status_details: {},
    }
    this.engine.register('testClocks', clock)
    return clock
  }

  /** Moves a test clock forward; everything due for its customers runs before this returns (status ready). */
  advance(id: string, frozenTime: number): TestClock {
    const clock = this.engine.find<TestClock>('clock_', id, 'test_clock')
    if (frozenTime < clock.frozen_time)
      throw invalidRequest(
        'The test clock cannot be moved backward in time.',
        'frozen_time',
        'test_clock_advance_backwards',
      )
    this.engine.billingClock.runDue(frozenTime, clock.id)
    clock.frozen_time = frozenTime
    clock.status = 'ready'
    return clock
  }

  /** The stand-in's own clock: moves customers without a test clock. */
  advanceStandinClock(seconds: number): number {
    if (seconds < 0) throw invalidRequest('The stand-in clock only moves forward.', 'seconds')
    this.engine.state.clockOffsetSec += seconds
    return this.engine.billingClock.runDue(this.engine.standinNow(), null)
  }

  addMonthsTo(at: number, months: number): number {
    return addMonths(at, months)
  }
}
