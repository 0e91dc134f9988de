// Every route of this release. Pages load lazily so the login route stays small.
import { Navigate, type RouteObject } from 'react-router'
import { Spinner } from '../components/ui/spinner.tsx'
import { ROLE_DASHBOARD_REDIRECTS, paths } from './paths.ts'
import { RootLayout } from './routes/root-layout.tsx'
import { RouteError } from './routes/route-error.tsx'

const guards = () => import('../features/auth/components/route-guards.tsx')
const guestOnly = () => import('../features/auth/components/guest-only.tsx')
const layouts = () => import('./routes/layout-routes.tsx')
const authorizationGuard = () =>
  import('../features/authorization-requests/components/require-patient-search.tsx')
const patientGuard = () => import('../features/patients/components/require-patient-access.tsx')
const requestAuthorizationPage = async () =>
  (await import('../features/authorization-requests/pages/request-authorization-page.tsx'))
    .RequestAuthorizationPage

const page = (title: string, path: string, load: () => Promise<RouteObject['Component']>): RouteObject => ({
  path,
  handle: { title },
  lazy: async () => ({ Component: await load() }),
})

const redirectTo = (path: string, to: string): RouteObject => ({
  path,
  element: <Navigate to={to} replace />,
})

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Spinner />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      redirectTo(paths.app, paths.login),
      ...ROLE_DASHBOARD_REDIRECTS.map((path) => redirectTo(path, paths.dashboard)),
      {
        lazy: async () => ({ Component: (await guestOnly()).GuestOnly }),
        children: [
          page('Sign in', paths.login, async () => (await import('./routes/login-route.tsx')).LoginRoute),
          page(
            'Forgot password',
            paths.forgotPassword,
            async () => (await import('../features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage,
          ),
        ],
      },
      page(
        'Reset password',
        paths.passwordReset,
        async () => (await import('../features/auth/pages/password-reset-page.tsx')).PasswordResetPage,
      ),
      page(
        'Reset password',
        paths.passwordResetConfirm,
        async () => (await import('../features/auth/pages/password-reset-page.tsx')).PasswordResetPage,
      ),
      page(
        'Completing login',
        paths.oauthCallback,
        async () => (await import('../features/auth/pages/oauth-callback-page.tsx')).OAuthCallbackPage,
      ),
      page(
        'Signing in',
        paths.oauthStart,
        async () => (await import('../features/auth/pages/oauth-start-page.tsx')).OAuthStartPage,
      ),
      page(
        'Dev outbox',
        paths.devOutbox,
        async () => (await import('./routes/outbox-route.tsx')).OutboxRoute,
      ),
      page(
        'Privacy Policy',
        paths.privacyPolicy,
        async () => (await import('../features/legal/pages/privacy-policy-page.tsx')).PrivacyPolicyPage,
      ),
      page(
        'Terms of Service',
        paths.termsOfService,
        async () => (await import('../features/legal/pages/terms-of-service-page.tsx')).TermsOfServicePage,
      ),
      page(
        'Medicare consent',
        paths.consent,
        async () => (await import('../features/consent/pages/consent-page.tsx')).ConsentPage,
      ),
      page(
        'Medicare consent',
        paths.consentComplete,
        async () => (await import('../features/consent/pages/consent-complete-page.tsx')).ConsentCompletePage,
      ),
      {
        lazy: async () => ({ Component: (await guards()).RequireAuth }),
        children: [
          {
            lazy: async () => ({ Component: (await layouts()).ShellRoute }),
            children: [
              page(
                'Dashboard',
                paths.dashboard,
                async () => (await import('../features/dashboard/pages/dashboard-page.tsx')).DashboardPage,
              ),
              page(
                'Data Access',
                paths.careManagement,
                async () => (await import('../features/dashboard/pages/data-access-page.tsx')).DataAccessPage,
              ),
              page(
                'Sign out',
                paths.logout,
                async () => (await import('../features/auth/pages/logout-page.tsx')).LogoutPage,
              ),
              page(
                'Change password',
                paths.changePassword,
                async () =>
                  (await import('../features/auth/pages/change-password-page.tsx')).ChangePasswordPage,
              ),
              page(
                'Access denied',
                paths.unauthorized,
                async () => (await import('../features/shell/pages/unauthorized-page.tsx')).UnauthorizedPage,
              ),
              {
                lazy: async () => ({
                  Component: (await import('../features/audit/components/require-admin.tsx')).RequireAdmin,
                }),
                children: [
                  page(
                    'Audit log',
                    paths.adminAudit,
                    async () => (await import('../features/audit/pages/audit-page.tsx')).AuditPage,
                  ),
                ],
              },
              {
                lazy: async () => ({ Component: (await patientGuard()).RequirePatientAccess }),
                children: [
                  page(
                    'Patients',
                    paths.authorization,
                    async () => (await import('../features/patients/pages/patients-page.tsx')).PatientsPage,
                  ),
                  page(
                    'Patients',
                    paths.patients,
                    async () =>
                      (await import('../features/patients/pages/patient-list-page.tsx')).PatientListPage,
                  ),
                  page(
                    'Patient Details',
                    paths.patientDetail,
                    async () =>
                      (await import('../features/patients/pages/patient-detail-page.tsx')).PatientDetailPage,
                  ),
                  page(
                    'Claim Details',
                    paths.claimDetail,
                    async () =>
                      (await import('../features/patients/pages/claim-detail-page.tsx')).ClaimDetailPage,
                  ),
                  page(
                    'Patient Details',
                    paths.acoPatient,
                    async () =>
                      (await import('../features/patients/pages/patient-redirect.tsx')).PatientRedirect,
                  ),
                ],
              },
              {
                lazy: async () => ({ Component: (await authorizationGuard()).RequirePatientSearch }),
                children: [
                  page('Request Patient Authorization', paths.authorizationNew, requestAuthorizationPage),
                  page(
                    'Request Patient Authorization',
                    paths.providerAuthorizationRequest,
                    requestAuthorizationPage,
                  ),
                  page(
                    'Authorization Requests',
                    paths.authorizationRequestList,
                    async () =>
                      (
                        await import('../features/authorization-requests/pages/authorization-request-list-page.tsx')
                      ).AuthorizationRequestListPage,
                  ),
                ],
              },
            ],
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await layouts()).MaybeShellRoute }),
        children: [
          page(
            'Page not found',
            '*',
            async () => (await import('../features/shell/pages/not-found-page.tsx')).NotFoundPage,
          ),
        ],
      },
    ],
  },
]
