import { defineConfig, devices } from '@playwright/test'

// Browser journeys against the real production build: one process serving the SPA, /api/ and /o/,
// on a fresh embedded database seeded with the demo personas. Chromium comes from Debian (/usr/bin/chromium).
const port = Number(process.env.E2E_PORT ?? 8123)
const baseURL = `http://localhost:${port}`
const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data'

export default defineConfig({
  testDir: './tests',
  // Timeouts catch a hung journey; they measure nothing (speed is measured in bench/). CI runs the journeys
  // beside the Vitest suites and lint on two cores, where the longest journey (a patient's whole consent at
  // Medicare, then identity review) took over four minutes and a page more than 20 s to settle.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    // CI names the slowest spec files at the end of its run from this report.
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
  use: {
    baseURL,
    // A trace records a screencast of every test to keep the failed ones: on CI's two cores that costs the
    // browser a large share of its CPU, and CI keeps no artifacts to open one with. The failure screenshot stays.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop-chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node ../apps/api/dist/server.js`,
    // Ready, not just live: the first start pulls demo patients in the background, which keeps the embedded
    // database busy; journeys start once that is done, as a load balancer would wait.
    url: `${baseURL}/api/health/ready/`,
    // A busy machine (several suites at once) may need longer: E2E_SERVER_TIMEOUT_MS.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DEV_TOOLS: 'true',
      // Each test may present its own client address so server-side per-IP lockouts stay test-local: the
      // browser is this server's one "proxy hop" and sends a single X-Forwarded-For address (fixtures.ts).
      TRUST_PROXY: '1',
      // Those presented addresses are not this machine's, so the dev tools (the outbox the journeys read
      // their links from) are opened to every client of this throwaway server on purpose.
      DEV_TOOLS_REMOTE: 'true',
      LOG_LEVEL: 'warn',
      // Anonymous calls (sign-in, the outbox polls) all come from 127.0.0.1 here; a clinic's real traffic is
      // spread over many clients, so the per-client limit is raised here rather than lowered for everyone.
      RATE_LIMIT_PER_MINUTE: '6000',
    },
  },
})
