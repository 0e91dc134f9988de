// The request list against the Django REST Framework anchor, side by side on this machine:
// wrk -t2 -c64 --latency on GET …/requests/?page_size=50 (2,000 rows in the caller's organisation, pages of 50),
// every target measured once per round, the rounds alternating the targets' order (forward, then backward),
// because the machine is shared and figures taken minutes apart do not compare.
//   drf        bench/anchors/drf: DRF 3.14 + simplejwt + gunicorn (2 sync workers), Debian's packages
//   ours-1     node apps/api/dist/server.js, one process (WEB_CONCURRENCY=1)
//   ours-auto  the same with WEB_CONCURRENCY=auto (one worker per core: 2 here)
//   nginx-N    nginx in front of N single-process instances (keepalive upstream, HTTP/1.1)
// Usage: npx tsx bench/requests/side-by-side.ts [seconds=20] [rounds=2]
//          [--targets=drf,ours-1,ours-auto,nginx-1,nginx-2,nginx-3]
//          [--paths=/api/jwt/verify/,/api/patients/?search={surname},/api/patients/{patient}/consolidated/]
//          [--sessions=N] [--gzip]
// --paths adds paths measured on our targets only; {patient} and {surname} name a patient of the caller's
// organisation with an authorized request, the one with the most claims (the demo plan pulls real records).
// --sessions=N signs the ACO admin in N times and has wrk send each request with the next of those N tokens,
// so concurrent requests are distinct sessions (each one's account read is its own row), not one token's.
// --gzip sends Accept-Encoding: gzip with every request, as browsers do. Databases (created, migrated and seeded on the first run,
// reused after): BENCH_DRF_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_drf) and
// BENCH_DATABASE_URL (default …/bench_requests, the rows of bench/requests/list.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import {
  ACO_ADMIN,
  ENCRYPTION_KEY,
  ORGANIZATIONS,
  REQUESTS_PER_ORGANIZATION,
  loadApi,
  seed,
  signInAcoAdmin,
} from './seed.ts'

const ALL_TARGETS = ['drf', 'ours-1', 'ours-auto', 'nginx-1', 'nginx-2', 'nginx-3'] as const
type TargetName = (typeof ALL_TARGETS)[number]

const args = process.argv.slice(2)
const positional = args.filter((arg) => !arg.startsWith('--'))
const option = (name: string): string | undefined =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
const seconds = Number(positional[0] ?? 20)
const rounds = Number(positional[1] ?? 2)
const chosen = (option('targets')?.split(',') ?? [...ALL_TARGETS]).map((name) => name.trim())
for (const name of chosen)
  if (!(ALL_TARGETS as readonly string[]).includes(name)) throw new Error(`unknown target ${name}`)
const selected = ALL_TARGETS.filter((name) => chosen.includes(name))
const sessions = Number(option('sessions') ?? 1)
const gzip = args.includes('--gzip')
const extraPaths = (option('paths') ?? '')
  .split(',')
  .map((path) => path.trim())
  .filter(Boolean)

const ROOT = resolve(import.meta.dirname, '../..')
const DRF_DIR = join(ROOT, 'bench/anchors/drf')
const PYTHON = '/usr/bin/python3'
const DRF_DATABASE_URL = process.env.BENCH_DRF_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_drf'
const OUR_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_requests'
const DRF_USER = 'bench.requester.0@bench.test'
const DRF_PASSWORD = 'BlueConsent-Bench-2025'
const DRF_PATH = '/api/healthplans/requests/?page_size=50'
const OUR_PATH = '/api/healthplans/requests/?scope=organization&page_size=50'
const JWT_SECRET = 'bench-only-jwt-secret-'.padEnd(40, 'x')
const ROWS = ORGANIZATIONS * REQUESTS_PER_ORGANIZATION

// ---- child processes: every one is started here, in its own process group, and stopped on the way out ----

const children = new Set<ChildProcess>()
const tempDirs: string[] = []

