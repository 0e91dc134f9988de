import { z } from 'zod'

// Per-client fault switches, set through the test-only admin endpoint, to exercise retries.
export const faultSchema = z.object({
  // upstream-404: the token endpoint's "patient lookup failed" answer when refreshing. malformed: a 200 whose
  // body is cut off mid-bundle, as a dropped connection behind a proxy can deliver it.
  kind: z.enum(['rate-limit', 'server-error', 'slow', 'upstream-400', 'upstream-404', 'malformed']),
  // Which calls are affected: FHIR/userinfo reads, the token endpoint, or both.
  surface: z.enum(['fhir', 'token', 'all']).default('fhir'),
  // server-error status; Blue Button answers 502 for BFD failures, 500/503/504 also occur.
  status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).default(502),
  retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
  delayMs: z.number().int().min(0).max(120_000).default(2000),
  // How many matching requests fail before the switch turns itself off; omitted = until cleared.
  count: z.number().int().min(1).optional(),
  // How many matching requests pass untouched before the fault starts: a pull that breaks half-way.
  after: z.number().int().min(0).default(0),
})

export type FaultInput = z.input<typeof faultSchema>
export type Fault = z.output<typeof faultSchema>
export type FaultSurface = 'fhir' | 'token'

export type FaultBoard = {
  readonly set: (clientId: string, fault: Fault) => void
  readonly clear: (clientId: string) => void
  readonly list: () => Record<string, Fault & { remaining: number | null }>
  // Returns the fault to apply to this request, consuming one use of a counted switch.
  readonly take: (clientId: string, surface: FaultSurface) => Fault | undefined
}

export function createFaultBoard(): FaultBoard {
  const switches = new Map<string, { fault: Fault; remaining: number | null; passes: number }>()
  return {
    set: (clientId, fault) =>
      void switches.set(clientId, { fault, remaining: fault.count ?? null, passes: fault.after }),
    clear: (clientId) => void switches.delete(clientId),
    list: () =>
      Object.fromEntries(
        [...switches].map(([id, entry]) => [id, { ...entry.fault, remaining: entry.remaining }]),
      ),
    take: (clientId, surface) => {
      const entry = switches.get(clientId)
      if (!entry || (entry.fault.surface !== 'all' && entry.fault.surface !== surface)) return undefined
      if (entry.passes > 0) {
        entry.passes -= 1
        return undefined
      }
      if (entry.remaining !== null) {
        entry.remaining -= 1
        if (entry.remaining <= 0) switches.delete(clientId)
      }
      return entry.fault
    },
  }
}
