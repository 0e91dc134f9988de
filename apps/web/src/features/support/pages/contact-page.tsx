// /contact and /app/contact: public and standalone (no app shell, signed in or not). The public form, how
// else to reach support, and the way back: sign in, or the dashboard when signed in.
import { COPYRIGHT_YEAR, PRODUCT_NAME, SUPPORT } from '@blueconsent/contract/constants'
import { SUPPORT_CONTACT } from '@blueconsent/contract/support'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { useSession } from '@/lib/session.ts'
import { useSubmitPublicSupport } from '../api/support-api.ts'
import { PatientDetailsNote } from '../components/patient-details-note.tsx'
import { SupportForm } from '../components/support-form.tsx'

function WayBack() {
  const { status, user, home } = useSession()
  if (status === 'restoring') return null
  if (status === 'authenticated' && user)
    return (
      <Link className="btn btn-sm btn-outline" to={home ?? paths.dashboard}>
        Back to Dashboard
      </Link>
    )
  return (
    <Link className="btn btn-sm btn-outline" to={paths.login}>
      Sign in
    </Link>
  )
}

export function ContactPage() {
  const { user } = useSession()
  const submit = useSubmitPublicSupport()
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : ''
  return (
    <div className="min-h-screen bg-base-200">
      <header className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 pt-6">
        <Link to={user ? paths.dashboard : paths.login} className="text-xl font-bold">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Contact page" className="flex flex-wrap items-center gap-3">
          <WayBack />
        </nav>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="mb-2 text-3xl font-bold">Contact Us</h1>
        <p className="mb-6">
          Questions about {PRODUCT_NAME}, your account or a patient authorization: write to us and we will
          answer by email within {SUPPORT.replyHours} hours.
        </p>
        <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
          <section aria-labelledby="contact-form-heading" className="card bg-base-100 shadow">
            <div className="card-body gap-4">
              <h2 id="contact-form-heading" className="text-xl font-semibold">
                Send us a message
              </h2>
              <PatientDetailsNote />
              <SupportForm
                variant="public"
                sender={{ name, email: user?.email }}
                submit={(body) => submit.mutateAsync(body)}
              />
            </div>
          </section>
          <aside aria-labelledby="contact-details-heading" className="card h-fit bg-base-100 shadow">
            <div className="card-body gap-3">
              <h2 id="contact-details-heading" className="text-xl font-semibold">
                Other ways to reach us
              </h2>
              <dl className="flex flex-col gap-3">
                <div>
                  <dt className="font-medium">Email</dt>
                  <dd>
                    <a className="link" href={`mailto:${SUPPORT_CONTACT.email}`}>
                      {SUPPORT_CONTACT.email}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="font-medium">Hours</dt>
                  <dd>{SUPPORT_CONTACT.hours}</dd>
                </div>
                <div>
                  <dt className="font-medium">Reply time</dt>
                  <dd>Within {SUPPORT.replyHours} hours, by email</dd>
                </div>
              </dl>
            </div>
          </aside>
        </div>
      </main>
      <footer className="mx-auto flex w-full max-w-5xl flex-wrap gap-4 px-4 pb-8 text-sm">
        <span>
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}
        </span>
        <Link className="link" to={paths.privacyPolicy}>
          Privacy Policy
        </Link>
        <Link className="link" to={paths.termsOfService}>
          Terms of Service
        </Link>
      </footer>
    </div>
  )
}
