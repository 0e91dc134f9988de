// The only reader of import.meta.env (ESLint enforces it). Everything else imports `env`.
// Read by hand rather than with zod: this module is on the login route, which loads zod lazily.
const raw = import.meta.env as Record<string, unknown>

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback)

export const env = {
  // Empty means same-origin (the API serves the built app in production; Vite proxies /api and /o in dev).
  apiBaseUrl: text(raw.VITE_API_BASE_URL, '').replace(/\/+$/, ''),
  isDev: raw.DEV === true,
  mode: text(raw.MODE, 'production'),
} as const
