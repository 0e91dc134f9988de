// The API's entry point. With PostgreSQL and WEB_CONCURRENCY above 1 (or `auto`: one per core), a primary
// process applies the migrations once, then runs that many workers sharing the port (Node's cluster module),
// replaces a worker that dies, and on SIGTERM lets every worker drain before it exits. PGlite serves one
// process only, so the embedded database always runs a single process, and says so.
import cluster from 'node:cluster'
import { loadConfig } from './platform/config.ts'
import { prepareDatabase } from './platform/db/prepare.ts'
import { serve } from './serve.ts'

const config = loadConfig()
const workers = config.database.kind === 'pglite' ? 1 : (config.workers ?? 1)

if (cluster.isPrimary && workers > 1) {
  if (config.migrateOnStart) await prepareDatabase(config.database)
  let stopping = false
  const startWorker = () => cluster.fork({ MIGRATE_ON_START: 'false' })
  for (let index = 0; index < workers; index += 1) startWorker()
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    process.stderr.write(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another\n`)
    startWorker()
  })
  const stop = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.stdout.write(
    `BlueConsent API: ${workers} workers on port ${config.port} (primary ${process.pid})\n`,
  )
} else {
  if (config.database.kind === 'pglite' && (config.workers ?? 1) > 1)
    process.stdout.write(
      'WEB_CONCURRENCY is ignored with the embedded database: PGlite serves one process.\n',
    )
  // In a cluster only the first worker prints where to go.
  await serve(config, { banner: !cluster.isWorker || cluster.worker?.id === 1 })
}