function start(command: string, argv: string[], options: { cwd?: string; env?: Record<string, string> }) {
  const child = spawn(command, argv, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000)
  })
  child.on('exit', (code, signal) => {
    const expected = !children.has(child)
    children.delete(child)
    if (!expected && !stopping)
      process.stderr.write(`${command} exited (${signal ?? code}) during the bench:\n${stderr}\n`)
  })
  children.add(child)
  return child
}

let stopping = false
function signalAll(signal: NodeJS.Signals): void {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, signal)
    } catch {
      // Already gone.
    }
  }
}

async function stopAll(): Promise<void> {
  stopping = true
  signalAll('SIGTERM')
  const deadline = Date.now() + 10_000
  while (children.size > 0 && Date.now() < deadline) await sleep(100)
  signalAll('SIGKILL')
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
}

process.on('exit', () => signalAll('SIGKILL'))
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return
    process.stderr.write(`\n${signal}: stopping the servers\n`)
    void stopAll().then(() => process.exit(130))
  })

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitFor(url: string, ok: (status: number) => boolean, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: its server exited`)
    try {
      if (ok((await fetch(url)).status)) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`)
    await sleep(250)
  }
}

function run(command: string, argv: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(command, argv, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`${command} ${argv.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** One value from a database, or null when the query fails (no such database or table yet). */
function query(databaseUrl: string, sql: string): string | null {
  const result = spawnSync('psql', [databaseUrl, '-tAc', sql], { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : null
}

function createDatabase(databaseUrl: string): void {
  const url = new URL(databaseUrl)
  const name = url.pathname.slice(1)
  url.pathname = '/postgres'
  if (query(url.toString(), `select 1 from pg_database where datname = '${name}'`) === '1') return
  console.log(`creating database ${name}`)
  run('createdb', ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres', name])
}

// ---- the two databases, prepared once ----

function prepareDrf(): void {
  const seeded = Number(query(DRF_DATABASE_URL, 'select count(*) from requests_app_authorizationrequest'))
  if (seeded >= ROWS) return
  createDatabase(DRF_DATABASE_URL)
  const env = { DATABASE_URL: DRF_DATABASE_URL }
  console.log('drf: migrate, seed')
  run(PYTHON, ['manage.py', 'migrate', '--verbosity', '0'], { cwd: DRF_DIR, env })
  run(PYTHON, ['manage.py', 'seed'], { cwd: DRF_DIR, env })
}

async function prepareOurs(): Promise<void> {
  if (Number(query(OUR_DATABASE_URL, 'select count(*) from authorization_requests')) >= ROWS) return
  createDatabase(OUR_DATABASE_URL)
  console.log('ours: migrate, demo seed, bench rows (bench/requests/seed.ts)')
  const api = await loadApi(join(ROOT, 'apps/api'))
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-side-by-side-'))
  tempDirs.push(dataDir)
  // The embedded Blue Button sandbox is called over HTTP at PUBLIC_URL, so the app listens where it says.
  const port = await freePort()
  const app = await api.buildApp(
    api.loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_SEED: 'true',
      RUN_WORKERS: 'false',
      DATABASE_URL: OUR_DATABASE_URL,
      DATA_ENCRYPTION_KEY: ENCRYPTION_KEY,
      JWT_SECRET,
      // A deployment's stand-ins are opt-in; the bench has no real Stripe or Blue Button.
      STRIPE_STANDIN: 'true',
      BLUEBUTTON_SANDBOX: 'true',
    }),
  )
  try {
    await app.listen({ port, host: '127.0.0.1' })
    // First the demo plan (requests, consents and real pulls from the sandbox, run here as workers are off),
    // so the ACO admin's organisation holds patients with claims and medications for the record paths;
    // then the bench rows.
    await api.seedDemoData(app)
    await seed(app, api)
  } finally {
    await app.close()
  }
}

// ---- the servers ----

async function startDrf(): Promise<string> {
  const port = await freePort()
  const child = start('/usr/bin/gunicorn', ['--workers', '2', '--bind', `127.0.0.1:${port}`, 'anchor.wsgi'], {
    cwd: DRF_DIR,
    env: { DATABASE_URL: DRF_DATABASE_URL },
  })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/api/healthplans/requests/`, (status) => status === 401, child)
  return base
}

