import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '../testing/fixtures.ts'
import { ApiError } from './api-error.ts'
import { SessionManager, refreshDelayMs, type SessionApi } from './session.ts'

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0)
const who = { user: makeUser(), tin_scope: { tin_ids: [], all_tins: true, is_aco: true } }
const serverError = () => new ApiError({ kind: 'http', status: 503 })
const refused = () => new ApiError({ kind: 'http', status: 401 })

function setup(api: Partial<SessionApi> = {}) {
  const fullApi: SessionApi = {
    refresh: vi.fn(async () => ({ access: 'refreshed', expires_in: 900 })),
    verify: vi.fn(async () => who),
    logout: vi.fn(async () => ({})),
    ...api,
  }
  const navigate = vi.fn()
  const manager = new SessionManager({ api: fullApi, storage: localStorage, navigate })
  return { manager, api: fullApi, navigate }
}

describe('refreshDelayMs', () => {
  it('is the earlier of 60 s before expiry and 75% of the lifetime', () => {
    expect(refreshDelayMs(15 * 60_000)).toBe(675_000) // 75% (675 s) beats 840 s
    expect(refreshDelayMs(120_000)).toBe(60_000) // 60 s before expiry beats 90 s
    expect(refreshDelayMs(60 * 60_000, 30 * 60_000)).toBe(15 * 60_000)
    expect(refreshDelayMs(30_000)).toBe(0)
  })
})

