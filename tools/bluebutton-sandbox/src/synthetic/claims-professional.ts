import * as hcpcs from './codes/hcpcs.ts'
import type { ConditionKey } from './codes/icd10.ts'
import eligibleExtra from './codes/hcpcs-eligible-extra.json' with { type: 'json' }
import { type Context, claimInput, pickDiagnoses, randomDate } from './claim-context.ts'
import { PLACES, type Place, type ProfessionalLine, professionalEob } from './eob-professional.ts'
import type { FhirResource } from './fhir.ts'
import type { Persona } from './personas.ts'
import { stayEnd } from './claims-institutional.ts'

// CARRIER and DME claims: what kind of visit, which codes, which provider.
type CarrierKind =
  | 'office'
  | 'lab'
  | 'imaging'
  | 'procedure'
  | 'emergency'
  | 'behavioral'
  | 'dialysis'
  | 'wellness'
  | 'vaccine'
  | 'nursing'
  | 'home'

function carrierKinds(persona: Persona): CarrierKind[] {
  const has = (key: ConditionKey): boolean => persona.conditions.includes(key)
  return [
    'office',
    'office',
    'office',
    'office',
    'office',
    'lab',
    'lab',
    'imaging',
    'procedure',
    'emergency',
    'wellness',
    'vaccine',
    ...(has('depression') || has('seriousMentalIllness')
      ? (['behavioral', 'behavioral', 'behavioral'] as const)
      : []),
    ...(has('esrd') ? (['dialysis', 'dialysis', 'dialysis', 'dialysis'] as const) : []),
    ...(has('dementia') || has('frailty') ? (['nursing', 'home'] as const) : []),
  ]
}

function carrierLines(
  ctx: Context,
  kind: CarrierKind,
): { lines: ProfessionalLine[]; place: Place; specialty: readonly [string, string] } {
  const { rng } = ctx
  const line = (code: string, min: number, max: number, quantity = 1): ProfessionalLine => ({
    code: rng.chance(ctx.persona.quirkRate) ? undefined : code,
    quantity,
    submitted: rng.money(min, max),
  })
  const gp = ['08', 'Family practice'] as const
  switch (kind) {
    case 'office': {
      const lines = [line(rng.pick(hcpcs.officeVisitCodes), 110, 340)]
      if (rng.chance(0.4)) lines.push(line('36415', 8, 20), line(rng.pick(hcpcs.labCodes), 15, 90))
      if (rng.chance(0.1)) lines.push(line(rng.pick(eligibleExtra), 90, 1200))
      return { lines, place: PLACES.office, specialty: rng.chance(0.6) ? gp : ['11', 'Internal medicine'] }
    }
    case 'lab':
      return {
        lines: [
          line('36415', 8, 20),
          line(rng.pick(hcpcs.labCodes), 15, 90),
          line(rng.pick(hcpcs.labCodes), 15, 90),
        ],
        place: PLACES.lab,
        specialty: ['69', 'Clinical laboratory (billing independently)'],
      }
    case 'imaging':
      return {
        lines: [line(rng.pick(hcpcs.imagingCodes), 80, 950)],
        place: PLACES.outpatient,
        specialty: ['30', 'Diagnostic radiology'],
      }
    case 'procedure':
      return {
        lines: [line(rng.pick(hcpcs.procedureCodes), 140, 2400)],
        place: PLACES.office,
        specialty: rng.pick([
          ['48', 'Podiatry'],
          ['18', 'Ophthalmology'],
          ['20', 'Orthopedic surgery'],
        ] as const),
      }
    case 'emergency':
      return {
        lines: [line(rng.pick(hcpcs.emergencyCodes), 300, 1400)],
        place: PLACES.emergency,
        specialty: ['93', 'Emergency medicine'],
      }
    case 'behavioral':
      return {
        lines: [line(rng.pick(hcpcs.behavioralCodes), 120, 260)],
        place: PLACES.office,
        specialty: ['26', 'Psychiatry'],
      }
    case 'dialysis':
      return {
        lines: [line(rng.pick(hcpcs.dialysisCodes), 240, 420)],
        place: PLACES.dialysis,
        specialty: ['39', 'Nephrology'],
      }
    case 'wellness':
      return { lines: [line(rng.pick(hcpcs.wellnessCodes), 150, 260)], place: PLACES.office, specialty: gp }
    case 'vaccine':
      return {
        lines: [line(rng.pick(hcpcs.drugAdminCodes), 20, 80), line('G0008', 25, 40)],
        place: PLACES.office,
        specialty: gp,
      }
    case 'nursing':
      return {
        lines: [line(rng.pick(hcpcs.nursingFacilityCodes), 120, 300)],
        place: PLACES.nursingFacility,
        specialty: ['11', 'Internal medicine'],
      }
    case 'home':
      return { lines: [line(rng.pick(hcpcs.homeVisitCodes), 150, 320)], place: PLACES.home, specialty: gp }
  }
}

export function carrierClaim(ctx: Context): FhirResource {
  const kind = ctx.rng.pick(carrierKinds(ctx.persona))
  const date = randomDate(ctx)
  const { lines, place, specialty } = carrierLines(ctx, kind)
  const performer =
    kind === 'office' || kind === 'wellness' || kind === 'vaccine'
      ? ctx.providers.pcp
      : ctx.rng.pick(ctx.providers.specialists)
  return professionalEob(
    {
      kind: 'carrier',
      diagnoses: pickDiagnoses(ctx),
      lines,
      place,
      billingNpi: performer,
      performingNpi: ctx.rng.chance(ctx.persona.quirkRate) ? undefined : performer,
      specialty,
    },
    claimInput(ctx, date, date),
  )
}

function dmeCodesFor(persona: Persona): readonly string[] {
  if (persona.conditions.includes('copd')) return ['E1390', 'E0431', 'E0601']
  if (persona.conditions.includes('diabetes')) return ['A4253', 'A4259']
  return ['E0143', 'K0001', 'E0260']
}

export function dmeClaim(ctx: Context): FhirResource {
  const date = randomDate(ctx)
  const code = ctx.rng.pick(dmeCodesFor(ctx.persona))
  const diagnoses = pickDiagnoses(ctx)
  return professionalEob(
    {
      kind: 'dme',
      diagnoses,
      lines: [{ code, quantity: code.startsWith('A') ? 100 : 1, submitted: ctx.rng.money(60, 420) }],
      place: PLACES.home,
      billingNpi: ctx.providers.dme,
      performingNpi: ctx.providers.dme,
      specialty: ['A5', 'Pharmacy'],
    },
    claimInput(ctx, date, stayEnd(ctx, date, 29)),
  )
}