/** One `node apps/api/dist/server.js`; every instance shares PUBLIC_URL and JWT_SECRET, so one token serves all. */
async function startOurs(publicUrl: string, concurrency: string): Promise<string> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-side-by-side-'))
  tempDirs.push(dataDir)
  const child = start('node', ['apps/api/dist/server.js'], {
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: OUR_DATABASE_URL,
      DATA_ENCRYPTION_KEY: ENCRYPTION_KEY,
      JWT_SECRET,
      // A deployment's stand-ins are opt-in; the bench has no real Stripe or Blue Button.
      STRIPE_STANDIN: 'true',
      BLUEBUTTON_SANDBOX: 'true',
      LOG_LEVEL: 'silent',
      WEB_CONCURRENCY: concurrency,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      RATE_LIMIT_ORGANIZATION_PER_MINUTE: '1000000000',
    },
  })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/api/health/ready/`, (status) => status === 200, child)
  return base
}

function nginxConfig(prefix: string, gateways: { port: number; upstreams: number[] }[]): string {
  const blocks = gateways.map(
    ({ port, upstreams }) => `
  upstream api${port} {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api${port};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }`,
  )
  return `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${blocks.join('\n')}
}
`
}

async function signInDrf(base: string): Promise<string> {
  const response = await fetch(`${base}/api/jwt/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DRF_USER, password: DRF_PASSWORD }),
  })
  if (!response.ok) throw new Error(`drf sign-in: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access: string }).access
}

// ---- wrk ----

type Figures = { rps: number; p50: number; p99: number; errors: string | null }

/** wrk's durations (`812.50us`, `3.21ms`, `1.02s`, `1.5m`) in milliseconds. */
function milliseconds(value: string, unit: string): number {
  const factor: Record<string, number> = { us: 0.001, ms: 1, s: 1_000, m: 60_000 }
  return Number(value) * (factor[unit] ?? Number.NaN)
}

function parseWrk(output: string): Figures {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN)
  const percentile = (label: string) => {
    const match = new RegExp(`^\\s+${label}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output)
    return match ? milliseconds(match[1]!, match[2]!) : Number.NaN
  }
  const problems: string[] = []
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0)
  if (non2xx > 0) problems.push(`${non2xx} non-2xx/3xx`)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  if (socket) {
    const [, connect, read, write, timeout] = socket.map(Number)
    for (const [count, kind] of [
      [connect, 'connect'],
      [read, 'read'],
      [write, 'write'],
      [timeout, 'timeout'],
    ] as const)
      if (count! > 0) problems.push(`${count} ${kind} errors`)
  }
  if (Number.isNaN(rps)) problems.push('no figures in wrk output')
  return {
    rps,
    p50: percentile('50'),
    p99: percentile('99'),
    errors: problems.length ? problems.join(', ') : null,
  }
}

/** A wrk script sending each request with the next token of `tokens` (per wrk thread), beside wrk's -H headers. */
function rotatingTokensScript(tokens: string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'bench-side-by-side-wrk-')), 'tokens.lua')
  tempDirs.push(dirname(path))
  const list = tokens.map((token) => `"${token}"`).join(',\n')
  writeFileSync(
    path,
    `local tokens = {${list}}\nlocal i = 0\nrequest = function()\n  i = i % #tokens + 1\n` +
      `  local headers = {}\n  for name, value in pairs(wrk.headers) do headers[name] = value end\n` +
      `  headers["Authorization"] = "Bearer " .. tokens[i]\n  return wrk.format(nil, nil, headers)\nend\n`,
  )
  return path
}

