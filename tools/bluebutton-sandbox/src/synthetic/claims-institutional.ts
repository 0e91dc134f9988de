import * as hcpcs from './codes/hcpcs.ts'
import { acuteCodes, conditionCodes, type ConditionKey, type IcdCode } from './codes/icd10.ts'
import { type Context, claimInput, pickDiagnoses, randomDate } from './claim-context.ts'
import { addDays } from './eob-common.ts'
import { institutionalEob, type InstitutionalKind, type RevenueLine } from './eob-institutional.ts'
import type { FhirResource } from './fhir.ts'

// Outpatient visits and inpatient, SNF, home health and hospice stays.
const facilities = [
  'RIVERSIDE MEDICAL CENTER',
  'ST. JOSEPH REGIONAL HOSPITAL',
  'MERCY GENERAL HOSPITAL',
  'LAKEVIEW COMMUNITY HOSPITAL',
]
const snfNames = ['SUNRISE SKILLED NURSING CENTER', 'MAPLE GROVE REHABILITATION AND NURSING']
const hhaNames = ['VALLEY HOME HEALTH SERVICES, INC.']
const hospiceNames = ['COMPASSIONATE CARE HOSPICE']
const acuteDrg: Record<string, string> = {
  A419: '871',
  J189: '193',
  J690: '177',
  N390: '690',
  I214: '281',
  I2699: '176',
  S72001A: '481',
  E871: '641',
}
const exacerbations: Partial<Record<ConditionKey, readonly [string, string]>> = {
  heartFailure: ['I5023', '291'],
  copd: ['J441', '190'],
}

function inpatientPrincipal(ctx: Context): { principal: IcdCode; drg: string } {
  const exacerbation = ctx.persona.conditions.map((c) => exacerbations[c]).find((e) => e !== undefined)
  if (exacerbation && ctx.rng.chance(0.5)) {
    const code =
      conditionCodes.heartFailure.find((c) => c.code === exacerbation[0]) ??
      conditionCodes.copd.find((c) => c.code === exacerbation[0])
    if (code) return { principal: code, drg: exacerbation[1] }
  }
  const acute = ctx.persona.conditions.includes('frailty')
    ? (acuteCodes.find((c) => c.code === 'S72001A') ?? ctx.rng.pick(acuteCodes))
    : ctx.rng.pick(acuteCodes)
  return { principal: acute, drg: acuteDrg[acute.code] ?? '871' }
}

function stayLines(ctx: Context, kind: InstitutionalKind, days: number): RevenueLine[] {
  const { rng } = ctx
  const rc = hcpcs.revenueCenters
  switch (kind) {
    case 'inpatient':
      return [
        {
          revenueCenter: rc.roomAndBoard,
          hcpcs: undefined,
          units: days,
          charge: rng.money(2200, 3400) * days,
        },
        { revenueCenter: rc.pharmacy, hcpcs: undefined, units: rng.int(5, 40), charge: rng.money(400, 6000) },
        { revenueCenter: rc.lab, hcpcs: undefined, units: rng.int(3, 20), charge: rng.money(300, 2500) },
      ]
    case 'snf':
      return [
        { revenueCenter: rc.roomAndBoard, hcpcs: undefined, units: days, charge: rng.money(600, 900) * days },
        {
          revenueCenter: rc.physicalTherapy,
          hcpcs: '97110',
          units: Math.ceil(days / 2),
          charge: rng.money(800, 3000),
        },
      ]
    case 'hha':
      return [
        {
          revenueCenter: rc.homeHealthNursing,
          hcpcs: rng.pick(['G0299', 'G0156']),
          units: rng.int(4, 12),
          charge: rng.money(900, 2600),
        },
        {
          revenueCenter: rc.physicalTherapy,
          hcpcs: rng.pick(['G0151', 'G0152']),
          units: rng.int(2, 8),
          charge: rng.money(400, 1500),
        },
      ]
    case 'hospice':
      return [
        {
          revenueCenter: rc.hospiceRoutine,
          hcpcs: undefined,
          units: days,
          charge: rng.money(190, 230) * days,
        },
      ]
    case 'outpatient':
      return outpatientLines(ctx)
  }
}

