// /app/admin/support/:id: one support request — the message, who sent it (and their account), the replies —
// with the admin's actions: take it or hand it to another administrator, reply by email, close or reopen.
import {
  SUPPORT_INBOX_MESSAGES,
  SUPPORT_STATUS_LABELS,
  type SupportRequestDetail,
} from '@blueconsent/contract/support'
import { ROLE_LABELS, type Role } from '@blueconsent/contract/shared'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextAreaField } from '@/components/ui/text-area-field.tsx'
import { useSession } from '@/lib/session.ts'
import { useInboxAction, useSupportRequest, type InboxAction } from '../api/support-inbox-api.ts'
import { SupportStatusBadge } from '../components/support-status-badge.tsx'
import { formatWhen, inboxErrorMessage, senderLine } from '../support-inbox-model.ts'
import { SelectField } from '@/components/ui/select-field.tsx'

type Outcome = { type: 'success' | 'error'; text: string } | null

export function SupportRequestPage() {
  const { id = '' } = useParams()
  const request = useSupportRequest(id)
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Support Request</h1>
          <p className="mt-2">Read the request, take it and answer the sender by email.</p>
        </div>
        <Link className="btn btn-outline" to={paths.adminSupport}>
          Back to Support Inbox
        </Link>
      </div>
      {request.isPending ? <Spinner label="Loading the request…" /> : null}
      {request.isError ? <Alert type="error">{SUPPORT_INBOX_MESSAGES.loadFailed}</Alert> : null}
      {request.data ? <RequestDetail request={request.data} /> : null}
    </div>
  )
}

function RequestDetail({ request }: { request: SupportRequestDetail }) {
  const action = useInboxAction(request.id)
  const [outcome, setOutcome] = useState<Outcome>(null)

  async function run(step: InboxAction, done: string): Promise<boolean> {
    try {
      await action.mutateAsync(step)
      setOutcome({ type: 'success', text: done })
      return true
    } catch (error) {
      setOutcome({ type: 'error', text: inboxErrorMessage(error, 'That did not work. Please try again.') })
      return false
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div role="status" aria-live="polite">
        {outcome ? <Alert type={outcome.type}>{outcome.text}</Alert> : null}
      </div>
      <Summary request={request} />
      <section aria-labelledby="message-heading" className="card border border-base-300 bg-base-100">
        <div className="card-body">
          <h2 id="message-heading" className="card-title break-words">
            {request.subject}
          </h2>
          <p className="whitespace-pre-wrap break-words">{request.message}</p>
        </div>
      </section>
      <Thread request={request} />
      <Assign request={request} busy={action.isPending} onAssign={run} />
      {request.status === 'closed' ? (
        <div className="flex flex-col gap-2">
          <p>This request is closed. Reopen it to reply.</p>
          <div>
            <button
              type="button"
              className="btn btn-outline"
              disabled={action.isPending}
              onClick={() => void run({ kind: 'reopen' }, 'The request was reopened.')}
            >
              Reopen
            </button>
          </div>
        </div>
      ) : (
        <>
          {request.sender_email === null ? (
            <p>{SUPPORT_INBOX_MESSAGES.noReplyAddress}</p>
          ) : (
            <ReplyForm busy={action.isPending} onReply={run} />
          )}
          <div>
            <button
              type="button"
              className="btn btn-outline"
              disabled={action.isPending}
              onClick={() => void run({ kind: 'close' }, 'The request was closed.')}
            >
              Close request
            </button>
          </div>
        </>
      )}
    </div>
  )
}

function Summary({ request }: { request: SupportRequestDetail }) {
  const account = request.account
  const rows: [string, ReactNode][] = [
    ['Reference', <span className="font-mono">{request.reference}</span>],
    ['Status', <SupportStatusBadge status={request.status} />],
    ['From', senderLine(request.sender_name, request.sender_email)],
    ['Source', request.source === 'public' ? 'Public contact form (not signed in)' : 'Signed in to the app'],
    ['Organization', request.organization_name ?? 'None'],
    [
      'Account',
      account
        ? `${account.name} (${ROLE_LABELS[account.role as Role] ?? account.role}${account.is_active ? '' : ', inactive'})`
        : 'None',
    ],
    ['Received', formatWhen(request.created_at)],
    ['Answered', formatWhen(request.answered_at)],
    ['Closed', formatWhen(request.closed_at)],
    ['Assigned to', request.assignee?.name ?? 'Nobody yet'],
  ]
  return (
    <section aria-labelledby="summary-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body">
        <h2 id="summary-heading" className="card-title">
          Request
        </h2>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {account ? (
          <Link className="link" to={`${paths.adminUsers}/${account.id}`}>
            Open the sender’s account
          </Link>
        ) : null}
      </div>
    </section>
  )
}

function Thread({ request }: { request: SupportRequestDetail }) {
  return (
    <section aria-labelledby="replies-heading" className="flex flex-col gap-2">
      <h2 id="replies-heading" className="text-xl font-semibold">
        Replies
      </h2>
      {request.replies.length === 0 ? <p>No replies yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {request.replies.map((reply) => (
          <li key={reply.id} className="rounded-box border border-base-300 bg-base-100 p-3">
            <p className="text-sm">
              {reply.author_name ?? 'A former administrator'} · {formatWhen(reply.created_at)}
            </p>
            <p className="whitespace-pre-wrap break-words">{reply.body}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}

type RunProps = { busy: boolean }

function Assign({
  request,
  busy,
  onAssign,
}: RunProps & {
  request: SupportRequestDetail
  onAssign: (step: InboxAction, done: string) => Promise<boolean>
}) {
  const id = useId()
  const { user: me } = useSession()
  const [choice, setChoice] = useState(request.assignee?.id ?? '')
  const canTake = me !== null && request.assignable.some((admin) => admin.id === me.id)
  const nameOf = (adminId: string) => request.assignable.find((admin) => admin.id === adminId)?.name
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Assignment
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        {canTake && request.assignee?.id !== me.id ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => {
              setChoice(me.id)
              void onAssign({ kind: 'assign', assigneeId: me.id }, 'The request is assigned to you.')
            }}
          >
            Assign to me
          </button>
        ) : null}
        <SelectField label="Assign to" value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value="">Nobody</option>
          {request.assignable.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy || choice === (request.assignee?.id ?? '')}
          onClick={() =>
            void onAssign(
              { kind: 'assign', assigneeId: choice || null },
              choice
                ? `The request is assigned to ${nameOf(choice) ?? 'them'}.`
                : 'The request is unassigned.',
            )
          }
        >
          Save assignment
        </button>
      </div>
      <p className="text-sm">Currently: {request.assignee?.name ?? 'Nobody'}</p>
    </section>
  )
}

function ReplyForm({
  busy,
  onReply,
}: RunProps & { onReply: (step: InboxAction, done: string) => Promise<boolean> }) {
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (body.trim() === '') {
      setError(SUPPORT_INBOX_MESSAGES.replyRequired)
      return
    }
    setError(undefined)
    if (await onReply({ kind: 'reply', body }, SUPPORT_INBOX_MESSAGES.replied)) setBody('')
  }
  return (
    <form noValidate className="flex flex-col gap-2" onSubmit={(event) => void submit(event)}>
      <h2 className="text-xl font-semibold">Reply</h2>
      <TextAreaField
        label="Your reply"
        hint={`Emailed to the sender. Their request's status becomes ${SUPPORT_STATUS_LABELS.answered.toLowerCase()}.`}
        rows={6}
        value={body}
        error={error}
        onChange={(event) => setBody(event.target.value)}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Send reply
        </button>
      </div>
    </form>
  )
}
