// /app/admin/users/:id: one user's profile, access (role, groups, TIN scope), two-factor state, sessions,
// sign-ins and recent activity, with the admin's actions. Each action is confirmed first and says how it went.
import { ADMIN_MESSAGES, assignableRoles, type AdminUserDetail } from '@blueconsent/contract/admin'
import { AUDIT_ACTION_LABELS } from '@blueconsent/contract/audit'
import { ADMIN_GROUPS, ROLE_LABELS, type Role } from '@blueconsent/contract/shared'
import { useId, useState } from 'react'
import { Link, useParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { actionErrorMessage, formatDateTime } from '../admin-model.ts'
import { useAdminUser, useUserAction, type UserAction } from '../api/admin-api.ts'
import { AdminPageHeader } from '../components/admin-page-header.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'

type Pending = { action: UserAction; title: string; text: string; confirm: string; done: string }
type Outcome = { type: 'success' | 'error'; text: string } | null

export function AdminUserPage() {
  const { id = '' } = useParams()
  const user = useAdminUser(id)
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="User Details" intro="Access, sessions and recent activity of one user." />
      <Link className="link" to={paths.adminUsers}>
        All users
      </Link>
      {user.isPending ? <Spinner label="Loading the user…" /> : null}
      {user.isError ? <Alert type="error">{ADMIN_MESSAGES.loadFailed}</Alert> : null}
      {user.data ? <UserDetail user={user.data} /> : null}
    </div>
  )
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  const action = useUserAction(user.id)
  const [pending, setPending] = useState<Pending | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email

  async function run(step: Pending) {
    try {
      const result = await action.mutateAsync(step.action)
      const detail = (result as { detail?: unknown } | undefined)?.detail
      setOutcome({ type: 'success', text: typeof detail === 'string' ? detail : step.done })
    } catch (error) {
      setOutcome({ type: 'error', text: actionErrorMessage(error, 'That did not work. Please try again.') })
    } finally {
      setPending(null)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div role="status" aria-live="polite">
        {outcome ? <Alert type={outcome.type}>{outcome.text}</Alert> : null}
      </div>
      <Profile user={user} name={name} />
      <Actions user={user} name={name} onAsk={setPending} />
      <RoleForm user={user} onAsk={setPending} />
      <GroupsForm user={user} onAsk={setPending} />
      <Activity user={user} />
      {pending ? (
        <ConfirmDialog
          title={pending.title}
          confirmLabel={pending.confirm}
          busy={action.isPending}
          onConfirm={() => void run(pending)}
          onCancel={() => setPending(null)}
        >
          <p>{pending.text}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}

function Profile({ user, name }: { user: AdminUserDetail; name: string }) {
  const rows: [string, string][] = [
    ['Name', name],
    ['Email', user.email],
    ['Role', ROLE_LABELS[user.role]],
    ['Organization', user.organization_name ?? 'None'],
    ['Status', user.is_active ? 'Active' : 'Inactive'],
    ['Email verified', user.email_verified ? 'Yes' : 'No'],
    ['Two-factor authentication', user.two_factor_enabled ? 'On' : 'Off'],
    ['Platform administrator', user.is_superuser ? 'Yes' : 'No'],
    ['Joined', formatDateTime(user.date_joined)],
    ['Last sign-in', formatDateTime(user.last_login_at)],
    [
      'TIN scope',
      user.all_tins
        ? 'All TINs'
        : user.tins.map((tin) => `${tin.provider_org_name} (${tin.masked_value})`).join(', ') || 'None',
    ],
  ]
  return (
    <section aria-labelledby="profile-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body">
        <h2 id="profile-heading" className="card-title">
          Profile
        </h2>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}

type AskProps = { user: AdminUserDetail; onAsk: (pending: Pending) => void }

function Actions({ user, name, onAsk }: AskProps & { name: string }) {
  return (
    <section aria-labelledby="actions-heading" className="flex flex-col gap-2">
      <h2 id="actions-heading" className="text-xl font-semibold">
        Actions
      </h2>
      <div className="flex flex-wrap gap-2">
        {user.is_active ? (
          <button
            type="button"
            className="btn btn-error"
            onClick={() =>
              onAsk({
                action: { kind: 'deactivate' },
                title: 'Deactivate user',
                text: `${name} will be signed out everywhere at once and cannot sign in until reactivated.`,
                confirm: 'Deactivate',
                done: ADMIN_MESSAGES.deactivated,
              })
            }
          >
            Deactivate
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              onAsk({
                action: { kind: 'reactivate' },
                title: 'Reactivate user',
                text: `${name} will be able to sign in again.`,
                confirm: 'Reactivate',
                done: ADMIN_MESSAGES.reactivated,
              })
            }
          >
            Reactivate
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline"
          disabled={!user.is_active}
          onClick={() =>
            onAsk({
              action: { kind: 'password-reset' },
              title: 'Send password reset link',
              text: `A link to choose a new password will be emailed to ${user.email}.`,
              confirm: 'Send link',
              done: ADMIN_MESSAGES.resetSent,
            })
          }
        >
          Send password reset link
        </button>
        {!user.email_verified ? (
          <button
            type="button"
            className="btn btn-outline"
            disabled={!user.is_active}
            onClick={() =>
              onAsk({
                action: { kind: 'verification' },
                title: 'Resend verification',
                text: `A new verification link will be emailed to ${user.email}.`,
                confirm: 'Resend',
                done: ADMIN_MESSAGES.verificationSent,
              })
            }
          >
            Resend verification
          </button>
        ) : null}
      </div>
    </section>
  )
}

function RoleForm({ user, onAsk }: AskProps) {
  const id = useId()
  const { user: me } = useSession()
  const roles = assignableRoles(user.organization_type, me?.is_superuser ?? false)
  const [role, setRole] = useState<Role>(user.role)
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Role
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="New role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {(roles.includes(user.role) ? roles : [user.role, ...roles]).map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="btn btn-outline"
          disabled={role === user.role}
          onClick={() =>
            onAsk({
              action: { kind: 'role', role },
              title: 'Change role',
              text: `Change the role from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]}? It takes effect on their next request.`,
              confirm: 'Change role',
              done: 'The role was changed.',
            })
          }
        >
          Change role
        </button>
      </div>
    </section>
  )
}

function GroupsForm({ user, onAsk }: AskProps) {
  const { user: me } = useSession()
  const [groups, setGroups] = useState<string[]>(user.groups)
  const toggle = (name: string, on: boolean) =>
    setGroups((current) => (on ? [...current, name] : current.filter((group) => group !== name)))
  const changed = [...groups].sort().join() !== [...user.groups].sort().join()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-xl font-semibold">Groups</legend>
      {ADMIN_GROUPS.map((name) => (
        <label key={name} className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={groups.includes(name)}
            // Only a platform administrator grants or removes the Admin group.
            disabled={name === 'Admin' && !me?.is_superuser}
            onChange={(event) => toggle(name, event.target.checked)}
          />
          {name}
        </label>
      ))}
      <div>
        <button
          type="button"
          className="btn btn-outline"
          disabled={!changed}
          onClick={() =>
            onAsk({
              action: {
                kind: 'groups',
                body: { groups: ADMIN_GROUPS.filter((name) => groups.includes(name)) },
              },
              title: 'Change groups',
              text: `Groups after the change: ${groups.join(', ') || 'none'}.`,
              confirm: 'Save groups',
              done: 'The groups were changed.',
            })
          }
        >
          Save groups
        </button>
      </div>
    </fieldset>
  )
}

const actionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action.replace(/[._]/g, ' ')

function Activity({ user }: { user: AdminUserDetail }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-xl font-semibold">
          Active sessions
        </h2>
        {user.active_sessions.length === 0 ? <p>No active sessions.</p> : null}
        <ul className="flex flex-col gap-1">
          {user.active_sessions.map((session) => (
            <li key={session.id}>
              {formatDateTime(session.started_at)} · {session.user_agent ?? 'Unknown browser'}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="signins-heading">
        <h2 id="signins-heading" className="text-xl font-semibold">
          Recent sign-ins
        </h2>
        {user.recent_sign_ins.length === 0 ? <p>No sign-ins recorded.</p> : null}
        <ul className="flex flex-col gap-1">
          {user.recent_sign_ins.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              {formatDateTime(entry.at)}
              {entry.ip_address ? ` from ${entry.ip_address}` : ''}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="trail-heading">
        <h2 id="trail-heading" className="text-xl font-semibold">
          Recent activity
        </h2>
        {user.recent_activity.length === 0 ? <p>No recent activity.</p> : null}
        <ul className="flex flex-col gap-1">
          {user.recent_activity.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              {formatDateTime(entry.at)}: {actionLabel(entry.action)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
