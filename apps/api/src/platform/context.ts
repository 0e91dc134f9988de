// Everything a feature needs, built once per app and passed explicitly (no globals).
import type { Redis } from 'ioredis'
import type { AppConfig } from './config.ts'
import type { Database, Db } from './db/client.ts'
import type { LoginThrottle } from './identity/lockout.ts'
import type { TokenSigner } from './identity/tokens.ts'
import type { Mailer } from './outbox/mailer.ts'
import type { JobQueue } from './jobs/queue.ts'
import type { CryptoKeys } from './lib/crypto.ts'
import type { DomainEvents } from './events/domain-events.ts'
import type { StartupTasks } from './lib/startup-tasks.ts'

export type Clock = () => Date

export type AppContext = {
  config: AppConfig
  database: Database
  db: Db
  keys: CryptoKeys
  tokens: TokenSigner
  throttle: LoginThrottle
  redis: Redis | null
  jobs: JobQueue
  mailer: Mailer
  clock: Clock
  startup: StartupTasks
  /** Lifecycle events published inside transactions; subscribed once at start-up. */
  events: DomainEvents<AppContext>
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
  }
}
