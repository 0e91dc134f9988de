import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { apiClient } from '@/lib/api-client.ts'

/**
 * A footer link to the outbox, shown only in demo mode (when GET /api/dev/outbox/ answers 200). It sits on
 * the login route, so it checks the status only: no schema, no react-query.
 */
export function OutboxLink() {
  const [available, setAvailable] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    apiClient
      .get('/api/dev/outbox/', { public: true, signal: controller.signal })
      .then(() => setAvailable(true))
      .catch(() => setAvailable(false))
    return () => controller.abort()
  }, [])
  if (!available) return null
  return (
    <Link className="link" to={paths.devOutbox}>
      Outbox
    </Link>
  )
}
