// Settings → Integrations, webhooks: an organisation's admins add endpoints that receive signed events, see
// each endpoint's delivery log and resend, send a test event, rotate the signing secret (shown once; the old
// one still signs for a day), disable, enable and delete.
import { scrollRegion } from '@/components/ui/scroll-region.ts'
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  webhookEndpointCreateSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@blueconsent/contract/integrations'
import { useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import {
  useAddWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks-api.ts'
import { ACTION_FAILED, useRowAction } from './row-action.ts'

type ShownSecret = { url: string; secret: string }

const formatTime = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—'

export function WebhooksSection() {
  const endpoints = useWebhookEndpoints()
  const [shown, setShown] = useState<ShownSecret | null>(null)
  return (
    <section aria-labelledby="webhooks-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h2 id="webhooks-heading" className="card-title">
          Webhooks
        </h2>
        <p>
          Your systems learn within seconds when a patient authorizes, declines or revokes, and when Medicare
          data is ready. Each event is signed (Standard Webhooks) and retried for 24 hours; events carry ids,
          never clinical data.
        </p>
        {shown ? <WebhookSecretNotice shown={shown} onDone={() => setShown(null)} /> : null}
        <AddEndpointForm onAdded={setShown} />
        {endpoints.isPending ? <Spinner label="Loading endpoints…" /> : null}
        {endpoints.isError ? <Alert type="error">The endpoints could not be loaded.</Alert> : null}
        {endpoints.data && endpoints.data.results.length === 0 ? <p>No endpoints yet.</p> : null}
        {endpoints.data && endpoints.data.results.length > 0 ? (
          <ul className="flex flex-col divide-y divide-base-300" aria-label="Webhook endpoints">
            {endpoints.data.results.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onRotated={setShown} />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}

function WebhookSecretNotice({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-box border border-warning p-4"
      role="region"
      aria-label="Signing secret"
    >
      <Alert type="warning">{WEBHOOK_MESSAGES.secretOnce}</Alert>
      <p className="break-all">
        Signing secret for <span className="font-medium">{shown.url}</span>:
      </p>
      <code data-testid="webhook-secret" className="break-all">
        {shown.secret}
      </code>
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          I have copied the secret
        </button>
      </div>
    </div>
  )
}

function AddEndpointForm({ onAdded }: { onAdded: (shown: ShownSecret) => void }) {
  const add = useAddWebhookEndpoint()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS])
  const [errors, setErrors] = useState<{ url?: string | undefined; events?: string; form?: string }>({})

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((item) => item !== event)))

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault()
    const parsed = webhookEndpointCreateSchema.safeParse({ url, events })
    if (!parsed.success) {
      const failed = (field: string) => parsed.error.issues.some((issue) => issue.path[0] === field)
      setErrors({
        ...(failed('url') ? { url: WEBHOOK_MESSAGES.urlInvalid } : {}),
        ...(failed('events') ? { events: 'Choose at least one event.' } : {}),
      })
      return
    }
    setErrors({})
    try {
      const { secret } = await add.mutateAsync(parsed.data)
      onAdded({ url: parsed.data.url, secret })
      setUrl('')
    } catch (error) {
      setErrors({
        url: isApiError(error) ? error.fieldMessage('url') : undefined,
        form: isApiError(error) ? (error.nonFieldMessage ?? error.detail ?? ACTION_FAILED) : ACTION_FAILED,
      })
    }
  }

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
      <h3 className="font-semibold">Add an endpoint</h3>
      <TextField
        label="Endpoint URL"
        type="url"
        value={url}
        placeholder="https://hooks.example.com/blueconsent"
        error={errors.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset
        className="flex flex-col gap-1"
        aria-describedby={errors.events ? 'webhook-events-error' : undefined}
      >
        <legend className="text-sm font-medium">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            <code>{event}</code> <span>{WEBHOOK_EVENT_LABELS[event]}</span>
          </label>
        ))}
        {errors.events ? (
          <p id="webhook-events-error" className="text-sm text-error">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      {errors.form && !errors.url ? <Alert type="error">{errors.form}</Alert> : null}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          Add endpoint
        </button>
      </div>
    </form>
  )
}

