// The lint rules that keep the architecture, proved on code written for the purpose: each case must fail
// `npm run lint`, and removing its rule (or its setting) from eslint.config.js makes this test fail.
// The type-aware rules and no-cycle read the program from disk, so every probe is a real file, written
// under a name of its own and removed at once; the probe folders go in afterAll.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const features = join(root, 'apps/api/src/features')
// Two features that do not exist when eslint.config.js is written: the boundaries must cover a folder the
// day it is created (the config reads the folder list when it loads, after beforeAll made these).
const billing = join(features, 'zz-lint-billing')
const claims = join(features, 'zz-lint-claims')
const cycleDir = join(root, 'apps/api/src/platform/lib/zz-lint-cycle')
const webBilling = join(root, 'apps/web/src/features/zz-lint-billing')
const webClaims = join(root, 'apps/web/src/features/zz-lint-claims')

const BOUNDARY = 'import-x/no-restricted-paths'
let eslint: ESLint
let probes = 0

/**
 * The rules `code` breaks as a file in `filePath`'s folder, written under a fresh name ending like
 * `filePath` (zz.ts → zz-lint-<pid>-<n>.ts, zz.int.test.ts → zz-lint-<pid>-<n>.int.test.ts).
 */
async function ruleIds(code: string, filePath: string, linter = eslint): Promise<string[]> {
  probes += 1
  const path = join(root, filePath.replace(/zz((\.[\w-]+)*\.tsx?)$/, `zz-lint-${process.pid}-${probes}$1`))
  if (existsSync(path)) throw new Error(`probe ${path} exists`)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, code)
  try {
    const [result] = await linter.lintFiles([path])
    return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
  } finally {
    rmSync(path, { force: true })
  }
}

beforeAll(() => {
  for (const [folder, name] of [
    [billing, 'billing'],
    [claims, 'claims'],
  ] as const) {
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'index.ts'), `export const ${name} = 1\n`)
    writeFileSync(join(folder, `${name}.repository.ts`), `export const ${name}Rows = 2\n`)
  }
  for (const folder of [webBilling, webClaims]) {
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'panel.tsx'), 'export const Panel = () => null\n')
  }
  mkdirSync(cycleDir, { recursive: true })
  writeFileSync(
    join(cycleDir, 'a.ts'),
    "import { b } from './b.ts'\n\nexport const a = (): number => b() + 1\n",
  )
  // Extensionless, as TypeScript allows: the resolver must follow it for the cycle to be seen.
  writeFileSync(join(cycleDir, 'b.ts'), "import { a } from './a'\n\nexport const b = (): number => a() - 1\n")
  // Created after the probe folders, so its config (read on first use) sees them.
  eslint = new ESLint({ cwd: root })
})

afterAll(() => {
  for (const folder of [billing, claims, cycleDir, webBilling, webClaims])
    rmSync(folder, { recursive: true, force: true })
})

