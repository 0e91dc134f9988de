// Invite one person, or several at once: the role the inviter may grant, the TINs for roles limited to
// TINs (admins get every active TIN, and the form says so), and for the platform admin the organisation.
import {
  INVITE_ROLE_LABELS,
  INVITATION_MESSAGES,
  bulkEmailError,
  grantableRoles,
  loginLinkOf,
  needsTinSelection,
  splitEmails,
  type InvitationBulkResult,
} from '@blueconsent/contract/invitations'
import { isAdminRole, type Role } from '@blueconsent/contract/shared'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { SelectField } from '@/components/ui/select-field.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { isApiError } from '@/lib/api-error.ts'
import {
  useBulkInvitations,
  useOrganizationOptions,
  useSendInvitation,
  useTinCatalog,
} from '../api/invitations-api.ts'

/** How long a success stays on screen before the form resets and the list returns. */
export const INVITE_RESET_MS = 2_000

type InviteFormProps = { inviterRole: Role; mode: 'single' | 'bulk'; onSent: () => void }
type Outcome = {
  kind: 'success'
  text: string
  loginUrl?: string
  failures?: InvitationBulkResult['results']
}

export function InviteForm({ inviterRole, mode, onSent }: InviteFormProps) {
  const emailId = useId()
  const roles = grantableRoles(inviterRole)
  const [emailText, setEmailText] = useState('')
  const [role, setRole] = useState<Role | ''>('')
  const [tinIds, setTinIds] = useState<string[]>([])
  const [organizationId, setOrganizationId] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const send = useSendInvitation()
  const bulk = useBulkInvitations()
  const pickOrganization = inviterRole === 'ADMIN'
  const scoped = role !== '' && needsTinSelection(role)

  useEffect(() => {
    if (outcome === null) return
    const timer = setTimeout(() => {
      setOutcome(null)
      setEmailText('')
      setRole('')
      setTinIds([])
      onSent()
    }, INVITE_RESET_MS)
    return () => clearTimeout(timer)
  }, [outcome, onSent])

  function check(): Record<string, string> {
    const found: Record<string, string> = {}
    if (mode === 'single') {
      const email = emailText.trim()
      if (!email) found.email = INVITATION_MESSAGES.emailRequired
      else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) found.email = INVITATION_MESSAGES.emailInvalid
    } else {
      const bad = bulkEmailError(splitEmails(emailText))
      if (bad) found.emails = bad
    }
    if (!role) found.role = INVITATION_MESSAGES.roleRequired
    if (scoped && tinIds.length === 0) found.tin_ids = INVITATION_MESSAGES.selectTin
    return found
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = check()
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length > 0 || role === '') return
    const scope = {
      role,
      tin_ids: scoped ? tinIds : [],
      ...(pickOrganization && organizationId ? { organization_id: organizationId } : {}),
    }
    try {
      if (mode === 'single') {
        const sent = await send.mutateAsync({ email: emailText.trim(), ...scope })
        setOutcome({ kind: 'success', text: sent.detail, loginUrl: loginLinkOf(sent) })
      } else {
        const sent = await bulk.mutateAsync({ emails: splitEmails(emailText), ...scope })
        setOutcome({
          kind: 'success',
          text: sent.detail,
          failures: sent.results.filter((result) => !result.sent),
        })
      }
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null
      if (fields && Object.keys(fields).length > 0) {
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? ''])),
        )
      } else {
        const detail = isApiError(error) ? error.detail : null
        setFailure(
          detail || (mode === 'single' ? INVITATION_MESSAGES.sendFailed : INVITATION_MESSAGES.bulkFailed),
        )
      }
    }
  }

  const busy = send.isPending || bulk.isPending
  return (
    <form className="flex max-w-xl flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <div className="flex flex-col gap-1">
        <label htmlFor={emailId} className="text-sm font-medium">
          {mode === 'single' ? 'Email' : 'Email addresses, one per line or separated by commas'}
        </label>
        {mode === 'single' ? (
          <input
            id={emailId}
            type="email"
            className={`input w-full ${errors.email ? 'input-error' : ''}`}
            value={emailText}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${emailId}-error` : undefined}
            onChange={(event) => setEmailText(event.target.value)}
          />
        ) : (
          <textarea
            id={emailId}
            rows={4}
            className={`textarea w-full ${errors.emails ? 'textarea-error' : ''}`}
            value={emailText}
            aria-invalid={errors.emails ? true : undefined}
            aria-describedby={errors.emails ? `${emailId}-error` : undefined}
            onChange={(event) => setEmailText(event.target.value)}
          />
        )}
        {errors.email || errors.emails ? (
          <p id={`${emailId}-error`} className="text-sm text-error">
            {errors.email ?? errors.emails}
          </p>
        ) : null}
      </div>
      <RoleSelect
        roles={roles}
        value={role}
        error={errors.role}
        onChange={(next) => {
          setRole(next)
          // The TINs chosen belong to the role they were chosen for.
          setTinIds([])
        }}
      />
      {pickOrganization && !scoped ? (
        <OrganizationSelect value={organizationId} onChange={setOrganizationId} />
      ) : null}
      {role !== '' && isAdminRole(role) ? (
        <p className="text-sm">{INVITATION_MESSAGES.adminsGetAllTins}</p>
      ) : null}
      {scoped ? (
        <TinChoice
          organizationId={pickOrganization ? organizationId || null : null}
          selected={tinIds}
          error={errors.tin_ids}
          onChange={setTinIds}
        />
      ) : null}
      {failure ? <Alert type="error">{failure}</Alert> : null}
      {outcome ? (
        <div role="status" className="alert alert-success flex flex-col items-start">
          <p>{outcome.text}</p>
          {outcome.loginUrl ? (
            <p className="text-sm">
              They will sign in at{' '}
              <a className="link" href={outcome.loginUrl}>
                {outcome.loginUrl}
              </a>
            </p>
          ) : null}
          {outcome.failures && outcome.failures.length > 0 ? (
            <ul aria-label="Not invited" className="ml-4 list-disc text-sm">
              {outcome.failures.map((result) => (
                <li key={result.email}>
                  {result.email}: {result.error}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? 'Sending…' : mode === 'single' ? 'Send Invitation' : 'Send Invitations'}
      </button>
    </form>
  )
}

function RoleSelect({
  roles,
  value,
  error,
  onChange,
}: {
  roles: readonly Role[]
  value: Role | ''
  error: string | undefined
  onChange: (role: Role | '') => void
}) {
  return (
    <SelectField
      label="Role"
      className="w-full"
      value={value}
      error={error}
      options={[
        { value: '', label: 'Choose a role' },
        ...roles.map((role) => ({ value: role, label: INVITE_ROLE_LABELS[role] })),
      ]}
      onChange={(event) => onChange(event.target.value as Role | '')}
    />
  )
}

function OrganizationSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const organizations = useOrganizationOptions(true)
  return (
    <SelectField
      label="Organization"
      className="w-full"
      value={value}
      options={[
        { value: '', label: 'None (Independent)' },
        ...(organizations.data?.results ?? []).map((organization) => ({
          value: organization.id,
          label: organization.name,
        })),
      ]}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

function TinChoice({
  organizationId,
  selected,
  error,
  onChange,
}: {
  organizationId: string | null
  selected: string[]
  error: string | undefined
  onChange: (ids: string[]) => void
}) {
  const catalog = useTinCatalog(organizationId, true)
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id])
  if (catalog.isError) return <Alert type="error">{INVITATION_MESSAGES.tinCatalogFailed}</Alert>
  const tins = catalog.data?.results ?? []
  if (catalog.data && tins.length === 0)
    return <Alert type="warning">{INVITATION_MESSAGES.noActiveTins}</Alert>
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">TINs this person may work under</legend>
      {tins.map((tin) => (
        <label key={tin.id} className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={selected.includes(tin.id)}
            onChange={() => toggle(tin.id)}
          />
          {tin.display_name} ({tin.masked_tin})
        </label>
      ))}
      {error ? <p className="text-sm text-error">{error}</p> : null}
    </fieldset>
  )
}
