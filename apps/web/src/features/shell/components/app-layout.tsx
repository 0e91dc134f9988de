import type { User } from '@blueconsent/contract/auth'
import type { ReactNode } from 'react'
import { AppHeader } from './app-header.tsx'
import { NetworkBanners } from './network-banners.tsx'
import { SessionExpiryBanner } from './session-expiry-banner.tsx'

/** The signed-in frame: skip link, header with navigation, banners, then the page in <main>. */
/** `banner` is a notice composed in by the app (e.g. an unfinished setup), shown with the network banners. */
export function AppLayout({
  user,
  children,
  banner,
}: {
  user: User
  children: ReactNode
  banner?: ReactNode
}) {
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <a
        href="#main-content"
        className="btn btn-sm absolute left-2 top-2 z-50 -translate-y-20 focus:translate-y-0"
      >
        Skip to main content
      </a>
      <AppHeader user={user} />
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-2 px-4 pt-4 empty:hidden">
        <SessionExpiryBanner />
        <NetworkBanners />
        {banner}
      </div>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none"
      >
        {children}
      </main>
    </div>
  )
}

/** The frame for pages without the shell (signed out): banners and <main> only. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <div className="mx-auto w-full max-w-3xl px-4 pt-4">
        <NetworkBanners />
      </div>
      <main
        id="main-content"
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center px-4 py-10"
      >
        {children}
      </main>
    </div>
  )
}
