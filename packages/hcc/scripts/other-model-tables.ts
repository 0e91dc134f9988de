// Builds the RxHCC V08 (segment X) and ESRD V24 table modules for PY2026 from CMS's tables as
// packaged by risk_adjustment_model (folder given to build-tables.ts). Pure functions returning
// the module text, so the drift test can rebuild them from the source files and compare.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TermKind, VariableRow } from '../src/model-data.ts'
import type { OtherModelData } from '../src/other-model-data.ts'

const RX_SEGMENTS = [
  'CE_NONLOW_AGED',
  'CE_NONLOW_NONAGED',
  'CE_LOW_AGED',
  'CE_LOW_NONAGED',
  'CE_LTI',
  'NE_NONLOW_COMMUNITY',
  'NE_LOW_COMMUNITY',
  'NE_LTI',
]
const ESRD_SEGMENTS = [
  'DIAL',
  'GRAFT_COMM_ND_PBD_GE65',
  'GRAFT_COMM_ND_PBD_LT65',
  'GRAFT_COMM_FBD_GE65',
  'GRAFT_COMM_FBD_LT65',
  'GRAFT_INST',
  'NE_DIAL_ND_PBD_NORIGDIS',
  'NE_DIAL_FBD_NORIGDIS',
  'NE_DIAL_ND_PBD_ORIGDIS',
  'NE_DIAL_FBD_ORIGDIS',
  'NE_GRAFT_ND_PBD_NORIGDIS',
  'NE_GRAFT_FBD_NORIGDIS',
  'NE_GRAFT_ND_PBD_ORIGDIS',
  'NE_GRAFT_FBD_ORIGDIS',
]

function lines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
}

/** "0.238" -> 238 without going through binary floating point. */
export function thousandths(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim())
  if (!m) throw new Error(`value with more than 3 decimals or not a number: ${text}`)
  const value = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'))
  return m[1] === '-' ? -value : value
}

function readVariables(dir: string, segments: readonly string[], prefix: string): VariableRow[] {
  const defs = JSON.parse(readFileSync(join(dir, 'category_definition.json'), 'utf8')) as Record<
    string,
    { descr: string; type: TermKind }
  >
  const rows = lines(join(dir, 'weights.csv'))
  const header = (rows[0] ?? '').split(',')
  if (header.slice(1).join() !== segments.join())
    throw new Error(`unexpected weights header ${header.join()}`)
  return rows.slice(1).map((row) => {
    const [name, ...values] = row.split(',')
    if (!name) throw new Error('empty variable name')
    const def = defs[name]
    if (!def) throw new Error(`${dir}: no definition for ${name}`)
    if (def.type === 'disease' && !name.startsWith(prefix))
      throw new Error(`disease ${name} without ${prefix}`)
    if (values.length !== segments.length) throw new Error(`${name}: ${values.length} values`)
    return [name, def.type, def.descr, ...values.map(thousandths)] as const
  })
}

function readMapping(
  dir: string,
  known: ReadonlySet<string>,
  prefix: string,
): { text: string; codes: number } {
  const byCc = new Map<number, string[]>()
  const codes = new Set<string>()
  for (const line of lines(join(dir, 'diag_to_category_map.txt'))) {
    const [code, cc] = line.split('\t')
    if (!code || !cc || !/^[A-Z0-9]{3,7}$/.test(code)) throw new Error(`bad map line ${line}`)
    if (!known.has(`${prefix}${cc}`)) throw new Error(`${code} maps to ${prefix}${cc}, not in the model`)
    byCc.set(Number(cc), [...(byCc.get(Number(cc)) ?? []), code])
    codes.add(code)
  }
  const text = [...byCc.entries()]
    .sort(([a], [b]) => a - b)
    .map(([cc, list]) => `${cc} ${list.sort().join(' ')}`)
    .join('\n')
  return { text, codes: codes.size }
}

