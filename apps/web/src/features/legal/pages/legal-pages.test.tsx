import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { renderApp } from '@/testing/render-app.tsx'

describe('legal pages', () => {
  it('serves the privacy policy to anyone, standalone, covering what a patient needs to know', async () => {
    renderApp('/privacy-policy')
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument()
    for (const section of ['What we collect', 'Why we use it', 'Who sees it', 'How long we keep it']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument()
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights as a patient' })).toBeInTheDocument()
    expect(screen.getByText(/withdraw your permission at any time/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Medicare.gov account' })).toHaveAttribute(
      'href',
      expect.stringContaining('medicare.gov'),
    )
    // No app shell: no main navigation, and the way to the other document.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(
      within(screen.getByRole('navigation', { name: 'Legal' })).getByRole('link', {
        name: 'Terms of Service',
      }),
    ).toHaveAttribute('href', '/terms-of-service')
    expect(await axeViolations('page')).toEqual([])
  })

  it('serves the terms of service to anyone', async () => {
    renderApp('/terms-of-service')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Your responsibilities' })).toBeInTheDocument()
    expect(await axeViolations('page')).toEqual([])
  })
})
