import { PRODUCT_NAME } from '@blueconsent/contract/constants'
import { useEffect } from 'react'
import { Outlet, useMatches } from 'react-router'

export type RouteHandle = { title?: string }

const hasTitle = (handle: unknown): handle is Required<RouteHandle> =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string'

/** Sets the browser tab title from the deepest route's handle, always naming the product. */
function useRouteTitle(): void {
  const matches = useMatches()
  const title = [...matches].reverse().find((match) => hasTitle(match.handle))?.handle as
    RouteHandle | undefined
  useEffect(() => {
    document.title = title?.title
      ? `${title.title} – ${PRODUCT_NAME}`
      : `${PRODUCT_NAME} – Medicare Blue Button consent portal`
  }, [title?.title])
}

export function RootLayout() {
  useRouteTitle()
  return <Outlet />
}
