// Where a user's offline changes are kept; apart from offline-changes.ts so the session (loaded with the
// sign-in page) can forget them without loading the query client.
export const OFFLINE_CHANGES_PREFIX = 'blueconsent.offline-changes'
export const offlineChangesKey = (userId: string): string => `${OFFLINE_CHANGES_PREFIX}:${userId}`
