// The setup wizard's calls, and its copy in this browser (restored when younger than 30 days).
import {
  SETUP_PATHS,
  isProgressFresh,
  npiLookupSchema,
  setupProgressResponseSchema,
  setupStateSchema,
  type SetupState,
} from '@blueconsent/contract/setup'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient } from '../../../lib/api-client.ts'
import { readStored, writeStored } from '../../../lib/storage.ts'

export const SETUP_PROGRESS_KEY = ['setup', 'progress'] as const

export const useSetupProgress = (enabled = true) =>
  useQuery({
    queryKey: SETUP_PROGRESS_KEY,
    queryFn: ({ signal }) =>
      apiClient.get(SETUP_PATHS.progress, { schema: setupProgressResponseSchema, signal }),
    enabled,
    retry: false,
  })

export const saveSetupProgress = (state: SetupState) =>
  apiClient.put(SETUP_PATHS.progress, { state }, { schema: setupProgressResponseSchema })

export const completeSetup = (state: SetupState) =>
  apiClient.post(
    SETUP_PATHS.complete,
    { state },
    { schema: z.object({ detail: z.string(), home: z.string() }) },
  )

export const lookupNpi = (npi: string) =>
  apiClient.get(SETUP_PATHS.npiLookup(npi), { schema: npiLookupSchema })

const localKey = (userId: string) => `setup_wizard_progress:${userId}`
const storedSchema = z.object({ savedAt: z.number(), state: setupStateSchema })

export function readLocalProgress(
  userId: string,
  now = Date.now(),
): { state: SetupState; savedAt: number } | null {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(readStored(localKey(userId)) ?? 'null'))
    if (!parsed.success) return null
    if (!isProgressFresh(parsed.data.savedAt, now)) {
      writeStored(localKey(userId), null)
      return null
    }
    return parsed.data
  } catch {
    return null
  }
}

export const writeLocalProgress = (userId: string, state: SetupState | null) =>
  writeStored(localKey(userId), state ? JSON.stringify({ savedAt: Date.now(), state }) : null)
