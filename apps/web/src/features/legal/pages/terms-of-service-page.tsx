// /terms-of-service: the terms organizations accept to use the portal.
import { CONTACT_EMAIL, LegalLayout } from '../components/legal-layout.tsx'

export function TermsOfServicePage() {
  return (
    <LegalLayout title="Terms of Service">
      <p>
        These terms apply to the organizations (practices, physician groups, FQHCs, ACOs and insurance
        agencies) that open a BlueConsent account, and to the staff they invite. By using the portal you
        accept them on behalf of your organization.
      </p>

      <h2>The service</h2>
      <p>
        BlueConsent lets your staff ask Medicare beneficiaries, by email or text, to connect their Medicare
        data through CMS Blue Button 2.0, and shows the data of those who agree. Medicare data is provided by
        CMS as the beneficiary authorizes; we do not guarantee its completeness or timeliness, and risk scores
        are estimates from the claims available, not payment determinations.
      </p>

      <h2>Your responsibilities</h2>
      <ul>
        <li>
          Ask only patients you have a legitimate relationship with, for a permitted purpose (treatment, care
          coordination or, for agents, reviewing a client’s prescriptions), and describe the request
          truthfully.
        </li>
        <li>
          Enter patients’ names as they appear on their Medicare card and their contact details accurately.
        </li>
        <li>
          Give each staff member their own account with the narrowest role and practice locations they need,
          keep passwords secret, and remove access when someone leaves.
        </li>
        <li>
          Use patient data only as HIPAA and your agreements allow, and keep copies you export as secure as
          the portal keeps them.
        </li>
        <li>Do not probe, overload or try to get around the portal’s security.</li>
      </ul>

      <h2>Business associate agreement</h2>
      <p>
        Where your organization is a HIPAA covered entity, our business associate agreement forms part of
        these terms and governs protected health information.
      </p>

      <h2>Subscriptions</h2>
      <p>
        Paid plans are billed in advance by the month; team seats are charged when added. You can cancel at
        any time, effective at the end of the billing period. An account whose payment has failed keeps
        reading its data but cannot send new requests until payment is fixed.
      </p>

      <h2>Availability and changes</h2>
      <p>
        We aim to keep the portal available and will announce planned maintenance. We may change these terms
        with 30 days’ notice by email; continuing to use the portal after that means you accept the change.
      </p>

      <h2>Ending the service</h2>
      <p>
        You may close your account at any time. We may suspend an account that breaks these terms or puts
        patients’ data at risk. When an account closes, authorizations end and data is handled as the Privacy
        Policy and your agreement describe.
      </p>

      <h2>Liability</h2>
      <p>
        To the extent the law allows, our liability is limited to the fees you paid in the twelve months
        before the claim. Nothing limits liability that cannot be limited by law.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms:{' '}
        <a className="link" href={`mailto:${CONTACT_EMAIL}`}>
          {CONTACT_EMAIL}
        </a>
        .
      </p>
    </LegalLayout>
  )
}