function outpatientLines(ctx: Context): RevenueLine[] {
  const { rng } = ctx
  const rc = hcpcs.revenueCenters
  const line = (revenueCenter: string, code: string, min: number, max: number): RevenueLine => ({
    revenueCenter,
    hcpcs: rng.chance(ctx.persona.quirkRate) ? undefined : code,
    units: 1,
    charge: rng.money(min, max),
  })
  if (ctx.persona.conditions.includes('esrd') && rng.chance(0.7))
    return [line(rc.dialysis, '90999', 2500, 4800)]
  const kind = rng.int(0, 3)
  if (kind === 0)
    return [
      line(rc.emergency, rng.pick(hcpcs.emergencyCodes), 900, 4200),
      line(rc.lab, rng.pick(hcpcs.labCodes), 60, 400),
    ]
  if (kind === 1) return [line(rc.radiology, rng.pick(hcpcs.imagingCodes), 250, 2600)]
  if (kind === 2) return [line(rc.lab, rng.pick(hcpcs.labCodes), 40, 300), line(rc.lab, '36415', 10, 30)]
  return [line(rc.clinic, 'G0463', 180, 520)]
}

const FACILITY_NAMES: Record<InstitutionalKind, readonly string[]> = {
  outpatient: facilities,
  inpatient: facilities,
  snf: snfNames,
  hha: hhaNames,
  hospice: hospiceNames,
}
const STAY_DAYS: Record<InstitutionalKind, readonly [number, number]> = {
  outpatient: [0, 0],
  inpatient: [2, 9],
  snf: [10, 30],
  hha: [20, 60],
  hospice: [10, 40],
}

export function institutionalClaim(ctx: Context, kind: InstitutionalKind): FhirResource {
  const { rng } = ctx
  const [minDays, maxDays] = STAY_DAYS[kind]
  const days = rng.int(minDays, maxDays)
  const start =
    kind === 'hospice' && ctx.persona.deceasedOn !== undefined
      ? addDays(ctx.persona.deceasedOn, -rng.int(20, 90))
      : randomDate(ctx)
  const inpatient = kind === 'inpatient' ? inpatientPrincipal(ctx) : undefined
  const hospicePrincipal = kind === 'hospice' && ctx.chronic[0] !== undefined ? ctx.chronic[0] : undefined
  const diagnoses = pickDiagnoses(ctx, inpatient?.principal ?? hospicePrincipal)
  const facilityIndex = rng.int(0, ctx.providers.facility.length - 1)
  return institutionalEob(
    {
      kind,
      diagnoses:
        kind === 'inpatient'
          ? [...diagnoses, ...ctx.chronic.slice(0, 3).filter((c) => !diagnoses.includes(c))]
          : diagnoses,
      lines: stayLines(ctx, kind, Math.max(days, 1)),
      facilityNpi: ctx.providers.facility[facilityIndex] ?? ctx.providers.pcp,
      facilityName: rng.pick(FACILITY_NAMES[kind]),
      ccn: String(rng.int(10_000, 679_999)).padStart(6, '0'),
      attendingNpi: rng.chance(ctx.persona.quirkRate) ? undefined : rng.pick(ctx.providers.specialists),
      ...(inpatient ? { drg: inpatient.drg } : {}),
    },
    claimInput(ctx, start, stayEnd(ctx, start, days)),
  )
}

// Nothing is billed after death: a stay that would run past it ends on the date of death.
export function stayEnd(ctx: Context, start: string, days: number): string {
  const end = addDays(start, days)
  const death = ctx.persona.deceasedOn
  return death !== undefined && end > death ? death : end
}
