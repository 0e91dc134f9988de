// The support form of /app/support and of the public contact page:
// editing → submitting → submitted, and back with 'Submit Another Request'. The submit button stays disabled
// until the form is valid; a field's own message shows once it has been left. Values are trimmed on send.
import {
  SUPPORT_HONEYPOT_FIELD,
  SUPPORT_MESSAGES,
  supportPublicRequestSchema,
  supportRequestSchema,
  type SupportResponse,
} from '@blueconsent/contract/support'
import { SUPPORT } from '@blueconsent/contract/constants'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { TextAreaField } from '@/components/ui/text-area-field.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import type { PublicSupportPayload } from '../api/support-api.ts'
import { CharacterCount } from './character-count.tsx'
import { supportFailure, type SupportFailure } from './support-failure.ts'

type Field = 'subject' | 'message' | 'name' | 'email'
type Values = Record<Field, string> & { [SUPPORT_HONEYPOT_FIELD]: string }
/** What the user typed; name and email stay null until typed, and show the signed-in sender meanwhile. */
type Typed = Omit<Values, 'name' | 'email'> & { name: string | null; email: string | null }

export type SupportFormProps = {
  /** 'public' adds name, email and the hidden honeypot (the contact page). */
  variant: 'signed-in' | 'public'
  submit: (body: PublicSupportPayload) => Promise<SupportResponse>
  /** Prefilled sender (a signed-in user on the contact page); applied while the fields are untouched. */
  sender?: { name?: string | undefined; email?: string | undefined }
}

const EMPTY: Typed = { subject: '', message: '', name: null, email: null, [SUPPORT_HONEYPOT_FIELD]: '' }
const NO_FAILURE: SupportFailure = { fields: {}, alert: null }

export function SupportForm({ variant, submit, sender }: SupportFormProps) {
  const isPublic = variant === 'public'
  const [typed, setTyped] = useState<Typed>(EMPTY)
  // The sender may arrive after the session is restored, so it is read at each render, not copied once.
  const values: Values = {
    ...typed,
    name: typed.name ?? sender?.name ?? '',
    email: typed.email ?? sender?.email ?? '',
  }
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({})
  const [failure, setFailure] = useState<SupportFailure>(NO_FAILURE)
  const [status, setStatus] = useState<'editing' | 'submitting' | 'submitted'>('editing')
  const [requestId, setRequestId] = useState('')
  const successRef = useRef<HTMLDivElement>(null)
  const subjectRef = useRef<HTMLInputElement>(null)
  const returning = useRef(false)

  useEffect(() => {
    if (status === 'submitted') successRef.current?.focus()
    if (status === 'editing' && returning.current) {
      returning.current = false
      subjectRef.current?.focus()
    }
  }, [status])

  const schema = isPublic ? supportPublicRequestSchema : supportRequestSchema
  const parsed = schema.safeParse(isPublic ? values : { subject: values.subject, message: values.message })
  const clientErrors = parsed.success ? {} : zodFieldErrors(parsed.error)
  const errorFor = (field: Field): string | undefined =>
    failure.fields[field]?.[0] ?? (touched[field] ? clientErrors[field] : undefined)

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errorFor(name),
    onChange: (event: { target: { value: string } }) => {
      setTyped((current) => ({ ...current, [name]: event.target.value }))
      // The server's word on this field no longer applies once it is edited.
      if (failure.fields[name]) {
        const { [name]: _edited, ...rest } = failure.fields
        setFailure({ ...failure, fields: rest })
      }
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  })

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!parsed.success || status === 'submitting') return
    setFailure(NO_FAILURE)
    setStatus('submitting')
    try {
      const answer = await submit(parsed.data as PublicSupportPayload)
      setRequestId(answer.request_id)
      setStatus('submitted')
    } catch (error) {
      setFailure(supportFailure(error))
      setStatus('editing')
    }
  }

  function submitAnother() {
    setTyped(EMPTY)
    setTouched({})
    setFailure(NO_FAILURE)
    setRequestId('')
    returning.current = true
    setStatus('editing')
  }

  if (status === 'submitted') {
    return (
      <div className="flex flex-col items-start gap-4">
        <div ref={successRef} tabIndex={-1} className="w-full outline-none">
          <Alert type="success">
            <p className="font-semibold">{SUPPORT_MESSAGES.submitted}</p>
            <p>
              Request ID: <strong>{requestId}</strong>
            </p>
            <p>{SUPPORT_MESSAGES.replyPromise}</p>
          </Alert>
        </div>
        <button type="button" className="btn btn-primary" onClick={submitAnother}>
          {SUPPORT_MESSAGES.submitAnother}
        </button>
      </div>
    )
  }

  const listed = Object.values(failure.fields).flat()
  const submitting = status === 'submitting'
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-busy={submitting}
      aria-label={isPublic ? 'Contact form' : 'Support request'}
      onSubmit={(event) => void onSubmit(event)}
    >
      {listed.length > 0 ? (
        <Alert type="error">
          <p className="font-semibold">{SUPPORT_MESSAGES.fixErrors}</p>
          <ul className="list-disc pl-5">
            {listed.map((message, index) => (
              <li key={`${index}-${message}`}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {failure.alert ? <Alert type="error">{failure.alert}</Alert> : null}
      {isPublic ? (
        <>
          <TextField label="Name (optional)" autoComplete="name" {...field('name')} />
          <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        </>
      ) : null}
      <TextField
        label="Subject"
        ref={subjectRef}
        required
        hint={<CharacterCount value={values.subject} max={SUPPORT.subjectMax} />}
        {...field('subject')}
      />
      <TextAreaField
        label="Message"
        rows={8}
        required
        hint={<CharacterCount value={values.message} max={SUPPORT.messageMax} />}
        {...field('message')}
      />
      {isPublic ? <Honeypot value={values[SUPPORT_HONEYPOT_FIELD]} onChange={setTyped} /> : null}
      <button type="submit" className="btn btn-primary self-start" disabled={!parsed.success || submitting}>
        {submitting ? (
          <>
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {SUPPORT_MESSAGES.submitting}
          </>
        ) : (
          SUPPORT_MESSAGES.submit
        )}
      </button>
    </form>
  )
}

/** Off screen and out of the tab order: people never fill it, form-filling bots do. */
function Honeypot({
  value,
  onChange,
}: {
  value: string
  onChange: (update: (current: Typed) => Typed) => void
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor="support-website">Website (leave this empty)</label>
      <input
        id="support-website"
        name={SUPPORT_HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) =>
          onChange((current) => ({ ...current, [SUPPORT_HONEYPOT_FIELD]: event.target.value }))
        }
      />
    </div>
  )
}
