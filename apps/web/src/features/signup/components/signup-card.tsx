import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'

/** The sign-up pages' frame: outside the app's shell, with the way back to sign-in always there. */
export function SignupCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-base-200 px-4 py-10">
      <div className="card w-full max-w-xl bg-base-100 shadow">
        <div className="card-body gap-4">
          <p className="text-sm font-semibold tracking-wide">BlueConsent</p>
          <h1 className="text-2xl font-bold">{title}</h1>
          {children}
          <p className="text-sm">
            Already have an account?{' '}
            <Link className="link" to={paths.login}>
              Sign in
            </Link>
          </p>
        </div>
      </div>
    </main>
  )
}