function EndpointRow({
  endpoint,
  onRotated,
}: {
  endpoint: WebhookEndpoint
  onRotated: (shown: ShownSecret) => void
}) {
  const update = useUpdateWebhookEndpoint()
  const rotate = useRotateWebhookSecret()
  const remove = useDeleteWebhookEndpoint()
  const test = useSendWebhookTest()
  const [showLog, setShowLog] = useState(false)
  const { error, run } = useRowAction()
  const busy = update.isPending || rotate.isPending || remove.isPending || test.isPending

  return (
    <li className="flex flex-col gap-2 py-3" aria-label={endpoint.url}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-all">{endpoint.url}</p>
          <p className="text-sm">
            {endpoint.enabled
              ? 'Enabled'
              : `Disabled${endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ''}`}{' '}
            · {endpoint.events.join(', ')}
          </p>
          {endpoint.failing_since ? (
            <p className="text-sm text-error">Failing since {formatTime(endpoint.failing_since)}</p>
          ) : null}
          {endpoint.previous_secret_expires_at ? (
            <p className="text-sm">
              The previous secret also signs until {formatTime(endpoint.previous_secret_expires_at)}.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline btn-xs"
            aria-expanded={showLog}
            onClick={() => setShowLog((open) => !open)}
          >
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-xs"
            disabled={busy || !endpoint.enabled}
            onClick={() =>
              void run(async () => {
                await test.mutateAsync(endpoint.id)
                setShowLog(true)
              })
            }
          >
            Send test event
          </button>
          <button
            type="button"
            className="btn btn-outline btn-xs"
            disabled={busy}
            onClick={() =>
              void run(async () =>
                onRotated({ url: endpoint.url, secret: (await rotate.mutateAsync(endpoint.id)).secret }),
              )
            }
          >
            Rotate secret
          </button>
          <button
            type="button"
            className="btn btn-outline btn-xs"
            disabled={busy}
            onClick={() =>
              void run(() => update.mutateAsync({ id: endpoint.id, body: { enabled: !endpoint.enabled } }))
            }
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            className="btn btn-error btn-outline btn-xs"
            disabled={busy}
            onClick={() => {
              if (window.confirm(`Delete the endpoint ${endpoint.url}? Its delivery log goes with it.`))
                void run(() => remove.mutateAsync(endpoint.id))
            }}
          >
            Delete
          </button>
        </div>
      </div>
      {error ? <Alert type="error">{error}</Alert> : null}
      {showLog ? <DeliveryLog endpoint={endpoint} /> : null}
    </li>
  )
}

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id)
  const resend = useResendWebhookDelivery()
  if (deliveries.isPending) return <Spinner label="Loading deliveries…" />
  if (deliveries.isError) return <Alert type="error">The deliveries could not be loaded.</Alert>
  if (deliveries.data.results.length === 0) return <p className="text-sm">No deliveries yet.</p>
  return (
    <div className="overflow-x-auto" {...scrollRegion(`Deliveries to ${endpoint.url}`)}>
      <table className="table table-sm">
        <caption className="text-left text-sm">Deliveries to {endpoint.url}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Response</th>
            <th scope="col">Attempts</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.results.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                <code>{delivery.event_type}</code>
              </td>
              <td>{STATUS_LABELS[delivery.status]}</td>
              <td>{delivery.response_code ?? delivery.error ?? '—'}</td>
              <td>{delivery.attempts}</td>
              <td>{formatTime(delivery.created_at)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={`Resend ${delivery.event_type} of ${formatTime(delivery.created_at)}`}
                  disabled={resend.isPending || !endpoint.enabled}
                  onClick={() => resend.mutate({ id: endpoint.id, deliveryId: delivery.id })}
                >
                  Resend
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
