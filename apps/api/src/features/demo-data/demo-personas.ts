// The demo's organisations and one user per role (shared with the e2e tests; no server imports here).
import type { OrganizationType, Role } from '@blueconsent/contract/shared'

export const DEMO_PASSWORD = 'BlueConsent-Demo-2025'
export const DEMO_EMAIL_DOMAIN = 'demo.blueconsent.app'

export type DemoOrganizationKey = 'aco' | 'physicianGroup' | 'fqhc' | 'insuranceAgency' | 'individual'

export const DEMO_ORGANIZATIONS: Record<
  DemoOrganizationKey,
  { name: string; organizationType: OrganizationType }
> = {
  aco: { name: 'Riverbend Accountable Care (demo)', organizationType: 'ACO' },
  physicianGroup: { name: 'Lakeside Physician Group (demo)', organizationType: 'PHYSICIAN_GROUP' },
  fqhc: { name: 'Valley Community Health Center (demo)', organizationType: 'FQHC' },
  insuranceAgency: { name: 'Harbor Medicare Advisors (demo)', organizationType: 'INSURANCE_AGENCY' },
  individual: { name: 'Independent Practitioner (demo)', organizationType: 'INDIVIDUAL' },
}

export type DemoUser = {
  email: string
  role: Role
  firstName: string
  lastName: string
  /** Null for the platform administrator. */
  organization: DemoOrganizationKey | null
}

const email = (local: string) => `${local}@${DEMO_EMAIL_DOMAIN}`

export const DEMO_USERS = [
  { email: email('admin'), role: 'ADMIN', firstName: 'Avery', lastName: 'Admin', organization: null },
  {
    email: email('aco.admin'),
    role: 'ACO_ADMIN',
    firstName: 'Casey',
    lastName: 'Morgan',
    organization: 'aco',
  },
  { email: email('aco.user'), role: 'ACO_USER', firstName: 'Jordan', lastName: 'Lee', organization: 'aco' },
  {
    email: email('physician.admin'),
    role: 'PHYSICIAN_ADMIN',
    firstName: 'Riley',
    lastName: 'Patel',
    organization: 'physicianGroup',
  },
  {
    email: email('physician.user'),
    role: 'PHYSICIAN_USER',
    firstName: 'Sam',
    lastName: 'Nguyen',
    organization: 'physicianGroup',
  },
  {
    email: email('clinician'),
    role: 'CLINICIAN',
    firstName: 'Taylor',
    lastName: 'Garcia',
    organization: 'fqhc',
  },
  {
    email: email('agent.admin'),
    role: 'AGENT_ADMIN',
    firstName: 'Morgan',
    lastName: 'Brooks',
    organization: 'insuranceAgency',
  },
  {
    email: email('agent.user'),
    role: 'AGENT_USER',
    firstName: 'Alex',
    lastName: 'Rivera',
    organization: 'insuranceAgency',
  },
  { email: email('user'), role: 'USER', firstName: 'Jamie', lastName: 'Carter', organization: 'individual' },
] as const satisfies readonly DemoUser[]

export type DemoPersona = (typeof DEMO_USERS)[number]['role']

export const demoUser = (role: DemoPersona): DemoUser => {
  const user = DEMO_USERS.find((candidate) => candidate.role === role)
  if (!user) throw new Error(`No demo user for ${role}`)
  return user
}

/** The ACO's TINs: ACO_ADMIN sees all of them, ACO_USER only the first. */
export const DEMO_TINS = [
  { identifier: '12-3456789', providerOrgName: 'Riverbend Primary Care' },
  { identifier: '98-7654321', providerOrgName: 'Riverbend Cardiology Associates' },
] as const