function readHierarchy(dir: string, known: ReadonlySet<string>, prefix: string): Record<string, number[]> {
  const json = JSON.parse(readFileSync(join(dir, 'hierarchy_definition.json'), 'utf8')) as Record<
    string,
    { remove_code: string[] }
  >
  const out: Record<string, number[]> = {}
  for (const [parent, def] of Object.entries(json)) {
    for (const c of [parent, ...def.remove_code])
      if (!known.has(c)) throw new Error(`hierarchy names ${c}, not in the model`)
    out[parent.slice(prefix.length)] = def.remove_code.map((c) => Number(c.slice(prefix.length)))
  }
  return out
}

function readScores(path: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const line of lines(path).slice(1)) {
    const [key, score] = line.split(',')
    if (!key || !score) throw new Error(`bad score line ${line}`)
    out[key] = thousandths(score)
  }
  return out
}

const SOURCE = 'CMS PY2026 software via risk_adjustment_model 0.7.0'

export function buildRxData(hccData: string): OtherModelData {
  const dir = join(hccData, 'risk_adjustment_model', 'v08_rxhcc_x', '2026')
  const variables = readVariables(dir, RX_SEGMENTS, 'RXHCC')
  const known = new Set(variables.map((v) => v[0]))
  const mapping = readMapping(dir, known, 'RXHCC')
  return {
    model: 'RxHCC-V08',
    modelName: 'RxHCC V08, segment X (Part D, all non-PACE enrollees)',
    paymentYear: 2026,
    segments: RX_SEGMENTS,
    variables,
    hierarchy: readHierarchy(dir, known, 'RXHCC'),
    mapping: mapping.text,
    mappingSource: `${SOURCE} (v08_rxhcc_x/2026)`,
    codes: mapping.codes,
    scores: {},
  }
}

export function buildEsrdData(hccData: string): OtherModelData {
  const dir = join(hccData, 'risk_adjustment_model', 'v24_esrd', '2026')
  const variables = readVariables(dir, ESRD_SEGMENTS, 'HCC')
  const known = new Set(variables.map((v) => v[0]))
  const mapping = readMapping(dir, known, 'HCC')
  return {
    model: 'ESRD-V24',
    modelName: 'ESRD V24 (dialysis, functioning graft, transplant)',
    paymentYear: 2026,
    segments: ESRD_SEGMENTS,
    variables,
    hierarchy: readHierarchy(dir, known, 'HCC'),
    mapping: mapping.text,
    mappingSource: `${SOURCE} (v24_esrd/2026)`,
    codes: mapping.codes,
    scores: {
      ...readScores(join(dir, 'graft_duration_scores.csv')),
      ...readScores(join(dir, 'institutional_graft_scores.csv')),
      ...readScores(join(dir, 'transplant_scores.csv')),
    },
  }
}

/** One top-level key per line and one array element per line: readable diffs, small files. */
function compactJson(value: object): string {
  const entries = Object.entries(value).map(([key, v]) => {
    const text = Array.isArray(v)
      ? `[\n    ${v.map((x) => JSON.stringify(x)).join(',\n    ')},\n  ]`
      : JSON.stringify(v)
    return `  ${JSON.stringify(key)}: ${text}`
  })
  return `{\n${entries.join(',\n')},\n}`
}

export function moduleText(constName: string, data: OtherModelData): string {
  return `// Generated by packages/hcc/scripts/build-tables.ts from the CMS tables listed in SOURCES.md. Do not edit.\nimport type { OtherModelData } from '../other-model-data.ts'\n\nexport const ${constName}: OtherModelData = ${compactJson(data)}\n`
}

export const OTHER_MODULES = [
  { file: 'rxhcc-v08.ts', constName: 'RXHCC_V08_DATA', build: buildRxData },
  { file: 'esrd-v24.ts', constName: 'ESRD_V24_DATA', build: buildEsrdData },
] as const
