import axe from 'axe-core'
import { expect } from 'vitest'

/**
 * WCAG A/AA violations inside <main> (or the whole page for standalone pages with their own header and
 * footer); jsdom renders no CSS, so contrast is left to the e2e axe run.
 */
export async function axeViolations(scope: 'main' | 'page' = 'main'): Promise<string[]> {
  const main = (scope === 'main' ? document.querySelector('main') : null) ?? document.body
  const results = await axe.run(main, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  // A run that checked nothing would pass vacuously.
  expect(results.passes.length).toBeGreaterThan(5)
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}
