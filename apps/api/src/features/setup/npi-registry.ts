// NPI lookup: the check digit always; the name from CMS's NPPES registry API (v2.1) when NPPES_API_URL is set,
// else from a small stand-in that answers in the registry's own shape (demo and tests, no internet).
import type { FastifyInstance } from 'fastify'
import { isValidNpi } from '@blueconsent/contract/signup'
import { SETUP_MESSAGES } from '@blueconsent/contract/setup'
import { AppError, fieldError } from '../../platform/errors.ts'

export type NpiLookup = { npi: string; name: string | null; organization_name: string | null; found: boolean }
type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>

type NppesResult = {
  number?: string
  enumeration_type?: string
  basic?: {
    first_name?: string
    last_name?: string
    credential?: string
    organization_name?: string
    name?: string
  }
}

export const NPPES_STANDIN_PATH = '/nppes-standin/api/'

/** Reads NPPES's answer: an individual (NPI-1) has a person's name, an organisation (NPI-2) its name. */
export function fromNppes(npi: string, body: unknown): NpiLookup {
  const results = (body as { results?: NppesResult[] } | null)?.results ?? []
  const match = results.find((result) => result.number === npi) ?? results[0]
  if (!match?.basic) return { npi, name: null, organization_name: null, found: false }
  const { basic } = match
  const person = [basic.first_name, basic.last_name].filter(Boolean).join(' ')
  const name = person ? [person, basic.credential].filter(Boolean).join(', ') : (basic.name ?? null)
  return { npi, name: name || null, organization_name: basic.organization_name ?? null, found: true }
}

export async function lookupNpi(fetchRegistry: Fetch, baseUrl: string, npi: string): Promise<NpiLookup> {
  if (!isValidNpi(npi)) throw fieldError('npi', SETUP_MESSAGES.npi)
  let response: Awaited<ReturnType<Fetch>>
  try {
    response = await fetchRegistry(`${baseUrl}?version=2.1&number=${npi}`)
  } catch {
    throw new AppError(503, 'service_unavailable', SETUP_MESSAGES.registryUnavailable)
  }
  if (!response.ok) throw new AppError(503, 'service_unavailable', SETUP_MESSAGES.registryUnavailable)
  return fromNppes(npi, await response.json())
}

const DEMO_NAMES = ['Ana Ruiz', 'Samuel Okafor', 'Mei Chen', 'David Levin', 'Priya Natarajan', 'Tom Becker']

/**
 * The demo's registry: any NPI with a valid check digit is an individual with a made-up name, chosen from
 * the number so the same NPI always gives the same name. Answers NPPES's JSON shape for version 2.1.
 */
export async function registerNppesStandin(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.markRoutesPublic()
    scope.get(NPPES_STANDIN_PATH, async (request) => {
      const number = String((request.query as { number?: string }).number ?? '')
      if (!isValidNpi(number)) return { result_count: 0, results: [] }
      const [first = '', last = ''] = (DEMO_NAMES[Number(number.slice(-3)) % DEMO_NAMES.length] ?? '').split(
        ' ',
      )
      return {
        result_count: 1,
        results: [
          {
            number,
            enumeration_type: 'NPI-1',
            basic: { first_name: first.toUpperCase(), last_name: last.toUpperCase(), credential: 'MD' },
          },
        ],
      }
    })
  })
}