describe('API feature boundaries', () => {
  it("refuse another feature's repository and allow its index.ts along an allowlisted edge", async () => {
    expect(
      existsSync(join(features, 'patients/patients.repository.ts')),
      'the example moved: update it',
    ).toBe(true)
    // tins → patients is an edge of FEATURE_EDGES.
    const file = 'apps/api/src/features/tins/zz.ts'
    expect(
      await ruleIds("export { findScopedPatient } from '../patients/patients.repository.ts'\n", file),
    ).toContain(BOUNDARY)
    expect(await ruleIds("export * from '../patients/index.ts'\n", file)).toEqual([])
    expect(await ruleIds("export * from '../patients'\n", file)).toEqual([])
  })

  it('see the import however it is spelled: no extension, .js for .ts, export *, type-only, import()', async () => {
    const file = 'apps/api/src/features/zz-lint-claims/zz.ts'
    for (const code of [
      "export { billingRows } from '../zz-lint-billing/billing.repository'\n",
      "export { billingRows } from '../zz-lint-billing/billing.repository.js'\n",
      "export * from '../zz-lint-billing/billing.repository.ts'\n",
      "import type { billingRows } from '../zz-lint-billing/billing.repository.ts'\n\nexport type Rows = typeof billingRows\n",
      "export const load = () => import('../zz-lint-billing/billing.repository.ts')\n",
    ]) {
      expect(await ruleIds(code, file), code).toContain(BOUNDARY)
    }
  })

  it("refuse a feature's index.ts that exports from its repository, however it is spelled", async () => {
    const entry = join(claims, 'index.ts')
    const lintEntry = async (code: string) => {
      writeFileSync(entry, code)
      try {
        const [result] = await eslint.lintFiles([entry])
        return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
      } finally {
        writeFileSync(entry, 'export const claims = 1\n')
      }
    }
    expect(await lintEntry("export { claimsRows } from './claims.repository.ts'\n")).toEqual([
      'no-restricted-syntax',
    ])
    expect(await lintEntry("export * from './claims.repository'\n")).toEqual(['no-restricted-syntax'])
    expect(await lintEntry("export { claimsRows as rows } from './claims.repository.ts'\n")).toEqual([
      'no-restricted-syntax',
    ])
  })

  it('cover a feature folder created after the config was written, from both sides', async () => {
    // Into the new feature from an old one, and out of the new feature (the first test) both fail.
    expect(
      await ruleIds(
        "export { billingRows } from '../zz-lint-billing/billing.repository.ts'\n",
        'apps/api/src/features/patients/zz.ts',
      ),
    ).toContain(BOUNDARY)
    // Its index.ts too, for no edge leads to it; a test file may use it.
    expect(
      await ruleIds(
        "export { billing } from '../zz-lint-billing/index.ts'\n",
        'apps/api/src/features/patients/zz.ts',
      ),
    ).toContain(BOUNDARY)
    expect(
      await ruleIds(
        "export { billing } from '../zz-lint-billing/index.ts'\n",
        'apps/api/src/features/patients/zz.int.test.ts',
      ),
    ).toEqual([])
    // Its own files are its own.
    expect(
      await ruleIds(
        "export { billingRows } from './billing.repository.ts'\n",
        'apps/api/src/features/zz-lint-billing/zz.ts',
      ),
    ).toEqual([])
  })

  it("let a test import its own feature's internals and only other features' index.ts", async () => {
    const own = "export { billingRows } from './billing.repository.ts'\n"
    const other = "export { findScopedPatient } from '../patients/patients.repository.ts'\n"
    for (const suffix of ['test.ts', 'int.test.ts', 'int-pg.test.ts']) {
      expect(await ruleIds(own, `apps/api/src/features/zz-lint-billing/zz.${suffix}`)).toEqual([])
      expect(await ruleIds(other, `apps/api/src/features/zz-lint-billing/zz.${suffix}`)).toContain(BOUNDARY)
    }
    // A test beside app.ts belongs to no feature.
    expect(
      await ruleIds(
        "export { findScopedPatient } from './features/patients/patients.repository.ts'\n",
        'apps/api/src/zz.int.test.ts',
      ),
    ).toContain(BOUNDARY)
  })

  it('refuse a platform file importing any feature or view, index.ts included', async () => {
    const feature = "export * from '../../features/patients/index.ts'\n"
    const view = "export * from '../../views/dashboard/index.ts'\n"
    for (const area of ['db', 'lib', 'identity', 'access', 'audit', 'outbox', 'events', 'jobs', 'http']) {
      expect(await ruleIds(feature, `apps/api/src/platform/${area}/zz.ts`), area).toContain(BOUNDARY)
      expect(await ruleIds(view, `apps/api/src/platform/${area}/zz.ts`), area).toContain(BOUNDARY)
    }
    // Beside config.ts and context.ts too.
    expect(
      await ruleIds("export * from '../features/patients/index.ts'\n", 'apps/api/src/platform/zz.ts'),
    ).toContain(BOUNDARY)
    // Its own areas are its own.
    expect(
      await ruleIds("export { actorOf } from '../identity/index.ts'\n", 'apps/api/src/platform/access/zz.ts'),
    ).toEqual([])
  })

  it("refuse a feature importing another feature's index.ts unless the edge is allowlisted", async () => {
    // A new feature has no edges: even the public face of another is refused.
    expect(
      await ruleIds("export * from '../patients/index.ts'\n", 'apps/api/src/features/zz-lint-billing/zz.ts'),
    ).toContain(BOUNDARY)
    // An old one keeps only its listed edges: tins → patients stays, tins → billing is refused.
    expect(
      await ruleIds("export * from '../patients/index.ts'\n", 'apps/api/src/features/tins/zz.ts'),
    ).toEqual([])
    expect(
      await ruleIds("export * from '../billing/index.ts'\n", 'apps/api/src/features/tins/zz.ts'),
    ).toContain(BOUNDARY)
    // The request no longer imports setup or billing: their rules are route requirements now.
    for (const guard of ['setup', 'billing'])
      expect(
        await ruleIds(
          `export * from '../${guard}/index.ts'\n`,
          'apps/api/src/features/authorization-requests/zz.ts',
        ),
        guard,
      ).toContain(BOUNDARY)
    // Its tests start the whole app and may use another feature's index.ts (seed personas), never its internals.
    expect(
      await ruleIds(
        "export * from '../patients/index.ts'\n",
        'apps/api/src/features/zz-lint-billing/zz.int.test.ts',
      ),
    ).toEqual([])
  })

  it('keep views above the features: a feature never imports a view, a view reads features by index.ts', async () => {
    expect(
      await ruleIds(
        "export * from '../../views/dashboard/index.ts'\n",
        'apps/api/src/features/patients/zz.ts',
      ),
    ).toContain(BOUNDARY)
    expect(
      await ruleIds(
        "export * from '../../features/patients/index.ts'\n",
        'apps/api/src/views/dashboard/zz.ts',
      ),
    ).toEqual([])
    expect(
      await ruleIds(
        "export * from '../../features/patients/patients.repository.ts'\n",
        'apps/api/src/views/dashboard/zz.ts',
      ),
    ).toContain(BOUNDARY)
    expect(
      await ruleIds("export * from '../admin-reports/index.ts'\n", 'apps/api/src/views/dashboard/zz.ts'),
    ).toContain(BOUNDARY)
  })

  it('let features reach identity, audit and outbox only through their index.ts', async () => {
    const file = 'apps/api/src/features/tins/zz.ts'
    expect(await ruleIds("export * from '../../platform/identity/index.ts'\n", file)).toEqual([])
    expect(await ruleIds("export * from '../../platform/identity/auth.repository.ts'\n", file)).toContain(
      BOUNDARY,
    )
    expect(await ruleIds("export * from '../../platform/audit/audit.repository.ts'\n", file)).toContain(
      BOUNDARY,
    )
  })

  it('let testing/, app.ts and scripts/ import a feature only through its index.ts', async () => {
    const internal = "export * from '../features/zz-lint-billing/billing.repository.ts'\n"
    const face = "export * from '../features/zz-lint-billing/index.ts'\n"
    expect(await ruleIds(internal, 'apps/api/src/testing/zz.ts')).toContain(BOUNDARY)
    expect(await ruleIds(face, 'apps/api/src/testing/zz.ts')).toEqual([])
    // A file beside app.ts and server.ts (by glob: a file created after the config loaded).
    expect(
      await ruleIds(
        "export * from './features/zz-lint-billing/billing.repository.ts'\n",
        'apps/api/src/zz.ts',
      ),
    ).toContain(BOUNDARY)
    expect(
      await ruleIds(
        "export * from '../src/features/zz-lint-billing/billing.repository.ts'\n",
        'apps/api/scripts/zz.ts',
      ),
    ).toContain(BOUNDARY)
  })

  it('hold when ESLint runs from inside the app (an editor, `cd apps/api && npx eslint src`)', async () => {
    const cwd = process.cwd()
    process.chdir(join(root, 'apps/api'))
    try {
      const fromApi = new ESLint({ cwd: join(root, 'apps/api') })
      expect(
        await ruleIds(
          "export * from '../zz-lint-billing/billing.repository.ts'\n",
          'apps/api/src/features/zz-lint-claims/zz.ts',
          fromApi,
        ),
      ).toContain(BOUNDARY)
    } finally {
      process.chdir(cwd)
    }
  })

  it('refuse a relative import the resolver cannot follow (it would slip past the boundaries)', async () => {
    expect(
      await ruleIds(
        "export * from '../zz-lint-billing/no-such-file.ts'\n",
        'apps/api/src/features/zz-lint-claims/zz.ts',
      ),
    ).toContain('import-x/no-unresolved')
  })
})

