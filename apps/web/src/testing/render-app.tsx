// Renders the real route table at a URL, with a fake fetch behind the real API client and session.
import type { User } from '@blueconsent/contract/auth'
import { render, type RenderResult } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { Providers } from '../app/providers.tsx'
import { routes } from '../app/route-table.tsx'
import { setNavigator } from '../lib/navigation.ts'
import { session } from '../lib/session.ts'
import { createFakeFetch, type FakeFetch } from './fake-fetch.ts'

export type RenderedApp = RenderResult & { router: ReturnType<typeof createMemoryRouter>; fake: FakeFetch }

export async function signIn(user: User): Promise<void> {
  await session.start({
    access: 'test-access-token',
    expires_in: 900,
    user,
    tin_scope: { tin_ids: [], all_tins: true, is_aco: false },
  })
}

export function renderApp(url: string, options: { fake?: FakeFetch } = {}): RenderedApp {
  const fake = options.fake ?? createFakeFetch()
  vi.stubGlobal('fetch', fake.fetch)
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  setNavigator((to, navigateOptions) => void router.navigate(to, navigateOptions))
  const result = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...result, router, fake }
}
