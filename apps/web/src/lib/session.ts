// The browser session: access token in memory only, a has_session flag in
// localStorage, silent restore on load, refresh before expiry, a 30 s check, an expiring-soon signal.
import type { RefreshResponse, TinScope, User, VerifyResponse } from '@blueconsent/contract/auth'
import { SESSION, STORAGE_KEYS } from '@blueconsent/contract/constants'
import { offlineChangesKey } from './offline-changes-key.ts'
import { clearSessionMemory } from './session-memory.ts'
import { useSyncExternalStore } from 'react'
import { apiClient } from './api-client.ts'
import { isApiError } from './api-error.ts'
import { loadContract } from './contract.ts'
import { callEndpoint, callEndpointUnparsed } from './endpoints.ts'
import { LOGIN_PATH, currentPathAndQuery, navigateTo } from './navigation.ts'

export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous'
export type LogoutReason = 'session_expired'

export type SessionSnapshot = {
  status: SessionStatus
  user: User | null
  tinScope: TinScope | null
  /** The role's home page (contract roleHome), set with the user. */
  home: string | null
  expiresAt: number | null
  /** True while under SESSION.expiringWarningMs remain (the shell shows a warning). */
  expiringSoon: boolean
}

export type SessionStart = {
  access: string
  expires_in?: number | null
  user?: User | null
  tin_scope?: TinScope | null
}

export type SessionApi = {
  refresh: () => Promise<RefreshResponse>
  verify: () => Promise<VerifyResponse>
  logout: () => Promise<unknown>
}

export type SessionManagerOptions = {
  api: SessionApi
  /** `key` and `length` let the session find every user-scoped value when it ends (window.localStorage has them). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & Partial<Pick<Storage, 'key' | 'length'>>
  now?: () => number
  navigate?: (to: string) => void
}

/**
 * Tabs share the HttpOnly refresh cookie. Two tabs refreshing at the same moment would present a token the
 * other just rotated, which the server treats as theft and ends the session; the Web Locks API serialises
 * refreshes across the origin's tabs so the second one sends the already-rotated cookie.
 */
export function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  // The DOM typing nests the callback's promise; at run time the lock resolves with the task's value.
  return locks ? (locks.request('blueconsent-session-refresh', task) as unknown as Promise<T>) : task()
}

/** When to refresh: the earlier of 60 s before expiry and 75% of the lifetime. */
export function refreshDelayMs(lifetimeMs: number, elapsedMs = 0): number {
  const beforeExpiry = lifetimeMs - SESSION.refreshLeadMs
  const atFraction = lifetimeMs * SESSION.refreshAtLifetimeFraction
  return Math.max(0, Math.min(beforeExpiry, atFraction) - elapsedMs)
}

const isTransient = (error: unknown): boolean =>
  isApiError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500)

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Stored values that belonged to whoever was signed in, as `<prefix>:<user id>` or the bare prefix: older
 * clients kept the recent patient searches (patient names and identifiers) there. Nothing writes them now
 * (they live in lib/session-memory.ts); they are removed when the app loads and when a session ends, so the
 * next person at a shared workstation finds none of them.
 */
export const USER_SCOPED_STORAGE_PREFIXES: readonly string[] = [STORAGE_KEYS.recentPatientSearches]

const isUserScopedKey = (key: string): boolean =>
  USER_SCOPED_STORAGE_PREFIXES.some((prefix) => key === prefix || key.startsWith(`${prefix}:`))

const ANONYMOUS: SessionSnapshot = {
  status: 'anonymous',
  user: null,
  tinScope: null,
  home: null,
  expiresAt: null,
  expiringSoon: false,
}

/**
 * An ended session (not a sign-out) returns the user where they were after the next sign-in: the reason, and
 * `next` when they were on a page of the app.
 */
function expiryQuery(reason: LogoutReason, here: string = currentPathAndQuery()): string {
  const query = new URLSearchParams({ reason })
  if (here.startsWith('/app/') && !here.startsWith(LOGIN_PATH) && !here.startsWith('/app/logout'))
    query.set('next', here)
  return query.toString()
}

export class SessionManager {
  private readonly api: SessionApi
  private readonly storage: SessionManagerOptions['storage']
  private readonly now: () => number
  private readonly navigate: (to: string) => void
  private token: string | null = null
  private issuedAt = 0
  private lifetimeMs = 0
  private refreshTimer: ReturnType<typeof setTimeout> | null = null
  private checkTimer: ReturnType<typeof setInterval> | null = null
  private refreshing: Promise<boolean> | null = null
  private snapshot: SessionSnapshot
  private readonly listeners = new Set<() => void>()
  private readonly expiringListeners = new Set<(remainingMs: number) => void>()

