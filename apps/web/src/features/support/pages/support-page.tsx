// /app/support: a signed-in user writes to support; the answer goes to their account's address.
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { useSession } from '@/lib/session.ts'
import { useSubmitSupport } from '../api/support-api.ts'
import { PatientDetailsNote } from '../components/patient-details-note.tsx'
import { SupportForm } from '../components/support-form.tsx'

export function SupportPage() {
  const { user } = useSession()
  const submit = useSubmitSupport()
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Contact Support</h1>
        <p>
          Tell us what went wrong or what you need.
          {user?.email ? (
            <>
              {' '}
              We will answer at <strong>{user.email}</strong>.
            </>
          ) : null}
        </p>
      </header>
      <section aria-labelledby="support-form-heading" className="card bg-base-100 shadow">
        <div className="card-body gap-4">
          <h2 id="support-form-heading" className="text-lg font-semibold">
            Your request
          </h2>
          <PatientDetailsNote />
          <SupportForm variant="signed-in" submit={(body) => submit.mutateAsync(body)} />
        </div>
      </section>
      <p className="text-sm">
        Our email address and hours are on the{' '}
        <Link className="link" to={paths.contact}>
          contact page
        </Link>
        .
      </p>
    </div>
  )
}
