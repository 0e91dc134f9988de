// Writes the code tables the API uses to put words beside codes (src/codes/tables/) from the public files in
// code-sources/ (their provenance in code-sources/SOURCES.md), so nothing reads those files at runtime.
// Usage: npm run build-code-tables --workspace @blueconsent/bluebutton
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  HCPCS_MODULE,
  HCPCS_SOURCE,
  hcpcsModule,
  ICD10CM_MODULE,
  ICD10CM_SOURCE,
  icd10cmModule,
} from './code-tables.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
for (const [source, module, generate] of [
  [ICD10CM_SOURCE, ICD10CM_MODULE, icd10cmModule],
  [HCPCS_SOURCE, HCPCS_MODULE, hcpcsModule],
] as const) {
  const text = generate(readFileSync(join(root, source)))
  writeFileSync(join(root, module), text)
  console.log(`wrote ${module} (${Buffer.byteLength(text)} bytes)`)
}