  constructor(options: SessionManagerOptions) {
    this.api = options.api
    this.storage = options.storage ?? safeLocalStorage()
    this.now = options.now ?? Date.now
    this.navigate = options.navigate ?? ((to) => navigateTo(to, { replace: true }))
    this.snapshot = this.hasSessionFlag() ? { ...ANONYMOUS, status: 'restoring' } : ANONYMOUS
    this.clearUserScopedStorage()
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): SessionSnapshot => this.snapshot

  /** Raised from the periodic check while under 60 s remain. */
  onExpiring(listener: (remainingMs: number) => void): () => void {
    this.expiringListeners.add(listener)
    return () => this.expiringListeners.delete(listener)
  }

  /** The token when it is still valid (more than 5 s from expiry), else null. */
  getAccessToken(): string | null {
    return this.isTokenValid() ? this.token : null
  }

  isTokenValid(): boolean {
    return this.token !== null && this.expiresAt() - this.now() > SESSION.tokenValidMarginMs
  }

  hasSessionFlag(): boolean {
    return this.storage?.getItem(STORAGE_KEYS.hasSession) === 'true'
  }

  /**
   * After login: keep the token, set the flag, schedule refresh and checks. A login that yields no valid
   * token logs out with reason session_expired.
   */
  async start(payload: SessionStart): Promise<boolean> {
    this.setToken(payload.access, payload.expires_in)
    if (!this.isTokenValid()) {
      await this.logout('session_expired')
      return false
    }
    this.storage?.setItem(STORAGE_KEYS.hasSession, 'true')
    this.startChecks()
    if (payload.user) await this.authenticate(payload.user, payload.tin_scope ?? null)
    return true
  }

  /** Starts a session from a bare token (OAuth code exchange) and fetches who it belongs to. */
  async startAndVerify(payload: SessionStart): Promise<boolean> {
    if (!(await this.start(payload))) return false
    return this.loadUser()
  }

  /** On page load: with the flag set, refresh silently and fetch the user; otherwise stay anonymous. */
  async restore(): Promise<SessionStatus> {
    if (!this.hasSessionFlag()) {
      this.update({ ...ANONYMOUS })
      return 'anonymous'
    }
    this.update({ status: 'restoring' })
    const refreshed = await this.refresh()
    if (!refreshed) {
      this.clearLocal()
      return 'anonymous'
    }
    return (await this.loadUser()) ? 'authenticated' : 'anonymous'
  }

  /** Refreshes once (shared by concurrent callers); retries network and 5xx failures 3 times, 1 s × attempt. */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  /** Clears the local session whatever the server says, then goes to login (with ?reason= when given). */
  async logout(reason?: LogoutReason): Promise<void> {
    try {
      // Called while the token is still held, so the server knows whose session to end.
      await this.api.logout()
    } catch {
      // A failing logout call still clears the local session.
    }
    // Signing out on purpose also forgets changes still waiting for a connection: a shared computer keeps no
    // patient notes. An expired session keeps them, so the same user's next sign-in sends them.
    const userId = this.snapshot.user?.id
    if (!reason && userId) this.storage?.removeItem(offlineChangesKey(userId))
    this.clearLocal()
    this.navigate(reason ? `${LOGIN_PATH}?${expiryQuery(reason)}` : LOGIN_PATH)
  }

  /** The signed-in user changed their own details (a profile save, or its rollback): the shell follows. */
  updateUser(user: User): void {
    if (this.snapshot.status === 'authenticated' && this.snapshot.user?.id === user.id) this.update({ user })
  }

  /** A protected call failed with 401 even after a refresh: drop the session and ask for a login. */
  handleUnauthenticated(next: string = currentPathAndQuery()): void {
    this.clearLocal()
    this.navigate(`${LOGIN_PATH}?next=${encodeURIComponent(next)}`)
  }

  /** The periodic check (every 30 s): warn under 60 s, refresh or expire when the token is no longer valid. */
  check(): void {
    if (!this.token) return
    const remaining = this.expiresAt() - this.now()
    if (!this.isTokenValid()) {
      void this.refresh().then((ok) => {
        if (!ok && this.token !== null) void this.logout('session_expired')
      })
      return
    }
    const expiringSoon = remaining < SESSION.expiringWarningMs
    if (expiringSoon) for (const listener of this.expiringListeners) listener(remaining)
    if (expiringSoon !== this.snapshot.expiringSoon) this.update({ expiringSoon })
  }

  /** Stops timers and forgets everything locally, user-scoped stored values too (no navigation, no server call). */
  clearLocal(): void {
    this.token = null
    this.clearTimers()
    this.storage?.removeItem(STORAGE_KEYS.hasSession)
    this.clearUserScopedStorage()
    clearSessionMemory()
    this.update({ ...ANONYMOUS })
  }