describe('SessionManager', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps the token in memory and only the has_session flag in storage', async () => {
    const { manager } = setup()
    await manager.start({ access: 'secret-token', expires_in: 900, user: makeUser() })
    expect(manager.getAccessToken()).toBe('secret-token')
    expect(localStorage.getItem('has_session')).toBe('true')
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token')
    expect(manager.getSnapshot()).toMatchObject({ status: 'authenticated', home: '/app/aco-dashboard' })
    manager.clearLocal()
  })

  it('refreshes at 75% of a 15-minute lifetime, not before', async () => {
    const { manager, api } = setup()
    await manager.start({ access: 'a', expires_in: 900, user: makeUser() })
    await vi.advanceTimersByTimeAsync(674_999)
    expect(api.refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(api.refresh).toHaveBeenCalledTimes(1)
    expect(manager.getAccessToken()).toBe('refreshed')
    manager.clearLocal()
  })

  it('refreshes 60 s before expiry when that comes first', async () => {
    const { manager, api } = setup()
    await manager.start({ access: 'a', expires_in: 120, user: makeUser() })
    await vi.advanceTimersByTimeAsync(59_999)
    expect(api.refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(api.refresh).toHaveBeenCalledTimes(1)
    manager.clearLocal()
  })

  it('uses a 1 hour lifetime when none is given', async () => {
    const { manager } = setup()
    await manager.start({ access: 'a', user: makeUser() })
    expect(manager.getSnapshot().expiresAt).toBe(T0 + 3_600_000)
    manager.clearLocal()
  })

  it('retries a failing refresh 3 times, 1 s × attempt apart, on 5xx', async () => {
    const refresh = vi
      .fn<SessionApi['refresh']>()
      .mockRejectedValueOnce(serverError())
      .mockRejectedValueOnce(serverError())
      .mockRejectedValueOnce(serverError())
      .mockResolvedValue({ access: 'fourth-time', expires_in: 900 })
    const { manager } = setup({ refresh })
    const result = manager.refresh()
    await vi.advanceTimersByTimeAsync(0)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(refresh).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(3000)
    expect(refresh).toHaveBeenCalledTimes(4)
    await expect(result).resolves.toBe(true)
    expect(manager.getAccessToken()).toBe('fourth-time')
    manager.clearLocal()
  })

  it('gives up after 3 retries, and does not retry a refused refresh', async () => {
    const failing = vi.fn<SessionApi['refresh']>().mockRejectedValue(serverError())
    const { manager } = setup({ refresh: failing })
    const result = manager.refresh()
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(result).resolves.toBe(false)
    expect(failing).toHaveBeenCalledTimes(4)

    const refusedRefresh = vi.fn<SessionApi['refresh']>().mockRejectedValue(refused())
    const second = setup({ refresh: refusedRefresh })
    await expect(second.manager.refresh()).resolves.toBe(false)
    expect(refusedRefresh).toHaveBeenCalledTimes(1)
  })

  it('shares one refresh between concurrent callers', async () => {
    const { manager, api } = setup()
    await Promise.all([manager.refresh(), manager.refresh(), manager.refresh()])
    expect(api.refresh).toHaveBeenCalledTimes(1)
    manager.clearLocal()
  })

  it('raises the expiring event from the 30 s check once under 60 s remain', async () => {
    // A refresh that never succeeds leaves the token to run down.
    const { manager } = setup({ refresh: vi.fn<SessionApi['refresh']>().mockRejectedValue(refused()) })
    await manager.start({ access: 'a', expires_in: 150, user: makeUser() })
    const expiring = vi.fn()
    manager.onExpiring(expiring)
    await vi.advanceTimersByTimeAsync(90_000) // checks at 30, 60, 90 s: 60 s remain, not yet "under"
    expect(expiring).not.toHaveBeenCalled()
    expect(manager.getSnapshot().expiringSoon).toBe(false)
    await vi.advanceTimersByTimeAsync(30_000) // check at 120 s: 30 s remain
    expect(expiring).toHaveBeenCalledWith(30_000)
    expect(manager.getSnapshot().expiringSoon).toBe(true)
    manager.clearLocal()
  })

  it('treats a token as valid only while more than 5 s remain', async () => {
    const { manager } = setup({ refresh: vi.fn<SessionApi['refresh']>().mockRejectedValue(refused()) })
    await manager.start({ access: 'a', expires_in: 100, user: makeUser() })
    vi.setSystemTime(T0 + 94_999)
    expect(manager.isTokenValid()).toBe(true)
    vi.setSystemTime(T0 + 95_000)
    expect(manager.isTokenValid()).toBe(false)
    expect(manager.getAccessToken()).toBeNull()
    manager.clearLocal()
  })

  it('logs out with reason session_expired when the token runs out', async () => {
    const { manager, navigate, api } = setup({
      refresh: vi.fn<SessionApi['refresh']>().mockRejectedValue(refused()),
    })
    await manager.start({ access: 'a', expires_in: 100, user: makeUser() })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(api.logout).toHaveBeenCalled()
    expect(navigate).toHaveBeenCalledWith('/app/login?reason=session_expired')
    expect(manager.getSnapshot().status).toBe('anonymous')
    expect(localStorage.getItem('has_session')).toBeNull()
  })

  it('keeps where the user was as next when the session runs out on a page of the app', async () => {
    window.history.replaceState(null, '', '/app/patients?search=garcia')
    try {
      const { manager, navigate } = setup({
        refresh: vi.fn<SessionApi['refresh']>().mockRejectedValue(refused()),
      })
      await manager.start({ access: 'a', expires_in: 100, user: makeUser() })
      await vi.advanceTimersByTimeAsync(120_000)
      expect(navigate).toHaveBeenCalledWith(
        `/app/login?reason=session_expired&next=${encodeURIComponent('/app/patients?search=garcia')}`,
      )
    } finally {
      window.history.replaceState(null, '', '/')
    }
  })

  it('clears the local session even when the logout call fails', async () => {
    const { manager, navigate } = setup({ logout: vi.fn(async () => Promise.reject(serverError())) })
    await manager.start({ access: 'a', expires_in: 900, user: makeUser() })
    await manager.logout()
    expect(manager.getAccessToken()).toBeNull()
    expect(localStorage.getItem('has_session')).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/app/login')
  })

  it("forgets every user's recent patient searches when the session ends, and nothing else", async () => {
    const { manager } = setup()
    await manager.start({ access: 'a', expires_in: 900, user: makeUser() })
    localStorage.setItem(
      `recent_patient_searches:${makeUser().id}`,
      '[{"mode":"search","term":"Maria Lopez"}]',
    )
    localStorage.setItem('recent_patient_searches:someone-else', '[{"mode":"mrn","term":"MRN-9"}]')
    localStorage.setItem(
      'recent_patient_searches',
      '[{"mode":"search","term":"shared list of an older client"}]',
    )
    localStorage.setItem('theme', 'dark')
    await manager.logout()
    expect(
      Object.keys({ ...localStorage }).filter((key) => key.startsWith('recent_patient_searches')),
    ).toEqual([])
    expect(localStorage.getItem('theme')).toBe('dark')
  })

  it('removes the recent searches older clients stored as soon as the app loads', () => {
    localStorage.setItem('recent_patient_searches:u-1', '[{"mode":"mrn","term":"MRN-9"}]')
    localStorage.setItem('recent_patient_searches', '[{"mode":"search","term":"Maria Lopez"}]')
    localStorage.setItem('theme', 'dark')
    setup()
    expect(
      Object.keys({ ...localStorage }).filter((key) => key.startsWith('recent_patient_searches')),
    ).toEqual([])
    expect(localStorage.getItem('theme')).toBe('dark')
  })

  it('forgets them when a session ends without a logout: a refused restore or a 401', async () => {
    localStorage.setItem('has_session', 'true')
    localStorage.setItem('recent_patient_searches:u-1', '[{"mode":"search","term":"Maria Lopez"}]')
    const { manager } = setup({ refresh: vi.fn<SessionApi['refresh']>().mockRejectedValue(refused()) })
    await expect(manager.restore()).resolves.toBe('anonymous')
    expect(localStorage.getItem('recent_patient_searches:u-1')).toBeNull()
    localStorage.setItem('recent_patient_searches:u-1', '[{"mode":"search","term":"Maria Lopez"}]')
    manager.handleUnauthenticated('/app/patients')
    expect(localStorage.getItem('recent_patient_searches:u-1')).toBeNull()
  })

  it("forgets the signed-in user's searches even in storage that cannot list its keys", async () => {
    const values = new Map<string, string>()
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    }
    const api: SessionApi = { refresh: vi.fn(), verify: vi.fn(), logout: vi.fn(async () => ({})) }
    const manager = new SessionManager({ api, storage, navigate: vi.fn() })
    await manager.start({ access: 'a', expires_in: 900, user: makeUser() })
    values.set(`recent_patient_searches:${makeUser().id}`, '[]')
    values.set('recent_patient_searches', '[]')
    await manager.logout()
    expect([...values.keys()]).toEqual([])
  })

  it('restores a session on load when the flag is set', async () => {
    localStorage.setItem('has_session', 'true')
    const { manager, api } = setup()
    expect(manager.getSnapshot().status).toBe('restoring')
    await expect(manager.restore()).resolves.toBe('authenticated')
    expect(api.refresh).toHaveBeenCalledTimes(1)
    expect(manager.getSnapshot().user?.email).toBe(who.user.email)
    manager.clearLocal()
  })

  it('retries a user check that an aborted page load or the network broke, and keeps the session', async () => {
    localStorage.setItem('has_session', 'true')
    const aborted = () => new ApiError({ kind: 'network', status: 0 })
    const verify = vi.fn().mockRejectedValueOnce(aborted()).mockResolvedValue(who)
    const { manager } = setup({ verify })
    const restored = manager.restore()
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(restored).resolves.toBe('authenticated')
    expect(verify).toHaveBeenCalledTimes(2)
    expect(localStorage.getItem('has_session')).toBe('true')
    manager.clearLocal()
  })

  it('keeps the has_session flag when every check fails on the network, so the next page restores', async () => {
    localStorage.setItem('has_session', 'true')
    const verify = vi.fn(async () => {
      throw new ApiError({ kind: 'network', status: 0 })
    })
    const { manager } = setup({ verify })
    const restored = manager.restore()
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(restored).resolves.toBe('anonymous')
    expect(verify).toHaveBeenCalledTimes(4)
    expect(localStorage.getItem('has_session')).toBe('true')
    localStorage.removeItem('has_session')
  })

  it('ends the session when the check is refused', async () => {
    localStorage.setItem('has_session', 'true')
    const { manager } = setup({ verify: vi.fn().mockRejectedValue(refused()) })
    await expect(manager.restore()).resolves.toBe('anonymous')
    expect(localStorage.getItem('has_session')).toBeNull()
  })

  it('stays anonymous without the flag and never calls the server', async () => {
    const { manager, api } = setup()
    await expect(manager.restore()).resolves.toBe('anonymous')
    expect(api.refresh).not.toHaveBeenCalled()
  })

  it('sends a failed protected call to login with next', () => {
    const { manager, navigate } = setup()
    manager.handleUnauthenticated('/app/dashboard?x=1')
    expect(navigate).toHaveBeenCalledWith('/app/login?next=%2Fapp%2Fdashboard%3Fx%3D1')
  })
})
