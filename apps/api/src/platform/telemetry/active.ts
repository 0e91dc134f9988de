// Whether this process records traces. A global, not a module variable: the preload that starts tracing is
// bundled apart from the server, so the two do not share modules.
const ACTIVE = Symbol.for('blueconsent.tracing')

export function tracingActive(): boolean {
  return (globalThis as Record<symbol, unknown>)[ACTIVE] === true
}

export function setTracingActive(active: boolean): void {
  ;(globalThis as Record<symbol, unknown>)[ACTIVE] = active
}
