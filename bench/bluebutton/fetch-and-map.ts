// Fetch and map every EOB of the 1,518-EOB sandbox beneficiary (BBUser10000) with the real client,
// against a sandbox running in its own process. Reports wall time, EOBs/s and peak memory of the
// client process, and two floors over the same bytes: fetch + JSON.parse, and JSON.parse alone.
//
//   node --expose-gc --import tsx bench/bluebutton/fetch-and-map.ts [runs] [sandboxUrl]
//
// Without sandboxUrl the script starts `tools/bluebutton-sandbox/src/main.ts` on a free port.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { BlueButtonClient, mapExplanationOfBenefit } from '@blueconsent/bluebutton'
import { defaultSandboxClients, simulateBeneficiaryConsent } from '@blueconsent/bluebutton-sandbox'

const runs = Number(process.argv[2] ?? 5)
const given = process.argv[3]
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)
const [registration] = defaultSandboxClients

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

async function startSandbox(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/bluebutton-sandbox/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on(
      'data',
      (chunk: Buffer) => chunk.toString().includes('Blue Button sandbox at') && resolve(),
    )
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)))
  })
  return { url, child }
}

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1)
// Client CPU time is steadier than wall time when other work shares the cores.
const cpuMs = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1000

async function main(): Promise<void> {
  if (!registration) throw new Error('no default sandbox client')
  const sandbox = given ? { url: given, child: undefined } : await startSandbox()
  const bb = new BlueButtonClient({
    baseUrl: sandbox.url,
    clientId: registration.clientId,
    clientSecret: registration.clientSecret,
    redirectUri: registration.redirectUris[0] ?? '',
  })
  const request = await bb.createAuthorizationRequest()
  const outcome = await simulateBeneficiaryConsent(request.url, { username: 'BBUser10000' })
  if (outcome.kind !== 'redirect') throw new Error(`consent failed: ${outcome.status}`)
  const tokens = await bb.exchangeCode({
    code: bb.parseCallback(outcome.location, request.state).code,
    codeVerifier: request.codeVerifier,
  })

  // Pass 1 (cold): the sandbox generates the beneficiary's claims on first access.
  const coldStart = performance.now()
  const bodies: string[] = []
  let url: string | undefined = `${sandbox.url}/v2/fhir/ExplanationOfBenefit?_count=50`
  while (url) {
    const res: Response = await fetch(url, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'accept-encoding': 'gzip' },
    })
    const text = await res.text()
    bodies.push(text)
    url = (JSON.parse(text) as { link: { relation: string; url: string }[] }).link.find(
      (l) => l.relation === 'next',
    )?.url
  }
  const coldMs = performance.now() - coldStart
  const bytes = bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0)

  const mapped: number[] = []
  const mappedCpu: number[] = []
  const fetchParse: number[] = []
  const fetchParseCpu: number[] = []
  const parseOnly: number[] = []
  let eobs = 0
  let peakHeap = 0
  let kinds: Record<string, number> = {}
  for (let run = 0; run < runs; run++) {
    gc()
    const start = performance.now()
    const cpuStart = process.cpuUsage()
    eobs = 0
    kinds = {}
    for await (const page of bb.explanationOfBenefitPages(tokens.accessToken)) {
      for (const resource of page.resources) {
        const kind = mapExplanationOfBenefit(resource).kind
        kinds[kind] = (kinds[kind] ?? 0) + 1
        eobs += 1
      }
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
    }
    mapped.push(performance.now() - start)
    mappedCpu.push(cpuMs(process.cpuUsage(cpuStart)))

    gc()
    const fpStart = performance.now()
    const fpCpuStart = process.cpuUsage()
    let next: string | undefined = `${sandbox.url}/v2/fhir/ExplanationOfBenefit?_count=50`
    while (next) {
      const res: Response = await fetch(next, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'accept-encoding': 'gzip' },
      })
      next = (JSON.parse(await res.text()) as { link: { relation: string; url: string }[] }).link.find(
        (l) => l.relation === 'next',
      )?.url
    }
    fetchParse.push(performance.now() - fpStart)
    fetchParseCpu.push(cpuMs(process.cpuUsage(fpCpuStart)))

    const parseStart = performance.now()
    for (const body of bodies) JSON.parse(body)
    parseOnly.push(performance.now() - parseStart)
  }
  const rate = (ms: number): string => ((eobs / ms) * 1000).toFixed(0)
  const result = {
    eobs,
    pages: bodies.length,
    payloadMiB: mb(bytes),
    kinds,
    coldFirstPassMs: Math.round(coldMs),
    fetchAndMapMs: Math.round(median(mapped)),
    fetchAndMapEobsPerSec: rate(median(mapped)),
    fetchAndMapClientCpuMs: Math.round(median(mappedCpu)),
    fetchAndMapEobsPerClientCpuSec: rate(median(mappedCpu)),
    fetchAndParseMs: Math.round(median(fetchParse)),
    fetchAndParseClientCpuMs: Math.round(median(fetchParseCpu)),
    fetchAndParseEobsPerSec: rate(median(fetchParse)),
    jsonParseOnlyMs: Math.round(median(parseOnly)),
    jsonParseOnlyEobsPerSec: rate(median(parseOnly)),
    peakHeapUsedMiB: mb(peakHeap),
    peakRssMiB: mb(process.resourceUsage().maxRSS * 1024),
    runs,
  }
  console.log(JSON.stringify(result, null, 2))
  sandbox.child?.kill('SIGTERM')
}

await main()
