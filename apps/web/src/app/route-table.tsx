// Every route of this release. Pages load lazily so the login route stays small.
import { Navigate, type RouteObject } from 'react-router'
import type { AccessRule } from '../features/auth/components/access.ts'
import type { RouteAccessHandle } from './prefetch-routes.ts'
import { Spinner } from '../components/ui/spinner.tsx'
import { ROLE_DASHBOARD_REDIRECTS, paths } from './paths.ts'
import { RootLayout } from './routes/root-layout.tsx'
import { RouteError, ShellPageError } from './routes/route-error.tsx'

const guards = () => import('../features/auth/components/route-guards.tsx')
const guestOnly = () => import('../features/auth/components/guest-only.tsx')
const layouts = () => import('./routes/layout-routes.tsx')

/**
 * The signed-in frame's code (the sign-in guard and the shell with its network banners), fetched while someone
 * is on a guest page: a connection lost right after sign-in then still shows the shell and its offline
 * banner, with the page that could not arrive shown inside it.
 */
export const prefetchSignedInShell = async (): Promise<void> => {
  await Promise.allSettled([guards(), layouts()])
}
const authorizationGuard = () =>
  import('../features/authorization-requests/components/require-patient-search.tsx')
const patientGuard = () => import('../features/patients/components/require-patient-access.tsx')
const patientRecordRoutes = () => import('./routes/patient-record-routes.tsx')
const requestAuthorizationPage = async () => (await patientRecordRoutes()).RequestAuthorizationRoute

const page = (title: string, path: string, load: () => Promise<RouteObject['Component']>): RouteObject => ({
  path,
  handle: { title },
  lazy: async () => ({ Component: await load() }),
})

/** The Team page: the invitations and, beside them, the organisation's members. */
const invitationsPage = async () => {
  const [{ InvitationsPage }, { TeamMemberList }] = await Promise.all([
    import('../features/invitations/pages/invitations-page.tsx'),
    import('../features/members/components/member-list.tsx'),
  ])
  return function TeamPage() {
    return <InvitationsPage members={<TeamMemberList />} />
  }
}
const billingResults = () => import('../features/billing/pages/billing-result-pages.tsx')
const contactPage = async () => {
  // Standalone and public: outside the shell, so the page brings its own query cache.
  const [{ ContactPage }, { QueryProvider }] = await Promise.all([
    import('../features/support/pages/contact-page.tsx'),
    import('./routes/query-provider.tsx'),
  ])
  return function ContactRoute() {
    return (
      <QueryProvider>
        <ContactPage />
      </QueryProvider>
    )
  }
}
const adminPages = {
  dashboard: () => import('../features/admin/pages/admin-dashboard-page.tsx'),
  users: () => import('../features/admin/pages/admin-users-page.tsx'),
  user: () => import('../features/admin/pages/admin-user-page.tsx'),
  organizations: () => import('../features/admin/pages/admin-organizations-page.tsx'),
  reports: () => import('../features/admin-reports/pages/admin-reports-page.tsx'),
  settings: () => import('../features/organization-settings/pages/organization-settings-page.tsx'),
  supportInbox: () => import('../features/support/pages/support-inbox-page.tsx'),
  supportRequest: () => import('../features/support/pages/support-request-page.tsx'),
  referenceData: () => import('../features/reference-data/pages/reference-data-page.tsx'),
}
/** The admin pages under one layout: the admin area's sub-navigation above each. */
const adminLayout = (children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: (await import('./routes/admin-layout.tsx')).AdminLayout }),
  children,
})
const patientList = async () =>
  (await import('../features/patients/pages/patient-list-page.tsx')).PatientListPage

type GuardRule = AccessRule & { fallback?: 'unauthorized' | 'home' }

/** Routes behind one access rule: a failing user goes to /app/unauthorized, or home with fallback 'home'. */
const guarded = (rule: GuardRule, children: RouteObject[]): RouteObject => ({
  handle: { access: rule } satisfies RouteAccessHandle,
  lazy: async () => {
    const { RequireAccess } = await guards()
    return { Component: () => <RequireAccess {...rule} /> }
  },
  children,
})

