// The surroundings of several API instances in the scale-out tests: a throwaway Redis and Debian's nginx in
// front of the instances, round robin, each started on loopback in its own temporary folder.
import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CSRF_COOKIE, CSRF_HEADER } from '@blueconsent/contract/auth'
import { DEMO_PASSWORD, demoUser, type DemoPersona } from '../features/demo-data/index.ts'
import { freePort } from './server-process.ts'

export type Helper = { url: string; stop(): void }

function startProcess(command: string, args: string[]): ChildProcess {
  return spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
}

export async function waitForHttp(url: string): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A Redis that keeps nothing on disk. */
export async function startRedis(): Promise<Helper> {
  const port = await freePort()
  const redis = startProcess('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ])
  return { url: `redis://127.0.0.1:${port}`, stop: () => void redis.kill('SIGTERM') }
}

function nginxConfig(prefix: string, port: number, upstreams: number[]): string {
  return `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream api {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # Appends the address nginx saw to whatever the client wrote, as ingress-nginx and most proxies do:
      # only the last entry is the proxy's word (the instances trust one hop).
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # A refused or reset connection (an instance restarting) is retried on the next instance; nginx
      # retries only idempotent methods, so a create is never sent twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`
}

/**
 * nginx on `port` in front of the instances on `upstreams`, resolved once a health check passes through it.
 * The port is chosen before the instances start, since they name it as their public address.
 */
export async function startNginx(port: number, upstreams: number[]): Promise<Helper> {
  const dir = mkdtempSync(join(tmpdir(), 'blueconsent-nginx-'))
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams))
  const nginx = startProcess('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'])
  const url = `http://127.0.0.1:${port}`
  const stop = () => {
    nginx.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await waitForHttp(`${url}/api/health/`)
  } catch (error) {
    stop()
    throw error
  }
  return { url, stop }
}

export type RawAnswer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * One HTTP call from a chosen loopback address (127.0.0.2, 127.0.0.3, …): the proxy sees that address, so a
 * test's per-address counters are its own, whatever X-Forwarded-For the call writes.
 */
export function callFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, localAddress, agent: false },
      (incoming) => {
        let body = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk: string) => (body += chunk))
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

export type Caller = {
  access: string
  call: (base: string, method: string, path: string, body?: unknown) => Promise<Response>
}

/** A JSON call's headers with a fresh CSRF cookie echoed, as the SPA sends them (a patient's too). */
export async function csrfHeaders(base: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${base}/api/csrf/`)
  const token = /csrftoken=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? ''
  return { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token }
}

/** A demo persona signed in over real HTTP, with the CSRF cookie and refresh cookie a browser would send. */
export async function signIn(base: string, persona: DemoPersona): Promise<Caller> {
  const headers = await csrfHeaders(base)
  const login = await fetch(`${base}/api/jwt/login/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: demoUser(persona).email, password: DEMO_PASSWORD }),
  })
  if (login.status !== 200) throw new Error(`sign-in as ${persona}: ${login.status} ${await login.text()}`)
  const { access } = (await login.json()) as { access: string }
  // The refresh cookie names the session, as the browser would send it with a logout.
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
  headers.cookie = `${headers.cookie}; ${session}`
  return {
    access,
    call: (target, method, path, body) =>
      fetch(`${target}${path}`, {
        method,
        headers: { ...headers, authorization: `Bearer ${access}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  }
}

/**
 * Which of the given processes holds the loopback TCP connection whose local port is `port` (a client's
 * outgoing connection, as the peer sees it in `remotePort`), from /proc: the socket's inode in
 * /proc/net/tcp, then the process with a descriptor on that inode. Linux only, like the scale-out tests.
 */
export function connectionOwner(pids: readonly number[], port: number): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[9]) inodes.add(`socket:[${fields[9]}]`)
    }
  }
  for (const pid of pids) {
    let descriptors: string[]
    try {
      descriptors = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of descriptors) {
      try {
        if (inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return pid
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return undefined
}
