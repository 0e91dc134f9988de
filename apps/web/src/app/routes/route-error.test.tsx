import { render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.ts'
import { setNavigator } from '../../lib/navigation.ts'
import { RouteError } from './route-error.tsx'

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
    renderFailing(new Error('chunk failed'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument()
  })

  it('sends an authentication failure to login', async () => {
    const router = renderFailing(new ApiError({ kind: 'http', status: 401 }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'))
    expect(router.state.location.search).toMatch(/^\?next=/)
  })
})
