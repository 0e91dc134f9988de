import { commonCodes, conditionCodes, type IcdCode } from './codes/icd10.ts'
import extraHccCodes from './codes/icd10-hcc-extra.json' with { type: 'json' }
import { type ClaimInput, addDays } from './eob-common.ts'
import { npiWithCheckDigit } from './fhir.ts'
import { CLAIMS_FROM, DATA_ANCHOR } from './identity.ts'
import type { Persona } from './personas.ts'
import { createRng, type Rng } from './rng.ts'

const LAST_SERVICE = addDays(DATA_ANCHOR, -14)

export type Providers = {
  pcp: string
  specialists: string[]
  labs: string
  dme: string
  pharmacy: string[]
  facility: string[]
}

// Everything one beneficiary's claims share; built once per generation run.
export type Context = {
  readonly persona: Persona
  readonly patientId: string
  readonly rng: Rng
  readonly chronic: readonly IcdCode[]
  readonly providers: Providers
  readonly windowDays: number
  counter: number
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)
}

function npi(rng: Rng): string {
  return npiWithCheckDigit(`1${String(rng.int(0, 99_999_999)).padStart(8, '0')}`)
}

export function makeContext(persona: Persona, patientId: string, seed: string): Context {
  const rng = createRng(`${seed}:claims:${persona.number}`)
  const chronic = persona.conditions.flatMap((key) => {
    const codes = conditionCodes[key]
    const first = rng.pick(codes)
    const second = rng.pick(codes)
    return first.code === second.code ? [first] : [first, second]
  })
  const end =
    persona.deceasedOn !== undefined && persona.deceasedOn < LAST_SERVICE ? persona.deceasedOn : LAST_SERVICE
  const providers: Providers = {
    pcp: npi(rng),
    specialists: [npi(rng), npi(rng), npi(rng)],
    labs: npi(rng),
    dme: npi(rng),
    pharmacy: [npi(rng), npi(rng)],
    facility: [npi(rng), npi(rng), npi(rng)],
  }
  return {
    persona,
    patientId,
    rng,
    chronic,
    providers,
    windowDays: Math.max(0, daysBetween(CLAIMS_FROM, end)),
    counter: 0,
  }
}

export function claimInput(ctx: Context, start: string, end: string): ClaimInput {
  ctx.counter += 1
  const lagDays = ctx.rng.int(10, 45)
  const updated = addDays(end, lagDays) > DATA_ANCHOR ? DATA_ANCHOR : addDays(end, lagDays)
  const time = `${String(ctx.rng.int(0, 23)).padStart(2, '0')}:${String(ctx.rng.int(0, 59)).padStart(2, '0')}:${String(ctx.rng.int(0, 59)).padStart(2, '0')}`
  return {
    patientId: ctx.patientId,
    claimId: `-1000${String(ctx.persona.number).padStart(5, '0')}${String(ctx.counter).padStart(5, '0')}`,
    claimGroup: `-${ctx.rng.int(100_000_000, 999_999_999)}`,
    start,
    end,
    lastUpdated: `${updated}T${time}.000+00:00`,
    rng: ctx.rng,
    quirkRate: ctx.persona.quirkRate,
  }
}

export const randomDate = (ctx: Context): string => addDays(CLAIMS_FROM, ctx.rng.int(0, ctx.windowDays))

export function pickDiagnoses(ctx: Context, principal?: IcdCode): IcdCode[] {
  const { rng } = ctx
  const first =
    principal ?? (ctx.chronic.length > 0 && rng.chance(0.7) ? rng.pick(ctx.chronic) : rng.pick(commonCodes))
  const others = Array.from({ length: rng.int(0, 3) }, () =>
    ctx.chronic.length > 0 && rng.chance(0.5) ? rng.pick(ctx.chronic) : rng.pick(commonCodes),
  )
  // A rare code from CMS's HCC table without a description, as real claims sometimes carry.
  if (rng.chance(0.03)) others.push({ code: rng.pick(extraHccCodes) })
  const seen = new Set<string>()
  return [first, ...others].filter((d) => !seen.has(d.code) && seen.add(d.code) !== undefined)
}
