// Writes the code tables the API uses to put words beside codes (src/codes/tables/) from the public files in
// code-sources/ (their provenance in code-sources/SOURCES.md), so nothing reads those files at runtime.
// Usage: npm run build-code-tables --workspace @blueconsent/bluebutton
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ICD10CM_MODULE, ICD10CM_SOURCE, icd10cmModule } from './code-tables.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const text = icd10cmModule(readFileSync(join(root, ICD10CM_SOURCE)))
writeFileSync(join(root, ICD10CM_MODULE), text)
console.log(`wrote ${ICD10CM_MODULE} (${(text.length / 1024).toFixed(1)} KiB)`)
