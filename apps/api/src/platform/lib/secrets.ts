// Demo mode needs no setup: missing keys are generated once and kept beside the embedded database.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppConfig } from '../config.ts'
import { generateEncryptionKey } from './crypto.ts'

export type ResolvedSecrets = { dataEncryptionKey: string; jwtSecret: string; generated: boolean }

type StoredSecrets = { dataEncryptionKey?: string; jwtSecret?: string }

export function resolveSecrets(config: AppConfig): ResolvedSecrets {
  if (config.dataEncryptionKey && config.jwtSecret) {
    return { dataEncryptionKey: config.dataEncryptionKey, jwtSecret: config.jwtSecret, generated: false }
  }
  if (config.database.kind === 'postgres') {
    throw new Error('DATA_ENCRYPTION_KEY and JWT_SECRET are required when DATABASE_URL is set.')
  }
  const file = join(config.dataDir, 'secrets.json')
  const stored: StoredSecrets = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets)
    : {}
  const next = {
    dataEncryptionKey: config.dataEncryptionKey ?? stored.dataEncryptionKey ?? generateEncryptionKey(),
    jwtSecret: config.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
  }
  const generated = next.dataEncryptionKey !== stored.dataEncryptionKey || next.jwtSecret !== stored.jwtSecret
  if (generated) {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 })
  }
  return { ...next, generated }
}
