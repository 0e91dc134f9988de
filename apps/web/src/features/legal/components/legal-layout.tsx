// The frame of the public legal pages: standalone (no app shell, signed in or not), readable, with the way
// back and the other document one link away.
import { COPYRIGHT_YEAR, PRODUCT_NAME } from '@blueconsent/contract/shared'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'

export const LEGAL_UPDATED = 'November 24, 2026'
export const CONTACT_EMAIL = 'privacy@blueconsent.app'

export function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-base-200 leading-relaxed">
      <header className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-3 px-4 pt-6">
        <Link to={paths.login} className="text-xl font-bold">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Legal" className="flex gap-4">
          <Link className="link" to={paths.privacyPolicy}>
            Privacy Policy
          </Link>
          <Link className="link" to={paths.termsOfService}>
            Terms of Service
          </Link>
        </nav>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-3xl px-4 py-6">
        <article className="card bg-base-100 shadow">
          <div className="card-body gap-4 p-6 sm:p-8 [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
            <h1 className="text-3xl font-bold">{title}</h1>
            <p>Last updated {LEGAL_UPDATED}.</p>
            {children}
          </div>
        </article>
      </main>
      <footer className="mx-auto w-full max-w-3xl px-4 pb-8 text-sm">
        © {COPYRIGHT_YEAR} {PRODUCT_NAME}. Questions:{' '}
        <a className="link" href={`mailto:${CONTACT_EMAIL}`}>
          {CONTACT_EMAIL}
        </a>
      </footer>
    </div>
  )
}
