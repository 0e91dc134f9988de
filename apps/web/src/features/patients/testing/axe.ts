import axe from 'axe-core'
import { expect } from 'vitest'

/** WCAG A/AA violations inside <main>; jsdom renders no CSS, so contrast is left to the e2e axe run. */
export async function axeViolations(): Promise<string[]> {
  const main = document.querySelector('main') ?? document.body
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
