// /app/integrations (Settings → Integrations): an organisation's admins register the third-party apps that
// may ask its members for access, see them, rotate a secret and delete one. A client secret is shown once,
// right after it is made; the server keeps only its hash.
import {
  INTEGRATION_MESSAGES,
  integrationAppCreateSchema,
  type IntegrationApp,
  type IntegrationAppCredentials,
} from '@blueconsent/contract/integrations'
import { useId, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useSession } from '@/lib/session.ts'
import { useDeleteApp, useIntegrationApps, useRegisterApp, useRotateSecret } from '../api/integrations-api.ts'
import { WebhooksSection } from './webhooks-section.tsx'
import { ACTION_FAILED, useRowAction } from './row-action.ts'

const formatDate = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' })

export function IntegrationsPage() {
  const { user } = useSession()
  const apps = useIntegrationApps()
  const [credentials, setCredentials] = useState<(IntegrationAppCredentials & { name: string }) | null>(null)
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Integrations</h1>
        <p className="mt-2">
          Apps your organization registers can ask its members for access to their BlueConsent account. Each
          member sees a consent screen naming the app and decides.
        </p>
      </div>
      {credentials ? <SecretNotice credentials={credentials} onDone={() => setCredentials(null)} /> : null}
      {user?.organization ? <RegisterAppForm onRegistered={setCredentials} /> : null}
      <section aria-labelledby="apps-heading" className="card bg-base-100 shadow">
        <div className="card-body gap-4">
          <h2 id="apps-heading" className="card-title">
            Registered apps
          </h2>
          {apps.isPending ? <Spinner label="Loading apps…" /> : null}
          {apps.isError ? <Alert type="error">The apps could not be loaded.</Alert> : null}
          {apps.data && apps.data.results.length === 0 ? <p>No apps are registered yet.</p> : null}
          {apps.data && apps.data.results.length > 0 ? (
            <ul className="flex flex-col divide-y divide-base-300" aria-label="Registered apps">
              {apps.data.results.map((app) => (
                <AppRow key={app.id} app={app} onRotated={setCredentials} />
              ))}
            </ul>
          ) : null}
        </div>
      </section>
      {user?.organization ? <WebhooksSection /> : null}
    </div>
  )
}

function SecretNotice({
  credentials,
  onDone,
}: {
  credentials: IntegrationAppCredentials & { name: string }
  onDone: () => void
}) {
  return (
    <section aria-labelledby="secret-heading" className="card border border-warning bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id="secret-heading" className="card-title">
          Credentials for {credentials.name}
        </h2>
        <Alert type="warning">{INTEGRATION_MESSAGES.secretOnce}</Alert>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-medium">Client ID</dt>
          <dd>
            <code data-testid="client-id" className="break-all">
              {credentials.client_id}
            </code>
          </dd>
          <dt className="font-medium">Client secret</dt>
          <dd>
            <code data-testid="client-secret" className="break-all">
              {credentials.client_secret}
            </code>
          </dd>
        </dl>
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
            I have copied the secret
          </button>
        </div>
      </div>
    </section>
  )
}

function RegisterAppForm({
  onRegistered,
}: {
  onRegistered: (credentials: IntegrationAppCredentials & { name: string }) => void
}) {
  const urisId = useId()
  const register = useRegisterApp()
  const [name, setName] = useState('')
  const [uris, setUris] = useState('')
  const [errors, setErrors] = useState<{ name?: string; redirect_uris?: string; form?: string }>({})

  async function submit(event: FormEvent) {
    event.preventDefault()
    const body = {
      name,
      redirect_uris: uris
        .split('\n')
        .map((uri) => uri.trim())
        .filter(Boolean),
    }
    const parsed = integrationAppCreateSchema.safeParse(body)
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((item) => item.path[0] === field)?.message
      setErrors({
        name: issue('name') ? 'Enter the app’s name.' : undefined,
        redirect_uris: issue('redirect_uris')
          ? body.redirect_uris.length === 0
            ? 'Enter at least one redirect URI.'
            : INTEGRATION_MESSAGES.redirectUriInvalid
          : undefined,
      })
      return
    }
    setErrors({})
    try {
      const credentials = await register.mutateAsync(parsed.data)
      onRegistered({ ...credentials, name: parsed.data.name })
      setName('')
      setUris('')
    } catch (error) {
      setErrors({
        form: isApiError(error) ? (error.nonFieldMessage ?? error.detail ?? ACTION_FAILED) : ACTION_FAILED,
        redirect_uris: isApiError(error) ? error.fieldMessage('redirect_uris') : undefined,
      })
    }
  }

  const urisErrorId = `${urisId}-error`
  return (
    <section aria-labelledby="register-heading" className="card bg-base-100 shadow">
      <form className="card-body gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <h2 id="register-heading" className="card-title">
          Register an app
        </h2>
        <TextField
          label="App name"
          value={name}
          maxLength={100}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={urisId} className="text-sm font-medium">
            Redirect URIs (one per line)
          </label>
          <textarea
            id={urisId}
            className={`textarea w-full ${errors.redirect_uris ? 'textarea-error' : ''}`}
            rows={3}
            value={uris}
            aria-invalid={errors.redirect_uris ? true : undefined}
            aria-describedby={errors.redirect_uris ? urisErrorId : undefined}
            onChange={(event) => setUris(event.target.value)}
          />
          <p className="text-sm">Must be https:// (http:// only for localhost). They must match exactly.</p>
          {errors.redirect_uris ? (
            <p id={urisErrorId} className="text-sm text-error">
              {errors.redirect_uris}
            </p>
          ) : null}
        </div>
        {errors.form ? <Alert type="error">{errors.form}</Alert> : null}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={register.isPending}>
            Register app
          </button>
        </div>
      </form>
    </section>
  )
}

function AppRow({
  app,
  onRotated,
}: {
  app: IntegrationApp
  onRotated: (credentials: IntegrationAppCredentials & { name: string }) => void
}) {
  const rotate = useRotateSecret()
  const remove = useDeleteApp()
  const { error, run } = useRowAction()
  const busy = rotate.isPending || remove.isPending

  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{app.name}</p>
          <p className="text-sm">
            {app.organization.name} · Client ID <code>{app.client_id}</code> · Registered{' '}
            {formatDate(app.created_at)}
          </p>
          <p className="text-sm break-all">Redirect URIs: {app.redirect_uris.join(', ')}</p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-outline btn-xs"
            aria-label={`Rotate the secret of ${app.name}`}
            disabled={busy}
            onClick={() =>
              void run(async () => onRotated({ ...(await rotate.mutateAsync(app.id)), name: app.name }))
            }
          >
            Rotate secret
          </button>
          <button
            type="button"
            className="btn btn-error btn-outline btn-xs"
            aria-label={`Delete ${app.name}`}
            disabled={busy}
            onClick={() => {
              if (window.confirm(`Delete ${app.name}? Every member who authorized it loses the connection.`))
                void run(() => remove.mutateAsync(app.id))
            }}
          >
            Delete
          </button>
        </div>
      </div>
      {error ? <Alert type="error">{error}</Alert> : null}
    </li>
  )
}
