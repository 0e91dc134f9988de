// The contract's zod schemas cost about 30 kB gzip. Code on the login route imports only the zod-free
// constants ('@blueconsent/contract/constants') and loads the rest here on first use (a request, a
// response to parse, a form to validate), which keeps the login route within its 120 kB budget.
// Lazily loaded pages import '@blueconsent/contract' directly.
import type * as ContractModule from '@blueconsent/contract'

export type Contract = typeof ContractModule

let pending: Promise<Contract> | null = null

export function loadContract(): Promise<Contract> {
  pending ??= import('@blueconsent/contract')
  return pending
}
