import type { DevSmsReplyResponse } from '@blueconsent/contract/dev-outbox'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { genericErrorMessage } from '@/lib/error-messages.ts'
import { replyAsPatient } from '../api/outbox-api.ts'

const QUICK_REPLIES = ['YES', 'STOP', 'HELP'] as const

const OUTCOME: Record<DevSmsReplyResponse['action'], string> = {
  opted_in: 'opted in; the link was sent',
  opted_out: 'opted out; the request was denied',
  help: 'help text sent',
  ignored: 'not a keyword; nothing happened',
}

export function describeReply(body: string, result: DevSmsReplyResponse): string {
  const requests = result.requests === 1 ? '1 request' : `${result.requests} requests`
  return result.action === 'ignored'
    ? `Replied “${body}”: ${OUTCOME.ignored}.`
    : `Replied “${body}”: ${OUTCOME[result.action]} (${requests}).`
}

/** Demo only: answers an SMS as the patient would from their phone (YES, STOP, HELP or any text). */
export function SmsReply({ messageId }: { messageId: string }) {
  const queryClient = useQueryClient()
  const inputId = useId()
  const [text, setText] = useState('')
  const reply = useMutation({
    mutationFn: (body: string) => replyAsPatient({ message_id: messageId, body }),
    onSuccess: async () => {
      setText('')
      await queryClient.invalidateQueries({ queryKey: ['dev-outbox'] })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim()) reply.mutate(text.trim())
  }
  return (
    <section
      className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
      aria-label="Reply as patient"
    >
      <h3 className="font-semibold">Reply as patient</h3>
      <div className="flex flex-wrap gap-2">
        {QUICK_REPLIES.map((word) => (
          <button
            key={word}
            type="button"
            className="btn btn-sm"
            disabled={reply.isPending}
            onClick={() => reply.mutate(word)}
          >
            {word}
          </button>
        ))}
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm">
            Other reply
          </label>
          <input
            id={inputId}
            className="input input-sm"
            value={text}
            maxLength={320}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className="btn btn-sm btn-primary"
          disabled={reply.isPending || text.trim() === ''}
        >
          Send reply
        </button>
      </form>
      <p role="status" className="text-sm">
        {reply.isSuccess ? describeReply(reply.variables, reply.data) : null}
      </p>
      {reply.isError ? (
        <p role="alert" className="text-sm text-error">
          {genericErrorMessage(reply.error)}
        </p>
      ) : null}
    </section>
  )
}
