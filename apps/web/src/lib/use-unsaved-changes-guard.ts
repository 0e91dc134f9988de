// Asks before leaving a form with unsaved changes: on a move inside the app (the router's blocker) and on
// closing or reloading the page (the browser's own beforeunload prompt, whose wording browsers fix).
import { useEffect } from 'react'
import { useBlocker } from 'react-router'

export function useUnsavedChangesGuard(dirty: boolean, message: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(message)) blocker.proceed()
    else blocker.reset()
  }, [blocker, message])
  useEffect(() => {
    if (!dirty) return undefined
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show a prompt only when returnValue is set.
      event.returnValue = message
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty, message])
}
