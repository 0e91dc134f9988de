// Signs a persona in and opens an authorization page through the real route table with a fake API behind it.
import { screen } from '@testing-library/react'
import type { User } from '@blueconsent/contract/auth'
import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import type { Role } from '@blueconsent/contract/shared'
import { createFakeFetch, json, type FakeFetch } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn, type RenderedApp } from '@/testing/render-app.tsx'
import { HEALTH_PLANS, page } from './fixtures.ts'

const ORGANIZATION_FOR: Partial<Record<Role, NonNullable<User['organization']>>> = {
  PHYSICIAN_USER: { id: 'org-p', name: 'Lakeside Clinic', organization_type: 'PHYSICIAN_GROUP' },
  PHYSICIAN_ADMIN: { id: 'org-p', name: 'Lakeside Clinic', organization_type: 'PHYSICIAN_GROUP' },
  AGENT_USER: { id: 'org-a', name: 'Harbor Insurance', organization_type: 'INSURANCE_AGENCY' },
  AGENT_ADMIN: { id: 'org-a', name: 'Harbor Insurance', organization_type: 'INSURANCE_AGENCY' },
}

export const personaFor = (role: Role): User => {
  const organization = ORGANIZATION_FOR[role]
  return userWithRole(role, organization ? { organization } : {})
}

export function widgetFake(requests: AuthorizationRequest[] = []): FakeFetch {
  return createFakeFetch()
    .on('GET /api/healthplans/health-plans/', json(200, HEALTH_PLANS))
    .on('GET /api/healthplans/requests/', json(200, page(requests)))
    .on('GET /api/csrf/', json(200, { csrftoken: 'csrf-1' }))
}

export async function openWidget(
  role: Role,
  url = '/app/authorization/new',
  fake: FakeFetch = widgetFake(),
): Promise<RenderedApp> {
  await signIn(personaFor(role))
  const app = renderApp(url, { fake })
  // The first render loads the lazy route modules, which takes longer than findBy's default on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })
  return app
}
