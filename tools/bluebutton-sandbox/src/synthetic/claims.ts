import { drugs, type Drug } from './codes/drugs.ts'
import * as hcpcs from './codes/hcpcs.ts'
import { acuteCodes, commonCodes, conditionCodes, type ConditionKey, type IcdCode } from './codes/icd10.ts'
import extraHccCodes from './codes/icd10-hcc-extra.json' with { type: 'json' }
import eligibleExtra from './codes/hcpcs-eligible-extra.json' with { type: 'json' }
import { CLAIM_TYPES, type ClaimInput, type ClaimType, addDays } from './eob-common.ts'
import { institutionalEob, type InstitutionalKind, type RevenueLine } from './eob-institutional.ts'
import { pdeEob } from './eob-pde.ts'
import { PLACES, type Place, type ProfessionalLine, professionalEob } from './eob-professional.ts'
import { type FhirResource, npiWithCheckDigit } from './fhir.ts'
import { CLAIMS_FROM, DATA_ANCHOR } from './identity.ts'
import type { Persona } from './personas.ts'
import { createRng, type Rng } from './rng.ts'

const LAST_SERVICE = addDays(DATA_ANCHOR, -14)
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

type Providers = {
  pcp: string
  specialists: string[]
  labs: string
  dme: string
  pharmacy: string[]
  facility: string[]
}

// Everything one beneficiary's claims share; built once per generation run.
type Context = {
  readonly persona: Persona
  readonly patientId: string
  readonly rng: Rng
  readonly chronic: readonly IcdCode[]
  readonly providers: Providers
  readonly windowDays: number
  counter: number
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)
}

function npi(rng: Rng): string {
  return npiWithCheckDigit(`1${String(rng.int(0, 99_999_999)).padStart(8, '0')}`)
}

function makeContext(persona: Persona, patientId: string, seed: string): Context {
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

function claimInput(ctx: Context, start: string, end: string): ClaimInput {
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

const randomDate = (ctx: Context): string => addDays(CLAIMS_FROM, ctx.rng.int(0, ctx.windowDays))

function pickDiagnoses(ctx: Context, principal?: IcdCode): IcdCode[] {
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

function carrierClaim(ctx: Context): FhirResource {
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

function dmeClaim(ctx: Context): FhirResource {
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

function institutionalClaim(ctx: Context, kind: InstitutionalKind): FhirResource {
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
function stayEnd(ctx: Context, start: string, days: number): string {
  const end = addDays(start, days)
  const death = ctx.persona.deceasedOn
  return death !== undefined && end > death ? death : end
}

function drugsFor(ctx: Context): Drug[] {
  const forConditions = drugs.filter(
    (d) => d.forCondition !== undefined && ctx.persona.conditions.includes(d.forCondition),
  )
  const general = drugs.filter((d) => d.forCondition === undefined)
  const extra = Array.from({ length: ctx.rng.int(1, 3) }, () => ctx.rng.pick(general))
  return [...new Set([...forConditions, ...extra])]
}

function pdeClaims(ctx: Context, count: number): FhirResource[] {
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

const typeRank = (eob: FhirResource): number =>
  CLAIM_TYPES.indexOf(eob.id.slice(0, eob.id.indexOf('-')) as ClaimType)

// All EOBs of one persona, in Blue Button's order (by claim type, then claim id).
export function generateEobs(persona: Persona, patientId: string, seed: string): FhirResource[] {
  const ctx = makeContext(persona, patientId, seed)
  const v = persona.volume
  const times = (n: number, make: () => FhirResource): FhirResource[] => Array.from({ length: n }, make)
  const eobs = [
    ...times(v.carrier, () => carrierClaim(ctx)),
    ...times(v.dme, () => dmeClaim(ctx)),
    ...times(v.outpatient, () => institutionalClaim(ctx, 'outpatient')),
    ...times(v.inpatient, () => institutionalClaim(ctx, 'inpatient')),
    ...times(v.snf, () => institutionalClaim(ctx, 'snf')),
    ...times(v.hha, () => institutionalClaim(ctx, 'hha')),
    ...times(v.hospice, () => institutionalClaim(ctx, 'hospice')),
    ...(persona.partD ? pdeClaims(ctx, v.pde) : []),
  ]
  return eobs.sort((a, b) => typeRank(a) - typeRank(b))
}