describe('web feature boundaries', () => {
  it('refuse one web feature importing another, a new feature folder included', async () => {
    const code = "export { Panel } from '../zz-lint-billing/panel.tsx'\n"
    expect(await ruleIds(code, 'apps/web/src/features/zz-lint-claims/zz.tsx')).toContain(BOUNDARY)
    expect(await ruleIds(code, 'apps/web/src/features/audit/zz.tsx')).toContain(BOUNDARY)
    expect(
      await ruleIds("export { Panel } from './panel.tsx'\n", 'apps/web/src/features/zz-lint-billing/zz.tsx'),
    ).toEqual([])
  })

  it('keep lib/ and components/ below features/ and app/', async () => {
    expect(await ruleIds("export * from '../app/paths.ts'\n", 'apps/web/src/lib/zz.ts')).toContain(BOUNDARY)
    expect(
      await ruleIds(
        "export { Panel } from '../../features/zz-lint-billing/panel.tsx'\n",
        'apps/web/src/components/ui/zz.tsx',
      ),
    ).toContain(BOUNDARY)
  })

  it('hold for imports written with the @/ alias, which must resolve like relative ones', async () => {
    const other = "export { Panel } from '@/features/zz-lint-billing/panel.tsx'\n"
    expect(await ruleIds(other, 'apps/web/src/features/zz-lint-claims/zz.tsx')).toContain(BOUNDARY)
    expect(await ruleIds(other, 'apps/web/src/features/audit/components/zz.tsx')).toContain(BOUNDARY)
    expect(await ruleIds(other, 'apps/web/src/features/zz-lint-billing/zz.tsx')).toEqual([])
    expect(await ruleIds(other, 'apps/web/src/components/ui/zz.tsx')).toContain(BOUNDARY)
    expect(await ruleIds("export * from '@/app/paths.ts'\n", 'apps/web/src/lib/zz.ts')).toContain(BOUNDARY)
    expect(await ruleIds("export * from '@/lib/env.ts'\n", 'apps/web/src/features/audit/zz.ts')).toEqual([])
    expect(
      await ruleIds("export * from '@/features/zz-lint-billing/no-such-file.ts'\n", 'apps/web/src/app/zz.ts'),
    ).toContain('import-x/no-unresolved')
  })
})