async function wrk(url: string, tokens: string[], duration: number, connections = 64): Promise<Figures> {
  if (stopping) throw new Error('stopped')
  // --timeout 10s: wrk's default (2 s) drops the slow answers from the latency figures instead of waiting.
  const argv = ['-t2', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '--latency']
  // As a browser asks: held answers then go out compressed (the DRF anchor compresses nothing either way).
  if (gzip) argv.push('-H', 'Accept-Encoding: gzip')
  if (tokens.length > 1) argv.push('-s', rotatingTokensScript(tokens), url)
  else argv.push('-H', `Authorization: Bearer ${tokens[0]}`, url)
  const child = spawn('wrk', argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  children.add(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise((done) => child.on('exit', done))
  children.delete(child)
  if (stopping) throw new Error('stopped')
  return parseWrk(output)
}

// ---- the run ----

type Measured = { label: string; url: string; tokens: string[]; ours: boolean; results: Figures[] }

const format = (figures: Figures) =>
  figures.errors
    ? `errors: ${figures.errors}`
    : `${figures.rps.toFixed(0)} req/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`

async function main(): Promise<void> {
  const wantsOurs = selected.some((name) => name !== 'drf')
  const instancesNeeded = Math.max(
    selected.includes('ours-1') ? 1 : 0,
    ...selected.filter((name) => name.startsWith('nginx-')).map((name) => Number(name.slice(6))),
  )
  if (selected.includes('drf')) prepareDrf()
  if (wantsOurs) {
    await prepareOurs()
    console.log('ours: npm run build --workspace @blueconsent/api (apps/api/dist/server.js)')
    run('npm', ['run', 'build', '--workspace', '@blueconsent/api'])
  }

  const measured: Measured[] = []
  const add = (name: TargetName, base: string, path: string, tokens: string[]) =>
    measured.push({
      label: path === OUR_PATH || path === DRF_PATH ? name : `${name} ${path}`,
      url: `${base}${path}`,
      tokens,
      ours: name !== 'drf',
      results: [],
    })

  const gatewayPorts = [await freePort(), await freePort(), await freePort()]
  // One public address for every instance (the first gateway's): tokens name it as their issuer.
  const publicUrl = `http://127.0.0.1:${gatewayPorts[0]}`
  const bases = new Map<TargetName, string>()
  if (selected.includes('drf')) bases.set('drf', await startDrf())
  const instancePorts: number[] = []
  for (let index = 0; index < instancesNeeded; index += 1) {
    const base = await startOurs(publicUrl, '1')
    instancePorts.push(Number(new URL(base).port))
    if (index === 0) bases.set('ours-1', base)
  }
  if (selected.includes('ours-auto')) bases.set('ours-auto', await startOurs(publicUrl, 'auto'))
  const gateways = selected
    .filter((name) => name.startsWith('nginx-'))
    .map((name) => {
      const count = Number(name.slice(6))
      return { name, port: gatewayPorts[count - 1]!, upstreams: instancePorts.slice(0, count) }
    })
  if (gateways.length > 0) {
    const prefix = mkdtempSync(join(tmpdir(), 'bench-side-by-side-nginx-'))
    tempDirs.push(prefix)
    writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, gateways))
    const child = start('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {})
    for (const gateway of gateways) {
      const base = `http://127.0.0.1:${gateway.port}`
      await waitFor(`${base}/api/health/ready/`, (status) => status === 200, child)
      bases.set(gateway.name as TargetName, base)
    }
  }

  const drfTokens = bases.has('drf') ? [await signInDrf(bases.get('drf')!)] : []
  const firstOurs = [...bases.entries()].find(([name]) => name !== 'drf')?.[1]
  const ourTokens: string[] = []
  if (firstOurs)
    for (let index = 0; index < sessions; index += 1) ourTokens.push(await signInAcoAdmin(firstOurs))

  let patient: { id: string; surname: string } | null = null
  if (extraPaths.some((path) => /\{(patient|surname)\}/.test(path))) {
    const row = query(
      OUR_DATABASE_URL,
      `select p.id || '|' || p.family_name from patients p
       join authorization_requests r on r.patient_id = p.id and r.status = 'authorized'
       join users u on u.organization_id = p.organization_id and u.email = '${ACO_ADMIN}'
       where p.family_name is not null
       order by (select count(*) from claims c where c.patient_id = p.id) desc, p.full_name limit 1`,
    )
    if (!row) throw new Error('no authorized patient in the ACO admin organisation')
    const [id, surname] = row.split('|')
    patient = { id: id!, surname: surname! }
    console.log(`extra paths use patient ${patient.id} (surname ${patient.surname})`)
  }
  const fill = (path: string) =>
    path
      .replaceAll('{patient}', patient?.id ?? '')
      .replaceAll('{surname}', encodeURIComponent(patient?.surname ?? ''))

  for (const name of selected) {
    const base = bases.get(name)!
    if (name === 'drf') add(name, base, DRF_PATH, drfTokens)
    else {
      add(name, base, OUR_PATH, ourTokens)
      for (const path of extraPaths) add(name, base, fill(path), ourTokens)
    }
  }

  // One answer each, checked by hand, then a short warm-up (JIT, connection pools).
  for (const target of measured) {
    const response = await fetch(target.url, { headers: { authorization: `Bearer ${target.tokens[0]}` } })
    const body = await response.text()
    if (!response.ok) throw new Error(`${target.label}: ${response.status} ${body.slice(0, 300)}`)
    const count = /"count":\s*(\d+)/.exec(body)?.[1]
    console.log(`${target.label}: ${response.status}, ${body.length} bytes${count ? `, count ${count}` : ''}`)
    await wrk(target.url, target.tokens, 3, 8)
  }

  const load: string[] = []
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 === 1 ? measured : [...measured].reverse()
    for (const target of order) {
      const figures = await wrk(target.url, target.tokens, seconds)
      target.results[round - 1] = figures
      console.log(`round ${round} ${target.label.padEnd(12)} ${format(figures)}`)
    }
    load.push(run('uptime', []).trim())
  }

  const cell = (figures: Figures) =>
    figures.errors
      ? `**errors** (${figures.errors})`
      : `${figures.rps.toFixed(0)} req/s · p50 ${figures.p50.toFixed(0)} ms · p99 ${figures.p99.toFixed(0)} ms`
  const rounded = Array.from({ length: rounds }, (_, index) => index)
  const lines = [
    `| target | ${rounded.map((index) => `round ${index + 1}`).join(' | ')} |`,
    `| --- | ${rounded.map(() => '---').join(' | ')} |`,
  ]
  for (const target of measured) lines.push(`| ${target.label} | ${target.results.map(cell).join(' | ')} |`)
  const drf = measured.find((target) => target.label === 'drf')
  if (drf)
    for (const target of measured.filter((candidate) => candidate.ours && !candidate.label.includes(' ')))
      lines.push(
        `| ${target.label} ÷ drf (req/s) | ${rounded
          .map((index) => {
            const ours = target.results[index]!
            const theirs = drf.results[index]!
            return ours.errors || theirs.errors ? '–' : `${(ours.rps / theirs.rps).toFixed(1)}×`
          })
          .join(' | ')} |`,
      )
  const rotation =
    (sessions > 1 ? `, our requests rotating over ${sessions} sessions` : '') +
    (gzip ? ', Accept-Encoding: gzip' : '')
  console.log(`\nwrk -t2 -c64 -d${seconds}s --timeout 10s --latency, ${rounds} rounds${rotation}\n`)
  console.log(lines.join('\n'))
  console.log(`\nload after each round:\n${load.map((line) => `  ${line}`).join('\n')}`)
}

try {
  await main()
} finally {
  await stopAll()
}
