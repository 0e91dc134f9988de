// Every theme, cheaply: representative pages are loaded once each and then recoloured in place, theme after
// theme, with only axe's colour-contrast rule run per theme (the one rule a palette can break; the other rules
// run once per page, at phone width, where sideways-scrolling tables need their focusable, named regions).
// The themes are dealt out over the pages, a quarter to each, so every theme is checked on two of the eight
// pages (every page on all 32 took six minutes of CI's two cores; the other journeys scan every page in light).
import AxeBuilder from '@axe-core/playwright'
import { DARK_THEMES, THEMES, type Theme } from '@blueconsent/contract/constants'
import type { Consolidated, PatientList } from '@blueconsent/contract/patients'
import { expect, test, type Page } from '@playwright/test'
import { apiAs, expectNoAxeViolations, signInAs } from './fixtures.ts'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/**
 * The page in this theme without a reload, as the theme picker applies it. Colour transitions are run to their
 * end at once: axe must read the theme's colours, not a blend on the way to them.
 */
async function recolour(page: Page, theme: Theme) {
  const scheme = DARK_THEMES.includes(theme) ? 'dark' : 'light'
  await page.evaluate(`(() => {
    const root = document.documentElement
    root.dataset.theme = ${JSON.stringify(theme)}
    root.style.colorScheme = '${scheme}'
    for (const animation of document.getAnimations()) animation.finish()
  })()`)
}

/** How many hands the themes are dealt into. */
const HANDS = 4
type Dealer = () => Theme[]

/**
 * Deals one hand of themes (every HANDS-th theme) per page, from hand `first` on. The first test's five pages
 * take hands 0-3 and 0, the second's three take 1-3: each hand, so each theme, is checked on two pages.
 */
function dealThemes(first: number): Dealer {
  let hand = first
  return () => {
    const dealt = hand++ % HANDS
    return THEMES.filter((_, index) => index % HANDS === dealt)
  }
}

/** Each theme with the elements whose text fails contrast in it; empty when every theme passes. */
async function contrastFailuresByTheme(
  page: Page,
  themes: readonly Theme[],
): Promise<Record<string, string[]>> {
  const failures: Record<string, string[]> = {}
  for (const theme of themes) {
    await recolour(page, theme)
    const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze()
    const nodes = results.violations.flatMap((violation) => violation.nodes)
    if (nodes.length > 0)
      failures[theme] = nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`)
  }
  await recolour(page, 'light')
  return failures
}

/** Its hand of themes' contrast at desktop width, then every WCAG rule at phone width, with nothing wider. */
async function expectAccessibleInItsThemes(page: Page, deal: Dealer, ready: () => Promise<void>) {
  await ready()
  expect(await contrastFailuresByTheme(page, deal())).toEqual({})
  await page.setViewportSize(PHONE)
  await ready()
  await expectNoAxeViolations(page)
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(PHONE.width)
  await page.setViewportSize(DESKTOP)
}

const heading = (page: Page, name: string | RegExp) => () =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

test('ACO admin’s dashboard, request list, patient record, claim and TINs in their share of the themes', async ({
  page,
  playwright,
}) => {
  const api = await apiAs(playwright.request, 'ACO_ADMIN')
  const { results } = await api.get<PatientList>('/api/patients/?ordering=-data_as_of')
  const patient = results.find((candidate) => candidate.data_as_of !== null)
  if (!patient) throw new Error('the demo ACO has a patient with data')
  const record = await api.get<Consolidated>(`/api/patients/${patient.id}/consolidated/`)
  const claim = record.claims[0]
  if (!claim) throw new Error('the demo patient has claims')
  await api.dispose()

  const deal = dealThemes(0)
  await signInAs(page, 'ACO_ADMIN')
  await page.goto('/app/dashboard')
  await expectAccessibleInItsThemes(page, deal, heading(page, /./))
  await page.goto('/app/authorization-request-list')
  await expectAccessibleInItsThemes(page, deal, heading(page, 'Authorization Requests'))
  await page.goto(`/app/patient/${patient.id}#claims`)
  await expectAccessibleInItsThemes(page, deal, () =>
    expect(page.getByRole('table', { name: 'Claims' })).toBeVisible(),
  )
  await page.goto(`/app/claim/${claim.record_id}`)
  await expectAccessibleInItsThemes(page, deal, async () => {
    await heading(page, 'Claim Details')()
    await expect(page.getByText('Loading claim…')).toHaveCount(0)
  })
  await page.goto('/app/admin/tin-management')
  await expectAccessibleInItsThemes(page, deal, () =>
    expect(page.getByRole('table', { name: 'TINs' }).getByRole('row')).not.toHaveCount(1),
  )
})

test('platform admin’s reports and reference data, and a subscriber’s billing, in their share of the themes', async ({
  page,
  browser,
}) => {
  const deal = dealThemes(1)
  await signInAs(page, 'ADMIN')
  await page.goto('/app/admin/reports')
  await expectAccessibleInItsThemes(page, deal, () =>
    expect(page.getByRole('table', { name: 'Requests by status' })).toBeVisible(),
  )
  await page.goto('/app/admin/reference-data')
  await expectAccessibleInItsThemes(page, deal, async () => {
    await heading(page, 'Reference Data Management')()
    await expect(page.getByRole('table').first()).toBeVisible()
  })

  const subscriber = await (await browser.newContext()).newPage()
  await signInAs(subscriber, 'USER')
  await subscriber.goto('/app/billing')
  await expectAccessibleInItsThemes(subscriber, deal, heading(subscriber, 'Billing Dashboard'))
  await subscriber.context().close()
})
