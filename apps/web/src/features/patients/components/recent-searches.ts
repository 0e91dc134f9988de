// The last five patient searches, newest first, kept in localStorage under the
// signed-in user's id: search terms are patient names and identifiers, so one user of a shared workstation never
// sees another's, and the session removes them all when it ends (lib/session.ts, clearLocal).
import { PATIENT_SEARCH, STORAGE_KEYS } from '@blueconsent/contract/shared'
import { readStored, writeStored } from '../../../lib/storage.ts'
import type { SearchMode } from '../api/patients-api.ts'

export type RecentSearch = { mode: SearchMode; term: string }

const MODES: readonly SearchMode[] = ['search', 'mrn', 'medicare_number']

/** `recent_patient_searches:<user id>`; lib/session.ts removes every key with this prefix. */
export const recentSearchesKey = (userId: string): string => `${STORAGE_KEYS.recentPatientSearches}:${userId}`

const isRecentSearch = (value: unknown): value is RecentSearch =>
  typeof value === 'object' &&
  value !== null &&
  MODES.includes((value as RecentSearch).mode) &&
  typeof (value as RecentSearch).term === 'string'

export function readRecentSearches(userId: string): RecentSearch[] {
  try {
    const parsed: unknown = JSON.parse(readStored(recentSearchesKey(userId)) ?? '[]')
    return Array.isArray(parsed)
      ? parsed.filter(isRecentSearch).slice(0, PATIENT_SEARCH.recentSearchesKept)
      : []
  } catch {
    // A value written by an older client or by hand: start the list afresh.
    return []
  }
}

export function rememberSearch(userId: string, search: RecentSearch): RecentSearch[] {
  const others = readRecentSearches(userId).filter(
    (item) => item.mode !== search.mode || item.term !== search.term,
  )
  const next = [search, ...others].slice(0, PATIENT_SEARCH.recentSearchesKept)
  writeStored(recentSearchesKey(userId), JSON.stringify(next))
  return next
}
