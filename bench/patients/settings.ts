// Shared by seed.ts and measure.ts: where the benchmark database lives and the fixed bench-only secrets
// (the data is synthetic; these keys protect nothing real).

export const BENCH = {
  organizations: 20,
  encryptionKey: Buffer.alloc(32, 7).toString('base64'),
  jwtSecret: 'bench-only-jwt-secret-0123456789abcdef0123456789',
  userEmail: 'bench.admin@bench.blueconsent.test',
  userPassword: 'Bench-Password-2025',
} as const

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/bench_patients'

export const benchDatabaseUrl = (argument: string | undefined): string =>
  argument ?? DEFAULT_BENCH_DATABASE_URL
