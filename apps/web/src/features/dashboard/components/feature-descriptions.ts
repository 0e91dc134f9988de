import type { Feature } from '@blueconsent/contract/shared'

/** Short descriptions of the role features (features by role in the contract), shown until each feature gets its own screens. */
export const FEATURE_DESCRIPTIONS: Record<Feature, { title: string; description: string }> = {
  dashboard: {
    title: 'Dashboard',
    description: 'An overview of your organization and your authorization activity.',
  },
  'patient-search': {
    title: 'Patient search',
    description: 'Find patients by name, MRN or Medicare ID and request their authorization.',
  },
  'claim-details': {
    title: 'Claim details',
    description: 'Review Medicare claims, with services, dates and providers.',
  },
  'claim-export': { title: 'Claim export', description: 'Export claims for care management and reporting.' },
  'medication-management': {
    title: 'Medications',
    description: 'See prescription drug events shared through Medicare Blue Button.',
  },
  'risk-scores': {
    title: 'Risk scores',
    description: 'CMS-HCC risk scores with the conditions behind them.',
  },
  'cost-analysis': { title: 'Cost analysis', description: 'Claim costs across your attributed patients.' },
  notes: { title: 'Notes', description: 'Clinical notes on a patient record, shared with your team.' },
  team: { title: 'Team', description: 'Invite colleagues and manage their roles.' },
}
