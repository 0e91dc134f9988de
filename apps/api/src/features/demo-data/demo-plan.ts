// What the demo portal holds after first start: per demo organisation, which staff
// member asks which sandbox beneficiary, and how the request ends. Each beneficiary appears once in the
// whole plan, so no two organisations share a Medicare grant. Pulled personas have moderate claim counts
// (a few hundred EOBs in all) so first start stays quick; BBUser00000 is the typical chronic patient.
import { SUSPECT_CONDITIONS_USER } from '@blueconsent/bluebutton-sandbox'
import type { DEMO_TINS, DemoOrganizationKey, DemoPersona } from './demo-personas.ts'

/**
 * authorized: consent at Medicare, then the pull. revoked: authorized, then revoked by staff.
 * identity_hold: made out to a wrong name, so the pull is held for review.
 * pending (email), consent_pending (SMS awaiting YES), denied (declined on our page),
 * expired (the link ran out and the minute sweep expired it).
 */
export type DemoOutcome =
  'authorized' | 'revoked' | 'identity_hold' | 'pending' | 'consent_pending' | 'denied' | 'expired'

export type DemoRequestPlan = {
  username: string
  persona: DemoPersona
  outcome: DemoOutcome
  /**
   * The practice (TIN) the request is made under, as a colleague assigned only to it would; the patient then
   * belongs to that TIN, out of sight of staff on the ACO's other TINs. Default: the persona's own scope.
   */
  underTin?: (typeof DEMO_TINS)[number]['providerOrgName']
}

export type DemoOrganizationPlan = { organization: DemoOrganizationKey; requests: readonly DemoRequestPlan[] }

const bb = (n: number): string => `BBUser${String(n).padStart(5, '0')}`

export const DEMO_PLAN: readonly DemoOrganizationPlan[] = [
  {
    organization: 'aco',
    requests: [
      { username: bb(0), persona: 'ACO_USER', outcome: 'authorized' },
      { username: bb(12), persona: 'ACO_USER', outcome: 'authorized' },
      { username: bb(16), persona: 'ACO_USER', outcome: 'authorized' },
      {
        username: bb(13),
        persona: 'ACO_ADMIN',
        outcome: 'authorized',
        underTin: 'Riverbend Cardiology Associates',
      },
      { username: bb(1), persona: 'ACO_USER', outcome: 'revoked' },
      { username: bb(29), persona: 'ACO_USER', outcome: 'identity_hold' },
      { username: bb(20), persona: 'ACO_USER', outcome: 'pending' },
      { username: bb(24), persona: 'ACO_USER', outcome: 'consent_pending' },
      { username: bb(26), persona: 'ACO_USER', outcome: 'denied' },
      { username: bb(27), persona: 'ACO_ADMIN', outcome: 'expired' },
    ],
  },
  {
    organization: 'physicianGroup',
    requests: [
      { username: bb(10), persona: 'PHYSICIAN_USER', outcome: 'authorized' },
      { username: bb(7), persona: 'PHYSICIAN_USER', outcome: 'authorized' },
      { username: bb(19), persona: 'PHYSICIAN_ADMIN', outcome: 'authorized' },
      // Due for the annual wellness visit (the last in July 2024) and below 80% on statins this year: the
      // visit planner's flagged patient.
      { username: bb(42), persona: 'PHYSICIAN_USER', outcome: 'authorized' },
      // Fills diabetes, anticoagulant, dementia and COPD drugs that none of her claims diagnose: the suspect
      // gaps of the risk gap worklist, each with the fills behind it.
      { username: bb(SUSPECT_CONDITIONS_USER), persona: 'PHYSICIAN_USER', outcome: 'authorized' },
      { username: bb(9), persona: 'PHYSICIAN_USER', outcome: 'revoked' },
      { username: bb(30), persona: 'PHYSICIAN_USER', outcome: 'identity_hold' },
      { username: bb(28), persona: 'PHYSICIAN_USER', outcome: 'pending' },
      { username: bb(33), persona: 'PHYSICIAN_USER', outcome: 'consent_pending' },
      { username: bb(34), persona: 'PHYSICIAN_USER', outcome: 'denied' },
      { username: bb(35), persona: 'PHYSICIAN_ADMIN', outcome: 'expired' },
    ],
  },
  {
    organization: 'fqhc',
    requests: [
      { username: bb(17), persona: 'CLINICIAN', outcome: 'authorized' },
      { username: bb(21), persona: 'CLINICIAN', outcome: 'authorized' },
      { username: bb(23), persona: 'CLINICIAN', outcome: 'authorized' },
      { username: bb(37), persona: 'CLINICIAN', outcome: 'pending' },
      { username: bb(38), persona: 'CLINICIAN', outcome: 'consent_pending' },
      { username: bb(39), persona: 'CLINICIAN', outcome: 'denied' },
      { username: bb(40), persona: 'CLINICIAN', outcome: 'expired' },
    ],
  },
  // Agents hold one-time grants (about 10 hours) and see medications only.
  {
    organization: 'insuranceAgency',
    requests: [
      { username: bb(14), persona: 'AGENT_USER', outcome: 'authorized' },
      { username: bb(31), persona: 'AGENT_USER', outcome: 'authorized' },
      { username: bb(36), persona: 'AGENT_ADMIN', outcome: 'authorized' },
      { username: bb(41), persona: 'AGENT_USER', outcome: 'pending' },
      { username: bb(43), persona: 'AGENT_USER', outcome: 'consent_pending' },
      { username: bb(2), persona: 'AGENT_USER', outcome: 'denied' },
      { username: bb(3), persona: 'AGENT_USER', outcome: 'expired' },
    ],
  },
]
