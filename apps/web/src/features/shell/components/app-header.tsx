import { type User } from '@blueconsent/contract/auth'
import { PRODUCT_NAME } from '@blueconsent/contract/shared'
import { Link, NavLink } from 'react-router'
import { paths } from '@/app/paths.ts'
import { matchesExactly, navItemsFor } from './nav-items.ts'
import { useDismissableMenu } from './use-dismissable-menu.ts'
import { UserMenu } from './user-menu.tsx'

const navClass = ({ isActive }: { isActive: boolean }) =>
  `btn btn-ghost btn-sm ${isActive ? 'btn-active' : ''}`

export function AppHeader({ user }: { user: User }) {
  const items = navItemsFor(user)
  const { open, toggle, close, containerRef, buttonRef } = useDismissableMenu<
    HTMLDivElement,
    HTMLButtonElement
  >()
  return (
    <header className="border-b border-base-300 bg-base-100">
      <div className="navbar relative mx-auto max-w-7xl gap-2 px-4" ref={containerRef}>
        <div className="flex flex-1 items-center gap-4">
          <Link to={paths.dashboard} className="text-xl font-bold">
            {PRODUCT_NAME}
          </Link>
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={matchesExactly(item, items)} className={navClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <Link to={paths.account} className="btn btn-ghost btn-sm">
          Settings
        </Link>
        <UserMenu user={user} />
        <button
          ref={buttonRef}
          type="button"
          className="btn btn-ghost btn-sm md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={toggle}
        >
          Menu
        </button>
        {open ? (
          <nav
            id="mobile-menu"
            aria-label="Mobile"
            className="absolute inset-x-0 top-16 z-30 border-b border-base-300 bg-base-100 p-4 md:hidden"
          >
            <ul className="menu w-full">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={matchesExactly(item, items)} onClick={close}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  )
}
