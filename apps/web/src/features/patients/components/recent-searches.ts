// The last five patient searches, newest first. Search terms are patient names and identifiers, so they are
// kept in this tab's memory only (lib/session-memory.ts), under the signed-in user's id, and go when the
// session ends or the tab closes; nothing of them is written to browser storage.
import { PATIENT_SEARCH, STORAGE_KEYS } from '@blueconsent/contract/shared'
import { readSessionMemory, writeSessionMemory } from '@/lib/session-memory.ts'
import type { SearchMode } from '../api/patients-api.ts'

export type RecentSearch = { mode: SearchMode; term: string }

/** `recent_patient_searches:<user id>`, a key in the session's memory. */
export const recentSearchesKey = (userId: string): string => `${STORAGE_KEYS.recentPatientSearches}:${userId}`

export function readRecentSearches(userId: string): RecentSearch[] {
  const kept = readSessionMemory(recentSearchesKey(userId))
  return Array.isArray(kept) ? (kept as RecentSearch[]) : []
}

export function rememberSearch(userId: string, search: RecentSearch): RecentSearch[] {
  const others = readRecentSearches(userId).filter(
    (item) => item.mode !== search.mode || item.term !== search.term,
  )
  const next = [search, ...others].slice(0, PATIENT_SEARCH.recentSearchesKept)
  writeSessionMemory(recentSearchesKey(userId), next)
  return next
}