describe('web data layer', () => {
  const imports = (names: string) => [
    `import { ${names} } from '@tanstack/react-query'`,
    "import { callEndpoint } from '../../../lib/endpoints.ts'",
    '',
  ]
  const inline = [
    ...imports('useQuery'),
    'export const useFigures = () =>',
    "  useQuery({ queryKey: ['dashboard'], queryFn: ({ signal }) => callEndpoint('dashboard.figures', { signal }) })",
    '',
  ].join('\n')
  const fromFactory = [
    ...imports('queryOptions, useQuery'),
    'const figuresQueryOptions = () =>',
    "  queryOptions({ queryKey: ['dashboard'], queryFn: ({ signal }) => callEndpoint('dashboard.figures', { signal }) })",
    'export const useFigures = (enabled: boolean) => useQuery({ ...figuresQueryOptions(), enabled })',
    '',
  ].join('\n')

  it('refuses a query written inline in a page or a component, and accepts one from a queryOptions factory', async () => {
    expect(await ruleIds(inline, 'apps/web/src/features/dashboard/pages/zz.tsx')).toContain(
      'no-restricted-syntax',
    )
    expect(await ruleIds(inline, 'apps/web/src/features/dashboard/components/zz.tsx')).toContain(
      'no-restricted-syntax',
    )
    expect(await ruleIds(fromFactory, 'apps/web/src/features/dashboard/components/zz.tsx')).toEqual([])
  })

  it('holds every page and component of the app to it, the shared ones and the patients pages too', async () => {
    for (const filePath of [
      'apps/web/src/features/patients/pages/zz.tsx',
      'apps/web/src/components/patient-data/zz.tsx',
    ])
      expect(await ruleIds(inline, filePath)).toContain('no-restricted-syntax')
  })

  it("leaves the feature's api/ free to build its hooks", async () => {
    expect(await ruleIds(inline, 'apps/web/src/features/dashboard/api/zz.ts')).toEqual([])
  })

  it('keeps the rules every file has beside it', async () => {
    expect(
      await ruleIds(
        "export enum Tab {\n  Data = 'data',\n}\n",
        'apps/web/src/features/dashboard/pages/zz.tsx',
      ),
    ).toContain('no-restricted-syntax')
  })
})

describe('bug-catching rules', () => {
  it('refuse an import cycle', async () => {
    // a.ts → b.ts → a.ts (extensionless), on disk since beforeAll.
    const [result] = await eslint.lintFiles([join(cycleDir, 'a.ts')])
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle')
  })

  it('refuse a floating promise, and accept one awaited or voided', async () => {
    const file = 'apps/api/src/platform/lib/zz.ts'
    const save = 'async function save(): Promise<void> {}\n\n'
    expect(await ruleIds(`${save}export function click(): void {\n  save()\n}\n`, file)).toContain(
      '@typescript-eslint/no-floating-promises',
    )
    expect(
      await ruleIds(`${save}export async function click(): Promise<void> {\n  await save()\n}\n`, file),
    ).toEqual([])
    expect(await ruleIds(`${save}export function click(): void {\n  void save()\n}\n`, file)).toEqual([])
  })

  it('refuse a switch that forgets a member of a union, and accept one with a default', async () => {
    const switchOver = (cases: string[]) =>
      [
        "export function label(status: 'pending' | 'authorized' | 'denied'): string {",
        '  switch (status) {',
        ...cases,
        '  }',
        "  return ''",
        '}',
        '',
      ].join('\n')
    const pending = ["    case 'pending':", "      return 'Pending'"]
    const authorized = ["    case 'authorized':", "      return 'Approved'"]
    expect(
      await ruleIds(switchOver([...pending, ...authorized]), 'apps/api/src/platform/lib/zz.ts'),
    ).toContain('@typescript-eslint/switch-exhaustiveness-check')
    expect(
      await ruleIds(
        switchOver([...pending, ...authorized, "    case 'denied':", "      return 'Denied'"]),
        'apps/api/src/platform/lib/zz.ts',
      ),
    ).toEqual([])
    expect(
      await ruleIds(
        switchOver([...pending, '    default:', "      return 'Other'"]),
        'apps/web/src/lib/zz.ts',
      ),
    ).toEqual([])
  })
})
