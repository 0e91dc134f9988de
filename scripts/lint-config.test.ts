// The lint rules that keep the architecture, proved on code written for the purpose: each case must fail
// `npm run lint`, and removing its rule from eslint.config.js makes this test fail.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })
// A feature that does not exist: the boundaries must cover it the day its folder is created.
const newFeature = join(root, 'apps/api/src/features/zz-lint-probe')
const cycleDir = join(root, 'apps/api/src/lib/zz-lint-cycle')

let probes = 0

/**
 * Lints `code` as a file in `filePath`'s folder (written to disk under a fresh name, because the
 * type-aware rules read the program from disk, then removed unless it was there before).
 */
async function ruleIds(code: string, filePath: string): Promise<string[]> {
  probes += 1
  const path = existsSync(join(root, filePath))
    ? join(root, filePath)
    : join(root, filePath.replace(/zz(\.tsx?)$/, `zz-lint-${process.pid}-${probes}$1`))
  const created = !existsSync(path)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, code)
  try {
    const [result] = await eslint.lintFiles([path])
    return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
  } finally {
    if (created) rmSync(path, { force: true })
  }
}

beforeAll(() => {
  mkdirSync(newFeature, { recursive: true })
  writeFileSync(join(newFeature, 'index.ts'), 'export const probe = 1\n')
  writeFileSync(join(newFeature, 'probe-internals.ts'), 'export const probe = 2\n')
  mkdirSync(cycleDir, { recursive: true })
  writeFileSync(
    join(cycleDir, 'a.ts'),
    "import { b } from './b.ts'\n\nexport const a = (): number => b() + 1\n",
  )
  writeFileSync(
    join(cycleDir, 'b.ts'),
    "import { a } from './a.ts'\n\nexport const b = (): number => a() - 1\n",
  )
})

afterAll(() => {
  rmSync(newFeature, { recursive: true, force: true })
  rmSync(cycleDir, { recursive: true, force: true })
})

describe('API feature boundaries', () => {
  it('refuse another feature’s repository and allow its index.ts', async () => {
    const file = 'apps/api/src/features/zz-lint-probe/zz.ts'
    expect(
      await ruleIds("export { findScopedPatient } from '../patients/patients.repository.ts'\n", file),
    ).toContain('import-x/no-restricted-paths')
    expect(await ruleIds("export { patientRoutes } from '../patients/index.ts'\n", file)).toEqual([])
  })

  it('cover a feature folder created after the config was written, from both sides', async () => {
    const intoNew = "export { probe } from '../zz-lint-probe/probe-internals.ts'\n"
    expect(await ruleIds(intoNew, 'apps/api/src/features/patients/zz.ts')).toContain(
      'import-x/no-restricted-paths',
    )
    expect(
      await ruleIds(
        "export { probe } from '../zz-lint-probe/index.ts'\n",
        'apps/api/src/features/patients/zz.ts',
      ),
    ).toEqual([])
  })

  it('keep db/ and lib/ below every feature', async () => {
    const code = "export { patientRoutes } from '../features/patients/index.ts'\n"
    expect(await ruleIds(code, 'apps/api/src/db/zz.ts')).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(code, 'apps/api/src/lib/zz.ts')).toContain('import-x/no-restricted-paths')
  })

  it('let jobs/ and app.ts import a feature only through its index.ts', async () => {
    expect(
      await ruleIds(
        "export { runIngestion } from '../features/ingestion/ingestion.service.ts'\n",
        'apps/api/src/jobs/zz.ts',
      ),
    ).toContain('import-x/no-restricted-paths')
    expect(
      await ruleIds(
        "export { runIngestion } from '../features/ingestion/index.ts'\n",
        'apps/api/src/jobs/zz.ts',
      ),
    ).toEqual([])
  })
})

describe('web feature boundaries', () => {
  it('refuse one web feature importing another', async () => {
    expect(
      await ruleIds(
        "export { PatientSearchPanel } from '../patients/components/patient-search-panel.tsx'\n",
        'apps/web/src/features/audit/zz.tsx',
      ),
    ).toContain('import-x/no-restricted-paths')
  })
})

describe('bug-catching rules', () => {
  it('refuse an import cycle', async () => {
    const ids = await ruleIds(
      "import { b } from './b.ts'\n\nexport const a = (): number => b() + 1\n",
      'apps/api/src/lib/zz-lint-cycle/a.ts',
    )
    expect(ids).toContain('import-x/no-cycle')
  })

  it('refuse a floating promise', async () => {
    const code = 'async function save(): Promise<void> {}\n\nexport function click(): void {\n  save()\n}\n'
    expect(await ruleIds(code, 'apps/api/src/lib/zz.ts')).toContain('@typescript-eslint/no-floating-promises')
  })

  it('refuse a switch that forgets a member of a union', async () => {
    const code = [
      "export function label(status: 'pending' | 'authorized' | 'denied'): string {",
      '  switch (status) {',
      "    case 'pending':",
      "      return 'Pending'",
      "    case 'authorized':",
      "      return 'Approved'",
      '  }',
      "  return ''",
      '}',
      '',
    ].join('\n')
    expect(await ruleIds(code, 'apps/api/src/lib/zz.ts')).toContain(
      '@typescript-eslint/switch-exhaustiveness-check',
    )
  })
})
