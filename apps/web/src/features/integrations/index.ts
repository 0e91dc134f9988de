// Third-party apps: the organisation's Integrations page and the consent page of the OAuth flow.
export { IntegrationsPage } from './pages/integrations-page.tsx'
export { OAuthConsentPage } from './pages/oauth-consent-page.tsx'
