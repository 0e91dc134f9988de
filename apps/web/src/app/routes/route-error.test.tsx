import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-error.ts'
import { setNavigator, setPageReloader } from '@/lib/navigation.ts'
import { PAGE_LOAD_MESSAGES, RELOAD_AFTER_RECONNECT_MS } from './page-load-failure.tsx'
import { RouteError } from './route-error.tsx'

const reloadPage = vi.fn()
let restoreReloader: () => void = () => {}

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

beforeEach(() => {
  sessionStorage.clear()
  reloadPage.mockClear()
  restoreReloader = setPageReloader(reloadPage)
})

afterEach(() => {
  restoreReloader()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

function renderFailing(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/app/report',
        ErrorBoundary: RouteError,
        loader: () => {
          throw error
        },
        Component: () => <h1>Report</h1>,
      },
      { path: '/app/login', Component: () => <h1>Sign in</h1> },
    ],
    { initialEntries: ['/app/report'] },
  )
  setNavigator((to, options) => void router.navigate(to, options))
  render(<RouterProvider router={router} />)
  return router
}

describe('RouteError', () => {
  it('shows a recoverable error page', async () => {
    renderFailing(new Error('report failed'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument()
  })

  it('sends an authentication failure to login', async () => {
    const router = renderFailing(new ApiError({ kind: 'http', status: 401 }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'))
    expect(router.state.location.search).toMatch(/^\?next=/)
  })

  it('waits for the connection when a page’s code failed to download offline, then loads it afresh', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/patients-page.js'))
    expect(await screen.findByText(PAGE_LOAD_MESSAGES.offline)).toBeInTheDocument()
    expect(reloadPage).not.toHaveBeenCalled()
    // The page listens for 'online' from a passive effect, which a loaded machine may run after the text is
    // on screen: the event is sent again until the listener has heard it.
    await waitFor(() => {
      act(() => setOnline(true))
      expect(screen.getByText(PAGE_LOAD_MESSAGES.reconnected)).toBeInTheDocument()
    })
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), {
      timeout: RELOAD_AFTER_RECONNECT_MS * 3,
    })
  })

  it('reloads a failed download at most once a minute, then asks the user', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    sessionStorage.setItem('blueconsent.page-load-reload-at', String(Date.now()))
    renderFailing(new TypeError('error loading dynamically imported module'))
    await screen.findByRole('heading', { level: 1, name: PAGE_LOAD_MESSAGES.heading })
    await act(async () => vi.advanceTimersByTimeAsync(RELOAD_AFTER_RECONNECT_MS))
    expect(reloadPage).not.toHaveBeenCalled()
    expect(screen.getByText(PAGE_LOAD_MESSAGES.failed)).toBeInTheDocument()
  })
})
