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

/** GET /api/health/ready/: 200 once start-up work is done; 503 with Retry-After before. */
export const readinessSchema = z.object({ status: z.literal('ready') })
