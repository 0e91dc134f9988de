import type { ReactNode } from 'react'
import { PRODUCT_NAME } from '@blueconsent/contract/shared'

/** The centred card used by the password and OAuth pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 px-4 py-10">
      <div className="card w-full max-w-md bg-base-100 shadow">
        <div className="card-body gap-4">
          <p className="text-sm font-semibold tracking-wide">{PRODUCT_NAME}</p>
          <h1 className="text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  )
}
