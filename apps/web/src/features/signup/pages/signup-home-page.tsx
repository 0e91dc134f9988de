// /signup: who is signing up. Each kind of customer has its own form asking for what it really has.
import { Link } from 'react-router'
import { SignupCard } from '../components/signup-card.tsx'

const KINDS = [
  {
    to: '/signup/physician',
    title: 'Physician practice or FQHC',
    text: 'Request your patients’ Medicare records with their consent. You will need your practice’s NPI.',
  },
  {
    to: '/signup/aco-user',
    title: 'Accountable Care Organization',
    text: 'Manage consent, Medicare data and risk scores across your ACO’s TINs and practices.',
  },
  {
    to: '/signup/agent',
    title: 'Insurance agency',
    text: 'With your client’s consent, see their medications to compare plans. You will need your NPN.',
  },
] as const

export function SignupHomePage() {
  return (
    <SignupCard title="Create your BlueConsent account">
      <ul className="flex flex-col gap-3">
        {KINDS.map((kind) => (
          <li key={kind.to}>
            <Link to={kind.to} className="card border border-base-300 hover:border-primary">
              <span className="card-body gap-1 p-4">
                <span className="font-semibold">{kind.title}</span>
                <span className="text-sm">{kind.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Invited by your organization?{' '}
        <Link className="link" to="/signup/invitation-verification">
          Use your invitation
        </Link>
      </p>
    </SignupCard>
  )
}
