// One API process: listens, prints where to go, and shuts down cleanly (in-flight requests finish, jobs stop,
// DB closes). server.ts runs it directly, or once in each worker of a cluster.
import { buildApp } from './app.ts'
import type { AppConfig } from './platform/config.ts'
import { DataDirInUseError } from './platform/db/data-dir-lock.ts'
import { startMetricsServer } from './platform/http/metrics.ts'
import { flushTracing } from './platform/telemetry/active.ts'
import { DEMO_PASSWORD, DEMO_USERS } from './features/demo-data/index.ts'
import { seedDemoData, shouldSeedDemoData } from './features/demo-data/index.ts'

export async function serve(config: AppConfig, options: { banner: boolean }): Promise<void> {
  const app = await buildApp(config).catch((error: unknown) => {
    // A second process on the embedded database: say so plainly, without a stack trace.
    if (!(error instanceof DataDirInUseError)) throw error
    process.stderr.write(`\nBlueConsent cannot start: ${error.message}\n\n`)
    process.exit(1)
  })

  const metrics = config.metricsPort
    ? await startMetricsServer(app.metrics, {
        port: config.metricsPort,
        host: config.host,
        token: config.metricsToken,
      })
    : null
  let closing = false
  async function shutdown(signal: string): Promise<void> {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    try {
      metrics?.close()
      await app.close()
      // process.exit skips 'beforeExit': the spans of the requests that just drained go out first.
      await flushTracing()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })

  const banner = () => {
    if (options.banner) printBanner(config)
  }
  // Demo patients go through the real consent → pull path, which takes a little while: in the background,
  // after the server answers, so a first start is usable at once (the portal fills in as pulls finish).
  if (shouldSeedDemoData(app.ctx)) {
    void app.ctx.startup
      .run('demo data', () => seedDemoData(app))
      .catch((error: unknown) => app.log.error({ err: error }, 'demo data: seeding stopped'))
      .finally(banner)
  } else {
    banner()
  }
}

/** Where to go and how to sign in; printed once the portal is ready, so start-up logs do not bury it. */
function printBanner(config: AppConfig): void {
  const lines = [
    `BlueConsent portal: ${config.publicUrl}/app/login`,
    `API docs: ${config.publicUrl}/api/docs`,
  ]
  if (config.demoSeed) {
    lines.push(`Demo password for every account: ${DEMO_PASSWORD}`)
    for (const user of DEMO_USERS) lines.push(`  ${user.role.padEnd(16)} ${user.email}`)
  }
  if (config.bluebutton.embeddedSandbox) {
    lines.push(
      'Medicare sandbox logins for patients: BBUser00000 / PW00000! (BBUser + 5 digits, PW + same digits + !)',
      '  Make the request out to the name and birth date Medicare holds for the login (README, "Run it"),',
      '  e.g. Dorothy Harris, 1955-06-06 for BBUser00005 / PW00005!; another name is held for identity review.',
    )
  }
  if (config.devTools) {
    const reach = config.devToolsRemote ? 'open to every client (DEV_TOOLS_REMOTE)' : 'from this machine only'
    lines.push(`Dev outbox (emails and texts the demo "sent"), ${reach}: ${config.publicUrl}/dev/outbox`)
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`)
}
