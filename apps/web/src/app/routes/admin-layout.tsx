// The admin area's sub-navigation above every admin page. It lives in app/ because it links pages of several
// features (admin, audit, support).
import { NavLink, Outlet } from 'react-router'
import { paths } from '../paths.ts'

const ADMIN_LINKS: [string, string][] = [
  ['Dashboard', paths.admin],
  ['Users', paths.adminUsers],
  ['Organizations', paths.adminOrganizations],
  ['Reports', paths.adminReports],
  ['Settings', paths.adminSettings],
  ['Integrations', paths.integrations],
  ['Reference Data', paths.adminReferenceData],
  ['Support inbox', '/app/admin/support'],
  ['Audit log', paths.adminAudit],
]

export function AdminLayout() {
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Admin">
        <ul className="flex flex-wrap gap-x-4 gap-y-2 border-b border-base-300 pb-2">
          {ADMIN_LINKS.map(([label, to]) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                className={({ isActive }) => `link ${isActive ? 'font-semibold' : 'link-hover'}`}
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
