// Every endpoint of the API by name (`feature.endpoint`): the server registers each one, the web client
// calls them by these names, and the access matrix walks this list.
import { SUPPORT_ENDPOINTS } from '../support/support.ts'
import { SUPPORT_INBOX_ENDPOINTS } from '../support/support-inbox.ts'
import { SETUP_ENDPOINTS } from '../setup/setup.ts'
import { TWO_FACTOR_ENDPOINTS } from '../two-factor/index.ts'
import { endpointRegistry, type EndpointDefinition } from '../shared/endpoints.ts'
import { ACCOUNT_ENDPOINTS } from '../account/account.ts'
import { ADMIN_ENDPOINTS } from '../admin/admin.ts'
import { ADMIN_REPORT_ENDPOINTS } from '../admin-reports/admin-reports.ts'
import { REFERENCE_DATA_ENDPOINTS } from '../reference-data/reference-data.ts'
import { ORGANIZATION_SETTINGS_ENDPOINTS } from '../organization-settings/organization-settings.ts'
import { AUDIT_ENDPOINTS } from '../audit/audit.ts'
import { DASHBOARD_ENDPOINTS } from '../dashboard/dashboard.ts'
import { BILLING_ENDPOINTS } from '../billing/billing.ts'
import { INVITATION_ENDPOINTS } from '../invitations/invitations.ts'
import { MEMBER_ENDPOINTS } from '../members/members.ts'
import { TIN_ENDPOINTS } from '../tins/tins.ts'
import { INTEGRATION_ENDPOINTS } from '../integrations/integrations.ts'
import { WEBHOOK_ENDPOINTS } from '../integrations/webhooks.ts'
import { PASSWORD_ENDPOINTS } from '../auth/passwords.ts'
import { AUTH_ENDPOINTS } from '../auth/auth-endpoints.ts'
import { DEV_OUTBOX_ENDPOINTS } from '../dev-outbox/dev-outbox.ts'
import { HEALTH_ENDPOINTS } from '../health/health.ts'
import { AUTHORIZATION_REQUEST_ENDPOINTS } from '../authorization-requests/authorization-request-endpoints.ts'
import { PATIENT_ENDPOINTS } from '../patients/patient-endpoints.ts'
import { REPORT_ENDPOINTS } from '../reports/reports.ts'
import { ADHERENCE_ENDPOINTS } from '../adherence/adherence.ts'
import { RISK_GAP_ENDPOINTS } from '../risk-gaps/risk-gaps.ts'
import { CONSENT_ENDPOINTS } from '../consent/consent.ts'
import { PATIENT_ACCESS_ENDPOINTS } from '../consent/patient-access.ts'
import { SIGNUP_ENDPOINTS } from '../signup/signup.ts'
import { OAUTH_CONSENT_ENDPOINTS } from '../integrations/integrations.ts'

export const ENDPOINTS = endpointRegistry({
  auth: AUTH_ENDPOINTS,
  'two-factor': TWO_FACTOR_ENDPOINTS,
  setup: SETUP_ENDPOINTS,
  support: { ...SUPPORT_ENDPOINTS, ...SUPPORT_INBOX_ENDPOINTS },
  account: ACCOUNT_ENDPOINTS,
  admin: ADMIN_ENDPOINTS,
  'admin-reports': ADMIN_REPORT_ENDPOINTS,
  'organization-settings': ORGANIZATION_SETTINGS_ENDPOINTS,
  'reference-data': REFERENCE_DATA_ENDPOINTS,
  audit: AUDIT_ENDPOINTS,
  dashboard: DASHBOARD_ENDPOINTS,
  billing: BILLING_ENDPOINTS,
  invitations: INVITATION_ENDPOINTS,
  members: MEMBER_ENDPOINTS,
  tins: TIN_ENDPOINTS,
  integrations: { ...INTEGRATION_ENDPOINTS, ...WEBHOOK_ENDPOINTS },
  passwords: PASSWORD_ENDPOINTS,
  'dev-outbox': DEV_OUTBOX_ENDPOINTS,
  health: HEALTH_ENDPOINTS,
  'authorization-requests': AUTHORIZATION_REQUEST_ENDPOINTS,
  patients: PATIENT_ENDPOINTS,
  reports: REPORT_ENDPOINTS,
  adherence: ADHERENCE_ENDPOINTS,
  'risk-gaps': RISK_GAP_ENDPOINTS,
  consent: { ...CONSENT_ENDPOINTS, ...PATIENT_ACCESS_ENDPOINTS },
  signup: SIGNUP_ENDPOINTS,
  oauth: OAUTH_CONSENT_ENDPOINTS,
})
export type Endpoints = typeof ENDPOINTS
export type EndpointName = keyof Endpoints

/** Every endpoint, for the tables that walk them all. */
export const ENDPOINT_LIST: readonly EndpointDefinition[] = Object.values(ENDPOINTS)
