// Fixed secrets for tests only, so a template database seeded once decrypts in every test app.
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64')
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-for-hs256-0123456789'
