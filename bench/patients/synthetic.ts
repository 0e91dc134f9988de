// Deterministic synthetic patients for the search benchmark: the same seed gives the same names, MBIs and
// MRNs on every run, so the measured queries can be rebuilt without reading the database back.

const GIVEN = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen',
  'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Dorothy', 'George', 'Melissa', 'Timothy', 'Deborah',
  'Ronald', 'Stephanie', 'Edward', 'Rebecca', 'Jason', 'Sharon', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia',
  'Jacob', 'Kathleen', 'Gary', 'Amy', 'Nicholas', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Anna',
  'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Emma', 'Scott', 'Nicole', 'Brandon', 'Helen',
  'Benjamin', 'Samantha', 'Samuel', 'Katherine', 'Gregory', 'Christine', 'Alexander', 'Debra', 'Frank', 'Rachel',
  'Raymond', 'Carolyn', 'Jack', 'Janet', 'Dennis', 'Catherine', 'Jerry', 'Maria', 'Tyler', 'Heather',
  'Aaron', 'Diane', 'Jose', 'Ruth', 'Adam', 'Julie', 'Nathan', 'Olivia', 'Henry', 'Joyce',
  'Douglas', 'Virginia', 'Zachary', 'Victoria', 'Peter', 'Kelly', 'Kyle', 'Lauren', 'Ethan', 'Christina',
]

const FAMILY = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Gonzales', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham',
  'Reynolds', 'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson',
  'Ellis', 'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford', 'Castro', 'Marshall', 'Owens',
  'Harrison', 'Fernandez', 'McDonald', 'Woods', 'Washington', 'Kennedy', 'Wells', 'Vargas', 'Henry', 'Chen',
  'Freeman', 'Webb', 'Tucker', 'Guzman', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter',
  'Gordon', 'Mendez', 'Silva', 'Shaw', 'Snyder', 'Mason', 'Dixon', 'Munoz', 'Hunt', 'Hicks',
  'Holmes', 'Palmer', 'Wagner', 'Black', 'Robertson', 'Boyd', 'Rose', 'Stone', 'Salazar', 'Fox',
  'Warren', 'Mills', 'Meyer', 'Rice', 'Schmidt', 'Garza', 'Daniels', 'Ferguson', 'Nichols', 'Stephens',
  'Soto', 'Weaver', 'Ryan', 'Gardner', 'Payne', 'Grant', 'Dunn', 'Kelley', 'Spencer', 'Hawkins',
  'Okafor', 'Lindqvist', 'Yamamoto', 'Kowalski', 'Brennan', 'Delacroix', 'Abernathy', 'Szymanski', 'Oyelaran', 'Featherstone',
]

/** mulberry32: small, fast and good enough for test data; not for anything secret. */
export function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// CMS's MBI alphabet leaves out S, L, O, I, B and Z.
const LETTERS = 'ACDEFGHJKMNPQRTUVWXY'
const DIGITS = '0123456789'

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

/** An MBI in CMS's format (C A AN N A AN N A A N N), unique per index so equality search finds one row. */
export function syntheticMbi(index: number): string {
  const random = prng(index * 7919 + 17)
  const alnum = LETTERS + DIGITS
  const c = () => pick(random, [...LETTERS])
  const an = () => pick(random, [...alnum])
  // Positions 1, 4, 7, 10 and 11 (the digits) carry the index, the letters are random: unique enough in a
  // million rows for equality search to find one or two rows; the MRN is the strictly unique key.
  const low = String(index % 1000).padStart(3, '0')
  const high = 1 + (Math.floor(index / 10_000) % 9)
  const thousands = Math.floor(index / 1000) % 10
  return `${high}${c()}${an()}${thousands}${c()}${an()}${low[0]}${c()}${c()}${low[1]}${low[2]}`
}

export const syntheticMrn = (index: number): string => `MRN${String(index).padStart(8, '0')}`

export type SyntheticPatient = { given: string; family: string; fullName: string; birthDate: string; gender: 'male' | 'female' }

export function syntheticPatient(index: number): SyntheticPatient {
  const random = prng(index + 1)
  const given = pick(random, GIVEN)
  const family = pick(random, FAMILY)
  const year = 1930 + Math.floor(random() * 40)
  const month = 1 + Math.floor(random() * 12)
  const day = 1 + Math.floor(random() * 28)
  return {
    given,
    family,
    fullName: `${given} ${family}`,
    birthDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    gender: random() < 0.5 ? 'female' : 'male',
  }
}

export const FAMILY_NAMES: readonly string[] = FAMILY
export const GIVEN_NAMES: readonly string[] = GIVEN
