import { drugs, type Drug } from './codes/drugs.ts'
import { type Context, claimInput, daysBetween, randomDate } from './claim-context.ts'
import { addDays } from './eob-common.ts'
import { pdeEob } from './eob-pde.ts'
import type { FhirResource } from './fhir.ts'
import { CLAIMS_FROM } from './identity.ts'

// Part D fills: each of the beneficiary's drugs refilled every days-supply from a random start.
function drugsFor(ctx: Context): Drug[] {
  const treated = [...ctx.persona.conditions, ...(ctx.persona.undiagnosed ?? [])]
  const forConditions = drugs.filter((d) => d.forCondition !== undefined && treated.includes(d.forCondition))
  const general = drugs.filter((d) => d.forCondition === undefined)
  const extra = Array.from({ length: ctx.rng.int(1, 3) }, () => ctx.rng.pick(general))
  return [...new Set([...forConditions, ...extra])]
}

export function pdeClaims(ctx: Context, count: number): FhirResource[] {
  if (count === 0) return []
  const list = drugsFor(ctx)
  const offsets = list.map(() => ctx.rng.int(0, 40))
  const lowIncome = ctx.persona.dual !== 'none'
  return Array.from({ length: count }, (_, i) => {
    const drug = list[i % list.length] as Drug
    const fill = Math.floor(i / list.length)
    const planned = addDays(CLAIMS_FROM, (offsets[i % list.length] ?? 0) + fill * drug.daysSupply)
    const date = daysBetween(CLAIMS_FROM, planned) <= ctx.windowDays ? planned : randomDate(ctx)
    const input = claimInput(ctx, date, date)
    return pdeEob(
      {
        drug,
        refill: fill % 12,
        prescriberNpi: ctx.providers.pcp,
        pharmacyNpi: ctx.rng.pick(ctx.providers.pharmacy),
        totalCost: ctx.rng.money(drug.brand ? 180 : 6, drug.brand ? 900 : 60),
        lowIncome,
        placeholderNpis: ctx.rng.chance(0.1),
      },
      input,
      String(ctx.rng.int(10_000_000_000, 99_999_999_999)),
    )
  })
}