/**
 * The role families' guards: the role and the kind of organisation it works in. Literals, not the contract's
 * role lists, keep zod out of the entry chunk (and so off the login page); route-table.test.ts checks that
 * they equal the contract's ACO_ROLES, PHYSICIAN_ROLES, AGENT_ROLES and ADMIN_ROLES.
 */
export const ACO_GUARD: GuardRule = { roles: ['ACO_ADMIN', 'ACO_USER'], organizationTypes: ['ACO'] }
export const PHYSICIAN_GUARD: GuardRule = {
  roles: ['PHYSICIAN_ADMIN', 'PHYSICIAN_USER', 'CLINICIAN'],
  organizationTypes: ['PHYSICIAN_GROUP', 'FQHC'],
}
export const AGENT_GUARD: GuardRule = {
  roles: ['AGENT_ADMIN', 'AGENT_USER'],
  organizationTypes: ['INSURANCE_AGENCY'],
}
/** Non-admins opening invitations go to their own home, not to an error. */
export const INVITATIONS_GUARD: GuardRule = {
  roles: ['ADMIN', 'ACO_ADMIN', 'PHYSICIAN_ADMIN', 'AGENT_ADMIN'],
  fallback: 'home',
}
/** An organisation's admins and the platform's manage third-party apps. */
export const INTEGRATIONS_GUARD: GuardRule = {
  roles: ['ADMIN', 'ACO_ADMIN', 'PHYSICIAN_ADMIN', 'AGENT_ADMIN'],
}
const integrationsPages = () => import('../features/integrations/index.ts')
/** ACO and physician roles (clinicians included) in their kinds of organisation: the risk gap worklist. */
export const PROVIDER_GUARD: GuardRule = {
  roles: ['ACO_ADMIN', 'ACO_USER', 'PHYSICIAN_ADMIN', 'PHYSICIAN_USER', 'CLINICIAN'],
  organizationTypes: ['ACO', 'PHYSICIAN_GROUP', 'FQHC'],
}
const TIN_REGISTRY_GUARD: GuardRule = { roles: ['ACO_ADMIN'], organizationTypes: ['ACO'] }

const signupPages = () => import('../features/signup/pages/signup-status-pages.tsx')

/** Sign-up's pages, under /signup and again under /app/signup. */
const signupRoutes = (base: string): RouteObject[] => [
  page(
    'Sign up',
    base,
    async () => (await import('../features/signup/pages/signup-home-page.tsx')).SignupHomePage,
  ),
  ...(
    [
      ['physician', 'physician'],
      ['aco-user', 'aco'],
      ['agent', 'agent'],
    ] as const
  ).map(([path, kind]) =>
    page('Sign up', `${base}/${path}`, async () => {
      const { SignupFormPage } = await import('../features/signup/pages/signup-form-page.tsx')
      return function SignupKindPage() {
        return <SignupFormPage kind={kind} />
      }
    }),
  ),
  page('Check your email', `${base}/success`, async () => (await signupPages()).SignupSuccessPage),
  page('Verify your email', `${base}/verify/:token`, async () => (await signupPages()).VerifyEmailPage),
  page(
    'Join with an invitation',
    `${base}/invitation-verification`,
    async () => (await signupPages()).InvitationVerificationPage,
  ),
  page(
    'Join with an invitation',
    `${base}/invitation/:token`,
    async () => (await signupPages()).InvitationLinkRedirect,
  ),
]

