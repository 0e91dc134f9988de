// Prints the README's persona table (Markdown) from the generator itself, so the docs stay true.
// Usage: npx tsx tools/bluebutton-sandbox/scripts/persona-table.ts [seed]
import { listPersonas } from '../src/synthetic/personas.ts'
import { FIXTURE_USERS } from '../src/synthetic/fixture-beneficiaries.ts'
import { createBeneficiaryRegistry } from '../src/synthetic/registry.ts'

const seed = process.argv[2] ?? 'blueconsent'
const registry = createBeneficiaryRegistry(seed)
/** The name and birth date Medicare holds: what staff type on a request so the identity check matches. */
function identityOf(username: string): string {
  const b = registry.findByUsername(username)
  const birthDate = b?.patient['birthDate']
  return `${b?.name.given} ${b?.name.family} | ${typeof birthDate === 'string' ? birthDate : ''}`
}

const rows = [
  '| user | name at Medicare | born | patient id | persona | age, sex | entitlement | dual | MA | Part D | EOBs |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
]
for (const p of listPersonas(seed)) {
  const username = `BBUser${String(p.number).padStart(5, '0')}`
  const b = registry.findByUsername(username)
  const label =
    p.label === 'Generated mix'
      ? `generated: ${p.conditions.join(', ') || 'no chronic conditions'}${p.deceasedOn ? `; deceased ${p.deceasedOn}` : ''}`
      : p.label
  rows.push(
    `| ${username} | ${identityOf(username)} | ${b?.patientId} | ${label} | ${p.ageYears} ${p.sex[0]?.toUpperCase()} | ${p.entitlement} | ${p.dual} | ${p.medicareAdvantage ? 'yes' : ''} | ${p.partD ? 'yes' : 'no'} | ${b?.eobs().length} |`,
  )
}
for (const [number, fixture] of Object.entries(FIXTURE_USERS)) {
  const username = `BBUser${number}`
  const b = registry.findByUsername(username)
  rows.push(
    `| ${username} | ${identityOf(username)} | ${b?.patientId} | ${fixture.label} | | | | | | ${b?.eobs().length} |`,
  )
}
console.log(rows.join('\n'))
