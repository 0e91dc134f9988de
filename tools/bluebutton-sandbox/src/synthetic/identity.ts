import type { Persona } from './personas.ts'
import type { Rng } from './rng.ts'

// Claims and ages are anchored to a fixed date, not the clock, so data never drifts between runs.
export const DATA_ANCHOR = '2026-09-30'
export const CLAIMS_FROM = '2023-10-01'

export type Identity = {
  readonly username: string
  readonly patientId: string
  readonly beneId: string
  readonly mbi: string
  readonly historicMbis: readonly string[]
  readonly given: readonly string[]
  readonly family: string
  readonly birthDate: string
  readonly ssaState: string
  readonly zip: string
  readonly race: readonly [code: string, display: string]
  readonly email: string
}

const femaleNames = [
  'Mary',
  'Patricia',
  'Linda',
  'Barbara',
  'Elizabeth',
  'Jennifer',
  'Maria',
  'Susan',
  'Margaret',
  'Dorothy',
  'Lisa',
  'Nancy',
  'Karen',
  'Betty',
  'Helen',
  'Sandra',
  'Donna',
  'Carol',
  'Ruth',
  'Sharon',
  'Michelle',
  'Laura',
  'Sarah',
  'Kimberly',
  'Deborah',
  'Jessica',
  'Shirley',
  'Cynthia',
  'Angela',
  'Gloria',
  'Rosa',
  'Mei',
  'Aisha',
  'Lucia',
  'Yolanda',
]
const maleNames = [
  'James',
  'John',
  'Robert',
  'Michael',
  'William',
  'David',
  'Richard',
  'Charles',
  'Joseph',
  'Thomas',
  'Christopher',
  'Daniel',
  'Paul',
  'Mark',
  'Donald',
  'George',
  'Kenneth',
  'Steven',
  'Edward',
  'Brian',
  'Ronald',
  'Anthony',
  'Kevin',
  'Jason',
  'Jose',
  'Luis',
  'Wei',
  'Tariq',
  'Samuel',
  'Frank',
  'Raymond',
  'Gregory',
  'Harold',
  'Walter',
  'Arthur',
]
const familyNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Nguyen',
  'Chen',
  'Patel',
  "O'Brien",
  'Washington',
]
// SSA state codes with a ZIP in that state (Blue Button sends only state and postal code).
const places: readonly (readonly [string, string])[] = [
  ['05', '94110'],
  ['10', '33101'],
  ['45', '78701'],
  ['33', '10001'],
  ['39', '19103'],
  ['14', '60601'],
  ['36', '44101'],
  ['11', '30301'],
  ['34', '27601'],
  ['23', '48201'],
  ['03', '85001'],
  ['44', '37201'],
  ['01', '35801'],
  ['22', '02108'],
]
const races: readonly (readonly [string, string])[] = [
  ['1', 'White'],
  ['2', 'Black'],
  ['4', 'Asian'],
  ['5', 'Hispanic'],
  ['6', 'American Indian or Alaska Native'],
  ['0', 'Unknown'],
]

// MBI format (CMS): C A AN N A AN N A A N N; letters exclude S, L, O, I, B, Z. Position 2 is
// 'S' here on purpose, the convention CMS uses to mark synthetic MBIs (sandbox: 3S31P00AA00).
const LETTERS = 'ACDEFGHJKMNPQRTUVWXY'
const ALNUM = `0123456789${LETTERS}`
function mbi(rng: Rng): string {
  const d = (): string => String(rng.int(0, 9))
  const a = (): string => rng.pick([...LETTERS])
  const an = (): string => rng.pick([...ALNUM])
  return `${rng.int(1, 9)}S${an()}${d()}${a()}${an()}${d()}${a()}${a()}${d()}${d()}`
}

export function patientIdFor(number: number): string {
  return `-1000002${String(number).padStart(7, '0')}`
}

export function identityFor(username: string, persona: Persona, rng: Rng): Identity {
  const given = rng.pick(persona.sex === 'female' ? femaleNames : maleNames)
  const middle = String.fromCharCode(65 + rng.int(0, 25))
  const family = rng.pick(familyNames)
  const birthYear = Number(DATA_ANCHOR.slice(0, 4)) - persona.ageYears
  const birthDate = `${birthYear}-${String(rng.int(1, 9)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
  const [ssaState, zip] = rng.pick(places)
  const id = patientIdFor(persona.number)
  return {
    username,
    patientId: id,
    beneId: id,
    mbi: mbi(rng),
    historicMbis: Array.from({ length: persona.historicMbis }, () => mbi(rng)),
    given: [given, middle],
    family,
    birthDate,
    ssaState,
    zip,
    race: rng.pick(races),
    email: rng.chance(0.7)
      ? `${given.toLowerCase()}.${family.toLowerCase().replace(/\W/g, '')}@example.com`
      : '',
  }
}
