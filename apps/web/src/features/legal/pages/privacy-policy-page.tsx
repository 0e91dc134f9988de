// /privacy-policy: what the portal collects, why, who sees it, how long it is kept, the patient's rights
// (including how to withdraw consent at Medicare and here), and how it is protected.
import { CONTACT_EMAIL, LegalLayout } from '../components/legal-layout.tsx'

const MEDICARE_CONNECTED_APPS = 'https://www.medicare.gov/account/login'

export function PrivacyPolicyPage() {
  return (
    <LegalLayout title="Privacy Policy">
      <p>
        BlueConsent is a portal that healthcare organizations, accountable care organizations (ACOs) and
        insurance agencies use to ask Medicare beneficiaries for permission to see their Medicare data through
        CMS Blue Button 2.0. We act as a business associate of those organizations under HIPAA: we handle
        protected health information only on their behalf, under a business associate agreement, and only as
        this policy describes.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          About staff who use the portal: name, work email, role, organization, and the practice locations
          (TINs) they work under; sign-in records and the devices and addresses they sign in from.
        </li>
        <li>
          About patients asked for permission: the name, email or mobile number and medical record number the
          requesting organization enters, and the patient’s answer.
        </li>
        <li>
          With the patient’s permission, from Medicare: identity details (name, date of birth, sex, Medicare
          Beneficiary Identifier, state and ZIP code), coverage, prescription drug events and claims with
          their diagnoses, and a risk score we calculate from them.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <p>
        Only to let the organization the patient authorized see that patient’s Medicare data for care
        coordination, treatment or, for insurance agents, a one-time review of prescriptions; to send the
        patient the request, reminders and receipts; to keep the service secure; and to meet legal duties. We
        do not sell personal information, use it for advertising, or share it with anyone the patient did not
        authorize.
      </p>

      <h2>Who sees it</h2>
      <ul>
        <li>
          Staff of the authorized organization, limited by their role and the practice locations they are
          assigned to. Insurance agents see only their own clients’ medications.
        </li>
        <li>
          Service providers who run parts of the portal for us (hosting, email and text-message delivery)
          under agreements that bind them to the same protections.
        </li>
        <li>Authorities, only when the law requires it.</li>
      </ul>

      <h2>How long we keep it</h2>
      <p>
        Access lasts as long as the patient allowed: up to 13 months for healthcare providers, 10 hours for
        insurance agents. When an authorization ends, is withdrawn or expires, the Medicare data is no longer
        shown and the tokens that reach Medicare are destroyed. Records of who looked at what are kept for six
        years, as HIPAA requires, and cannot be changed. Organizations may ask us to delete their data when
        their agreement ends, subject to those legal retention duties.
      </p>

      <h2>Your rights as a patient</h2>
      <ul>
        <li>
          You decide whether to connect your Medicare data; declining has no effect on your Medicare benefits.
        </li>
        <li>
          You can withdraw your permission at any time: at Medicare, by removing the app from your connected
          apps in your{' '}
          <a className="link" href={MEDICARE_CONNECTED_APPS} rel="noopener noreferrer">
            Medicare.gov account
          </a>
          ; or by asking the organization that requested it to revoke the authorization, which it can do at
          once in this portal. Replying STOP to our text messages stops them.
        </li>
        <li>
          You can ask the organization that holds your data for a copy of it, for corrections, and for a list
          of who has seen it. We help them answer within the time HIPAA allows.
        </li>
      </ul>

      <h2>How we protect it</h2>
      <p>
        Data travels encrypted. Medicare tokens, Medicare identifiers, contact details and notes are encrypted
        at rest. Staff sign in with strong passwords and sessions that expire; every read of patient data is
        recorded in a log that cannot be altered. We review access, patch promptly, and will notify affected
        organizations of a breach as HIPAA requires.
      </p>

      <h2>Contact</h2>
      <p>
        Questions or requests about privacy:{' '}
        <a className="link" href={`mailto:${CONTACT_EMAIL}`}>
          {CONTACT_EMAIL}
        </a>
        . Patients may also contact the organization that sent them the request.
      </p>
    </LegalLayout>
  )
}
