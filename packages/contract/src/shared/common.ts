import { z } from 'zod'

export const idSchema = z.string().uuid()
export const isoDateTimeSchema = z.string()

/** Lists are `{count, next, previous, results}`. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  })
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] }

export const detailSchema = z.object({ detail: z.string() })

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
})

/** Demo stand-ins and tools a deployment switched on by name (never listed in the embedded demo). */
export const unsafeDemoFeatureSchema = z.enum([
  'stripe_standin',
  'bluebutton_sandbox',
  'dev_tools',
  'demo_seed',
])

/**
 * GET /api/health/ready/: 200 once start-up work is done; 503 with Retry-After before. A deployment running
 * any demo stand-in or tool lists them, so a monitor can alert on a production that is not one.
 */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  unsafe_demo_features: z.array(unsafeDemoFeatureSchema).optional(),
})
