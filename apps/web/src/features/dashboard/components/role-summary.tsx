import { type User } from '@blueconsent/contract/auth'
import { FEATURES_BY_ROLE, ROLE_LABELS } from '@blueconsent/contract/shared'
import { FEATURE_DESCRIPTIONS } from './feature-descriptions.ts'

const ORGANIZATION_TYPE_LABELS: Record<string, string> = {
  ACO: 'Accountable Care Organization',
  PHYSICIAN_GROUP: 'Physician group',
  FQHC: 'Federally Qualified Health Center',
  INSURANCE_AGENCY: 'Insurance agency',
  INDIVIDUAL: 'Individual practice',
}

/** Who the user is (organisation and role) and what their role can do (FEATURES_BY_ROLE). */
export function RoleSummary({ user }: { user: User }) {
  const features = FEATURES_BY_ROLE[user.role]
  const organization = user.organization
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="account-heading" className="card bg-base-100 shadow-sm">
        <div className="card-body">
          <h2 id="account-heading" className="card-title">
            Your account
          </h2>
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Name</dt>
            <dd>{user.full_name || user.email}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="font-semibold">Role</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
            <dt className="font-semibold">Organization</dt>
            <dd>
              {organization
                ? `${organization.name} (${ORGANIZATION_TYPE_LABELS[organization.organization_type] ?? organization.organization_type})`
                : 'No organization'}
            </dd>
          </dl>
        </div>
      </section>
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="mb-3 text-xl font-semibold">
          What you can do
        </h2>
        {features.length === 0 ? (
          <p>
            Your role has no patient data features. Administrators manage organizations, users and settings.
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((feature) => (
              <li key={feature} className="card bg-base-100 shadow-sm">
                <div className="card-body">
                  <h3 className="font-semibold">{FEATURE_DESCRIPTIONS[feature].title}</h3>
                  <p>{FEATURE_DESCRIPTIONS[feature].description}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
