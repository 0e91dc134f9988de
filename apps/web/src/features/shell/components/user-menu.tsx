import type { User } from '@blueconsent/contract/auth'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { ThemeSelect } from '@/components/ui/theme-select.tsx'
import { saveAccountPreferences } from '@/lib/preferences.ts'
import { rolePagesFor } from './nav-items.ts'
import { useDismissableMenu } from './use-dismissable-menu.ts'
import { displayFirstName, roleLabel, userInitials } from '@/lib/user-display.ts'

/** The account button: initials, first name and role label; opens theme choice, password change and Logout. */
export function UserMenu({ user }: { user: User }) {
  const { open, toggle, close, containerRef, buttonRef } = useDismissableMenu<
    HTMLDivElement,
    HTMLButtonElement
  >()
  const name = displayFirstName(user)
  const label = roleLabel(user.role)
  return (
    <div className="relative" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost gap-2 px-2"
        aria-expanded={open}
        aria-controls="user-menu-panel"
        aria-label={`Account menu for ${name}`}
        onClick={toggle}
      >
        <span
          className="flex h-8 w-8 items-center justify-center rounded-full bg-neutral text-sm font-semibold text-neutral-content"
          aria-hidden="true"
        >
          {userInitials(user)}
        </span>
        <span className="hidden flex-col items-start text-left sm:flex" aria-hidden="true">
          <span className="text-sm font-semibold">{name}</span>
          <span className="text-xs">{label}</span>
        </span>
      </button>
      {open ? (
        <div
          id="user-menu-panel"
          className="absolute right-0 z-40 mt-2 w-64 rounded-box bg-base-100 p-4 shadow-lg"
        >
          <p className="font-semibold">{user.full_name || name}</p>
          <p className="text-sm break-all">{user.email}</p>
          <p className="text-sm">{label}</p>
          <div className="my-3">
            <ThemeSelect
              onChosen={(theme) => {
                // Best effort from the menu: the theme already applies here; the Preferences tab reports failures.
                saveAccountPreferences({ theme }).catch(() => undefined)
              }}
            />
          </div>
          <ul className="menu w-full p-0">
            {rolePagesFor(user).map((item) => (
              <li key={item.to}>
                <Link to={item.to} onClick={close}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.profile} onClick={close}>
                Profile
              </Link>
            </li>
            <li>
              <Link to={paths.changePassword} onClick={close}>
                Change password
              </Link>
            </li>
            <li>
              <Link to={paths.logout} onClick={close}>
                Logout
              </Link>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  )
}
