// The typed route table: every path the web app links to or matches, in one place.
// Paths linked before their screen exists are listed too, so links are written once.
import { LOGIN_PATH } from '../lib/navigation.ts'

export const paths = {
  root: '/',
  app: '/app',
  login: LOGIN_PATH,
  logout: '/app/logout',
  forgotPassword: '/forgot-password',
  passwordReset: '/app/password-reset',
  passwordResetConfirm: '/app/password-reset/:uid/:token',
  changePassword: '/app/change-password',
  // The contract's WEB_OAUTH_REDIRECT_PATH (paths.test.ts checks); a literal keeps zod off the login route.
  oauthCallback: '/app/oauth/callback',
  oauthStart: '/app/oauth/start',
  // The contract's OAUTH_CONSENT_PATH: where /o/authorize/ sends a user to allow or deny a third-party app.
  oauthConsent: '/app/oauth/consent',
  // Settings → Integrations: an organisation's third-party apps (its admins).
  integrations: '/app/integrations',
  dashboard: '/app/dashboard',
  careManagement: '/app/care-management',
  unauthorized: '/app/unauthorized',
  adminDashboard: '/app/admin-dashboard',
  acoDashboard: '/app/aco-dashboard',
  physicianDashboard: '/app/physician-dashboard',
  agentDashboard: '/app/agent-dashboard',
  devOutbox: '/dev/outbox',
  // The patient's consent page and where Blue Button's callback lands (public, no shell).
  consent: '/consent/:token',
  consentComplete: '/consent/complete',
  // The patient's own page: who has their data, and 'Stop sharing' (the link in the approval's receipt).
  consentAccess: '/consent/access/:token',
  // The authorization widget and the review page.
  authorizationNew: '/app/authorization/new',
  providerAuthorizationRequest: '/app/provider-authorization-request',
  authorizationRequestList: '/app/authorization-request-list',
  // The patient area: the Patients page, the list, one patient, one claim, and the audit log.
  authorization: '/app/authorization',
  patients: '/app/patients',
  patientDetail: '/app/patient/:id',
  patientBrief: '/app/patient/:id/brief',
  claimDetail: '/app/claim/:id',
  acoPatient: '/app/aco/patient/:id',
  adminAudit: '/app/admin/audit',
  // Account, billing, team, support, sign-up and setup: registered with their guards; screens land per feature.
  profile: '/app/profile',
  account: '/app/account',
  billing: '/app/billing',
  billingInvite: '/billing/invite',
  billingSuccess: '/billing/success',
  billingCancel: '/billing/cancel',
  support: '/app/support',
  contact: '/contact',
  appContact: '/app/contact',
  team: '/app/invitation',
  invitations: '/app/invitations',
  acceptInvitation: '/app/accept-invitation/:token',
  signup: '/signup',
  setup: '/app/setup',
  // Role pages, each behind its role family's guard.
  acoMembers: '/app/aco/members',
  acoReports: '/app/aco/reports',
  riskGaps: '/app/risk-gaps',
  physicianPatients: '/app/physician/patients',
  physicianAppointments: '/app/physician/appointments',
  agentClients: '/app/agent/clients',
  agentQuotes: '/app/agent/quotes',
  agentPolicies: '/app/agent/policies',
  // The admin area (admin guard) and the ACO's TIN registry (ACO_ADMIN of an ACO).
  admin: '/app/admin',
  adminUsers: '/app/admin/users',
  adminUser: '/app/admin/users/:id',
  adminOrganizations: '/app/admin/organizations',
  adminReports: '/app/admin/reports',
  adminSettings: '/app/admin/settings',
  adminReferenceData: '/app/admin/reference-data',
  adminSupport: '/app/admin/support',
  adminSupportRequest: '/app/admin/support/:id',
  tinManagement: '/app/admin/tin-management',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
} as const

export type AppPath = (typeof paths)[keyof typeof paths]

/** The role-home dashboards (admin, ACO, physician, agent) all land on the one dashboard for now. */
export const ROLE_DASHBOARD_REDIRECTS = [
  paths.adminDashboard,
  paths.acoDashboard,
  paths.physicianDashboard,
  paths.agentDashboard,
] as const

/** `/app/login?next=/app/x` */
export const loginWithNext = (next: string): string => `${paths.login}?next=${encodeURIComponent(next)}`

/** Routes that never show the app shell. */
export const SHELL_HIDDEN_PREFIXES = [paths.login, paths.forgotPassword, paths.signup, '/app/signup'] as const