/** The signed-in part of the app, whose pages are prefetched after sign-in. */
export const SIGNED_IN_ROUTE_ID = 'signed-in'

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
          ...signupRoutes('/signup'),
          ...signupRoutes('/app/signup'),
          // A signed-in user following an invitation link goes to their own dashboard.
          page(
            'Accept Invitation',
            paths.acceptInvitation,
            // Outside the shell, so the page brings its own query cache.
            async () => {
              const [{ AcceptInvitationPage }, { QueryProvider }] = await Promise.all([
                import('../features/invitations/pages/accept-invitation-page.tsx'),
                import('./routes/query-provider.tsx'),
              ])
              return function AcceptInvitationRoute() {
                return (
                  <QueryProvider>
                    <AcceptInvitationPage />
                  </QueryProvider>
                )
              }
            },
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
      // Public and standalone: no app shell even when signed in.
      page('Contact', paths.contact, contactPage),
      page('Contact', paths.appContact, contactPage),
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
      page(
        'Your Medicare data',
        paths.consentAccess,
        async () => (await import('../features/consent/pages/access-page.tsx')).PatientAccessPage,
      ),
      {
        id: SIGNED_IN_ROUTE_ID,
        lazy: async () => ({ Component: (await guards()).RequireAuth }),
        children: [
          {
            lazy: async () => ({ Component: (await layouts()).ShellRoute }),
            children: [
              {
                // Errors of a page show inside the shell, with its network banners.
                ErrorBoundary: ShellPageError,
                children: [
                  page('Dashboard', paths.dashboard, async () => {
                    const [{ DashboardPage }, { SetupFirst }] = await Promise.all([
                      import('../features/dashboard/pages/dashboard-page.tsx'),
                      import('../features/setup/components/setup-first.tsx'),
                    ])
                    // An organisation still to be set up lands in the wizard instead.
                    return function DashboardRoute() {
                      return (
                        <SetupFirst>
                          <DashboardPage />
                        </SetupFirst>
                      )
                    }
                  }),
                  page(
                    'Data Access',
                    paths.careManagement,
                    async () =>
                      (await import('../features/dashboard/pages/data-access-page.tsx')).DataAccessPage,
                  ),
                  page(
                    'Sign out',
                    paths.logout,
                    async () => (await import('../features/auth/pages/logout-page.tsx')).LogoutPage,
                  ),
                  page(
                    'Authorize app',
                    paths.oauthConsent,
                    async () => (await integrationsPages()).OAuthConsentPage,
                  ),
                  guarded(INTEGRATIONS_GUARD, [
                    page(
                      'Integrations',
                      paths.integrations,
                      async () => (await integrationsPages()).IntegrationsPage,
                    ),
                  ]),
                  page(
                    'Change password',
                    paths.changePassword,
                    async () =>
                      (await import('../features/auth/pages/change-password-page.tsx')).ChangePasswordPage,
                  ),
                  page(
                    'Access denied',
                    paths.unauthorized,
                    async () =>
                      (await import('../features/shell/pages/unauthorized-page.tsx')).UnauthorizedPage,
                  ),
                  page(
                    'Profile',
                    paths.profile,
                    async () => (await import('../features/account/pages/profile-page.tsx')).ProfilePage,
                  ),
                  page(
                    'Account settings',
                    paths.account,
                    async () => (await import('./routes/account-settings-route.tsx')).AccountSettingsRoute,
                  ),
                  page(
                    'Billing Dashboard',
                    paths.billing,
                    async () => (await import('../features/billing/pages/billing-page.tsx')).BillingPage,
                  ),
                  page(
                    'Contact Support',
                    paths.support,
                    async () => (await import('../features/support/pages/support-page.tsx')).SupportPage,
                  ),
                  page(
                    'Setup',
                    paths.setup,
                    async () => (await import('../features/setup/pages/setup-page.tsx')).SetupPage,
                  ),
                  guarded(INVITATIONS_GUARD, [
                    page('User Invitations', paths.invitations, invitationsPage),
                    page('Team', paths.team, invitationsPage),
                  ]),
                  guarded(ACO_GUARD, [
                    page(
                      'ACO Members',
                      paths.acoMembers,
                      async () => (await import('../features/members/pages/members-page.tsx')).MembersPage,
                    ),
                    page(
                      'ACO Reports',
                      paths.acoReports,
                      async () =>
                        (await import('../features/reports/pages/aco-reports-page.tsx')).AcoReportsPage,
                    ),
                  ]),
                  guarded(PROVIDER_GUARD, [
                    page(
                      'Risk gaps',
                      paths.riskGaps,
                      async () =>
                        (await import('../features/risk-gaps/pages/risk-gaps-page.tsx')).RiskGapsPage,
                    ),
                  ]),
                  guarded(PHYSICIAN_GUARD, [
                    page(
                      'Patients',
                      paths.physicianPatients,
                      async () =>
                        (await import('../features/patients/pages/physician-patients-page.tsx'))
                          .PhysicianPatientsPage,
                    ),
                    page(
                      'Appointments',
                      paths.physicianAppointments,
                      async () => (await import('./routes/appointments-route.tsx')).AppointmentsRoute,
                    ),
                  ]),
                  guarded(AGENT_GUARD, [
                    page('Clients', paths.agentClients, patientList),
                    page(
                      'Quotes',
                      paths.agentQuotes,
                      async () =>
                        (await import('../features/patients/pages/agent-quotes-page.tsx')).AgentQuotesPage,
                    ),
                    page(
                      'Policies',
                      paths.agentPolicies,
                      async () =>
                        (await import('../features/patients/pages/agent-policies-page.tsx'))
                          .AgentPoliciesPage,
                    ),
                  ]),
                  guarded({ admin: true }, [
                    adminLayout([
                      page(
                        'Admin Dashboard',
                        paths.admin,
                        async () => (await adminPages.dashboard()).AdminDashboardPage,
                      ),
                      page('Users', paths.adminUsers, async () => (await adminPages.users()).AdminUsersPage),
                      page(
                        'User Details',
                        paths.adminUser,
                        async () => (await adminPages.user()).AdminUserPage,
                      ),
                      page(
                        'Organizations',
                        paths.adminOrganizations,
                        async () => (await adminPages.organizations()).AdminOrganizationsPage,
                      ),
                      page(
                        'Reports',
                        paths.adminReports,
                        async () => (await adminPages.reports()).AdminReportsPage,
                      ),
                      page(
                        'Settings',
                        paths.adminSettings,
                        async () => (await adminPages.settings()).OrganizationSettingsPage,
                      ),
                      page(
                        'Reference Data Management',
                        paths.adminReferenceData,
                        async () => (await adminPages.referenceData()).ReferenceDataPage,
                      ),
                      page(
                        'Support Inbox',
                        paths.adminSupport,
                        async () => (await adminPages.supportInbox()).SupportInboxPage,
                      ),
                      page(
                        'Support Request',
                        paths.adminSupportRequest,
                        async () => (await adminPages.supportRequest()).SupportRequestPage,
                      ),
                    ]),
                  ]),
                  guarded(TIN_REGISTRY_GUARD, [
                    page(
                      'TIN Management',
                      paths.tinManagement,
                      async () =>
                        (await import('../features/tins/pages/tin-management-page.tsx')).TinManagementPage,
                    ),
                  ]),
                  {
                    handle: { guard: 'audit' } satisfies RouteAccessHandle,
                    lazy: async () => ({
                      Component: (await import('../features/audit/components/require-admin.tsx'))
                        .RequireAdmin,
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
                    handle: { guard: 'patient-access' } satisfies RouteAccessHandle,
                    lazy: async () => ({ Component: (await patientGuard()).RequirePatientAccess }),
                    children: [
                      page(
                        'Patients',
                        paths.authorization,
                        async () =>
                          (await import('../features/patients/pages/patients-page.tsx')).PatientsPage,
                      ),
                      page('Patients', paths.patients, patientList),
                      page(
                        'Patient Details',
                        paths.patientDetail,
                        async () => (await patientRecordRoutes()).PatientDetailRoute,
                      ),
                      page(
                        'Pre-visit Brief',
                        paths.patientBrief,
                        async () => (await import('../features/adherence/pages/brief-page.tsx')).BriefPage,
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
                    handle: { guard: 'patient-search' } satisfies RouteAccessHandle,
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
        ],
      },
      {
        lazy: async () => ({ Component: (await layouts()).MaybeShellRoute }),
        children: [
          page(
            'Accept Team Invitation',
            paths.billingInvite,
            async () => (await import('../features/billing/pages/team-invite-page.tsx')).TeamInvitePage,
          ),
          page(
            'Payment Successful',
            paths.billingSuccess,
            async () => (await billingResults()).BillingSuccessPage,
          ),
          page(
            'Payment Cancelled',
            paths.billingCancel,
            async () => (await billingResults()).BillingCancelPage,
          ),
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
