import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers.tsx'
import { router } from './app/router.tsx'
import './index.css'
import { session } from './lib/session.ts'
import './styles/theme-contrast.css'
import { applyTheme, initialTheme } from './lib/theme.ts'

applyTheme(initialTheme())
// With the has_session flag set, refresh silently to restore the session; guards wait for it.
void session.restore()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <Providers>
    <RouterProvider router={router} />
  </Providers>,
)
