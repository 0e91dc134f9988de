// Whether this process records traces. A global, not a module variable: the preload that starts tracing is
// bundled apart from the server, so the two do not share modules.
const ACTIVE = Symbol.for('blueconsent.tracing')

export function tracingActive(): boolean {
  return (globalThis as Record<symbol, unknown>)[ACTIVE] === true
}

export function setTracingActive(active: boolean): void {
  ;(globalThis as Record<symbol, unknown>)[ACTIVE] = active
}

const FLUSH = Symbol.for('blueconsent.tracing.flush')

/** The preload leaves how to end tracing here, for a shutdown that exits before Node's own 'beforeExit'. */
export function setTracingFlush(flush: () => Promise<void>): void {
  ;(globalThis as Record<symbol, unknown>)[FLUSH] = flush
}

/** Ends tracing and sends the spans still batched; does nothing when tracing is off. Never throws. */
export async function flushTracing(): Promise<void> {
  const flush = (globalThis as Record<symbol, unknown>)[FLUSH]
  if (typeof flush !== 'function') return
  ;(globalThis as Record<symbol, unknown>)[FLUSH] = undefined
  await (flush as () => Promise<void>)().catch(() => undefined)
}
