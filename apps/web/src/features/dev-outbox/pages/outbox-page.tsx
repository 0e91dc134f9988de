import type { OutboxMessage } from '@blueconsent/contract/dev-outbox'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { genericErrorMessage } from '@/lib/error-messages.ts'
import { outboxQueryOptions } from '../api/outbox-api.ts'
import { SmsReply } from '../components/sms-reply.tsx'

export const DEV_TOOLS_DISABLED = 'Dev tools are disabled'

const formatTime = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US')
}

function MessageCard({ message }: { message: OutboxMessage }) {
  return (
    <li className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2">
        <h2 className="card-title text-lg">{message.subject ?? `SMS to ${message.to}`}</h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Channel</dt>
          <dd>{message.channel === 'sms' ? 'SMS' : 'Email'}</dd>
          <dt className="font-semibold">To</dt>
          <dd className="break-all">{message.to}</dd>
          <dt className="font-semibold">Time</dt>
          <dd>
            <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
          </dd>
          <dt className="font-semibold">Status</dt>
          <dd>{message.status}</dd>
        </dl>
        <pre className="whitespace-pre-wrap rounded-box bg-base-200 p-3 font-sans text-sm">
          {message.body_text}
        </pre>
        {message.links.length > 0 ? (
          <ul className="flex flex-col gap-1">
            {message.links.map((link) => (
              <li key={link}>
                <a className="link break-all" href={link}>
                  {link}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {message.channel === 'sms' ? <SmsReply messageId={message.id} /> : null}
      </div>
    </li>
  )
}

/** /dev/outbox: the messages of GET /api/dev/outbox/, newest first as the server sends them. */
export function OutboxPage() {
  const outbox = useQuery(outboxQueryOptions())
  return (
    <main
      id="main-content"
      className="mx-auto flex min-h-screen w-full max-w-4xl flex-col gap-4 bg-base-200 px-4 py-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-bold">Dev outbox</h1>
        <Link className="link" to={paths.login}>
          Back to login
        </Link>
      </div>
      {outbox.isPending ? <Spinner label="Loading messages…" /> : null}
      {outbox.isError ? (
        <Alert type={isApiError(outbox.error) && outbox.error.status === 404 ? 'info' : 'error'}>
          {isApiError(outbox.error) && outbox.error.status === 404
            ? DEV_TOOLS_DISABLED
            : genericErrorMessage(outbox.error)}
        </Alert>
      ) : null}
      {outbox.isSuccess && outbox.data.results.length === 0 ? <p>No messages yet.</p> : null}
      {outbox.isSuccess && outbox.data.results.length > 0 ? (
        <ul className="flex flex-col gap-4">
          {outbox.data.results.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
      ) : null}
    </main>
  )
}
