// The last five patient searches (spec 1 §3 'Client-stored values'), newest first, kept in localStorage.
import { PATIENT_SEARCH, STORAGE_KEYS } from '@blueconsent/contract'
import { readStored, writeStored } from '../../../lib/storage.ts'
import type { SearchMode } from '../api/patients-api.ts'

export type RecentSearch = { mode: SearchMode; term: string }

const MODES: readonly SearchMode[] = ['search', 'mrn', 'medicare_number']

const isRecentSearch = (value: unknown): value is RecentSearch =>
  typeof value === 'object' &&
  value !== null &&
  MODES.includes((value as RecentSearch).mode) &&
  typeof (value as RecentSearch).term === 'string'

export function readRecentSearches(): RecentSearch[] {
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.recentPatientSearches) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isRecentSearch).slice(0, PATIENT_SEARCH.recentSearchesKept) : []
  } catch {
    // A value written by an older client or by hand: start the list afresh.
    return []
  }
}

export function rememberSearch(search: RecentSearch): RecentSearch[] {
  const others = readRecentSearches().filter((item) => item.mode !== search.mode || item.term !== search.term)
  const next = [search, ...others].slice(0, PATIENT_SEARCH.recentSearchesKept)
  writeStored(STORAGE_KEYS.recentPatientSearches, JSON.stringify(next))
  return next
}