  /** Every `<prefix>:<id>` value (whoever wrote it), or, storage that cannot list its keys, the current user's. */
  private clearUserScopedStorage(): void {
    const storage = this.storage
    if (!storage) return
    try {
      const keys: string[] = []
      if (typeof storage.key === 'function' && typeof storage.length === 'number') {
        for (let index = 0; index < storage.length; index += 1) {
          const key = storage.key(index)
          if (key !== null && isUserScopedKey(key)) keys.push(key)
        }
      } else {
        const userId = this.snapshot.user?.id
        for (const prefix of USER_SCOPED_STORAGE_PREFIXES)
          keys.push(prefix, ...(userId ? [`${prefix}:${userId}`] : []))
      }
      for (const key of keys) storage.removeItem(key)
    } catch {
      // Blocked storage: nothing was kept there either.
    }
  }

  /**
   * Reads who is signed in. Only a refusal ends the session: a check that failed on the network or was
   * aborted (the user clicked on, a redirect fired) is retried like a refresh, and if it still fails the
   * has_session flag stays, so the next page load restores the session instead of asking for a login.
   */
  private async loadUser(): Promise<boolean> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const who = await this.api.verify()
        await this.authenticate(who.user, who.tin_scope)
        return true
      } catch (error) {
        if (isTransient(error) && attempt < SESSION.refreshRetryAttempts) {
          await sleep(SESSION.refreshRetryDelayMs * (attempt + 1))
          continue
        }
        if (isTransient(error)) this.update({ ...ANONYMOUS })
        else this.clearLocal()
        return false
      }
    }
  }

  private async authenticate(user: User, tinScope: TinScope | null): Promise<void> {
    const { roleHome } = await loadContract()
    this.update({ status: 'authenticated', user, tinScope, home: roleHome(user.role) })
  }

  private async runRefresh(): Promise<boolean> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await acrossTabs(() => this.api.refresh())
        this.setToken(response.access, response.expires_in)
        this.storage?.setItem(STORAGE_KEYS.hasSession, 'true')
        this.update({ expiringSoon: false })
        this.startChecks()
        return true
      } catch (error) {
        if (!isTransient(error) || attempt >= SESSION.refreshRetryAttempts) return false
        await sleep(SESSION.refreshRetryDelayMs * (attempt + 1))
      }
    }
  }

  private setToken(access: string, expiresInSeconds: number | null | undefined): void {
    this.token = access
    this.issuedAt = this.now()
    this.lifetimeMs =
      expiresInSeconds && expiresInSeconds > 0 ? expiresInSeconds * 1000 : SESSION.defaultTokenLifetimeMs
    this.update({ expiresAt: this.expiresAt() })
    this.scheduleRefresh()
  }

  private expiresAt(): number {
    return this.issuedAt + this.lifetimeMs
  }

  private scheduleRefresh(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer)
    const delay = refreshDelayMs(this.lifetimeMs, this.now() - this.issuedAt)
    this.refreshTimer = setTimeout(() => {
      void this.refresh().then((ok) => {
        // A refused refresh (401) ends the session; transient failures leave it to the periodic check.
        if (!ok && !this.isTokenValid() && this.token !== null) void this.logout('session_expired')
      })
    }, delay)
  }

  private startChecks(): void {
    if (this.checkTimer) return
    this.checkTimer = setInterval(() => this.check(), SESSION.checkIntervalMs)
  }

  private clearTimers(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer)
    if (this.checkTimer) clearInterval(this.checkTimer)
    this.refreshTimer = null
    this.checkTimer = null
  }

  private update(patch: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch }
    for (const listener of this.listeners) listener()
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** The session calls themselves: refresh reads the HttpOnly cookie, so it carries no bearer. */
export const sessionApi: SessionApi = {
  refresh: () => callEndpoint('auth.refresh'),
  verify: () => callEndpoint('auth.verify'),
  // Never refreshes on 401: signing out must not loop back to a sign-in redirect.
  logout: () => callEndpointUnparsed('auth.logout', { skipRefresh: true }),
}

export const session = new SessionManager({ api: sessionApi })

apiClient.setAuth({
  getAccessToken: () => session.getAccessToken(),
  refresh: () => session.refresh(),
  onUnauthenticated: () => session.handleUnauthenticated(),
})
// Signed out, the tab keeps no answer of the last user's (the client keeps GET bodies to revalidate them).
session.subscribe(() => {
  if (session.getSnapshot().user === null) apiClient.forgetKeptAnswers()
})

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot)
}
