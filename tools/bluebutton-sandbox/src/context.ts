import type { BeneficiaryRegistry } from './synthetic/registry.ts'
import type { FaultBoard } from './faults/faults.ts'
import type { OAuthStore } from './oauth/store.ts'
import type { SandboxOptions } from './options.ts'

// Everything a route needs, created once per plugin instance (so two mounts never share state).
export type SandboxContext = {
  readonly options: SandboxOptions
  readonly store: OAuthStore
  readonly registry: BeneficiaryRegistry
  readonly faults: FaultBoard
  // Absolute URL on the public host, prefix included: every URL the sandbox emits goes through it.
  readonly url: (path: string) => string
  readonly nowMs: () => number
  // CMS can switch an application off and on; starts from each client's `active` flag.
  readonly isActive: (clientId: string) => boolean
  readonly setActive: (clientId: string, active: boolean) => void
}
