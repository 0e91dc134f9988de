import { createBrowserRouter } from 'react-router'
import { setNavigator } from '../lib/navigation.ts'
import { routes } from './route-table.tsx'

export const router = createBrowserRouter(routes)

// Session expiry and 401 redirects navigate through the router instead of reloading the page.
setNavigator((to, options) => void router.navigate(to, options))
