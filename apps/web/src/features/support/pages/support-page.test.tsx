import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json, networkFailure, type FakeFetch } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const ROUTE = 'POST /api/support/'
const accepted = json(201, {
  request_id: 'SR-K7M2Q9XA',
  detail: 'Your support request has been submitted successfully.',
})

async function openSupport(fake: FakeFetch) {
  await signIn(makeUser())
  renderApp('/app/support', { fake })
  await screen.findByRole('heading', { level: 1, name: 'Contact Support' }, { timeout: 10_000 })
  return {
    subject: screen.getByRole('textbox', { name: 'Subject' }),
    message: screen.getByRole('textbox', { name: 'Message' }),
    submit: () => screen.getByRole('button', { name: /Submit Support Request|Submitting\.\.\./ }),
  }
}

describe('Contact Support', { timeout: 20_000 }, () => {
  it('counts characters, stays disabled until valid, trims on send and shows the Request ID', async () => {
    const user = userEvent.setup()
    let release: () => void = () => {}
    const fake = createFakeFetch().on(
      ROUTE,
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(accepted.clone())
        }),
    )
    const form = await openSupport(fake)
    expect(screen.getByText('0/200')).toBeInTheDocument()
    expect(screen.getByText('0/5000')).toBeInTheDocument()
    // The counter is read with its field.
    expect(form.subject).toHaveAccessibleDescription('0 of 200 characters')
    expect(form.submit()).toBeDisabled()
    expect(await axeViolations()).toEqual([])

    await user.type(form.subject, '  Export fails ')
    expect(screen.getByText('15/200')).toBeInTheDocument()
    await user.type(form.message, 'too short')
    await user.tab()
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument()
    expect(form.message).toHaveAttribute('aria-invalid', 'true')
    expect(form.submit()).toBeDisabled()
    await user.type(form.message, ' still.')
    expect(screen.queryByText('Message must be at least 10 characters')).not.toBeInTheDocument()
    expect(form.submit()).toBeEnabled()

    await user.click(form.submit())
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled()
    release()
    const success = await screen.findByText('Your support request has been submitted successfully.')
    const alert = success.closest('[role="status"]') as HTMLElement
    expect(within(alert).getByText('SR-K7M2Q9XA')).toBeInTheDocument()
    expect(alert).toHaveTextContent('Request ID: SR-K7M2Q9XA')
    expect(alert).toHaveTextContent("We'll respond to your email within 24 hours.")
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument()
    expect(fake.callsTo(ROUTE)[0]?.body).toEqual({
      subject: 'Export fails',
      message: 'too short still.',
    })
    expect(fake.callsTo(ROUTE)[0]?.headers.get('Authorization')).toBe('Bearer test-access-token')
    expect(await axeViolations()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }))
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveFocus()
    expect(screen.getByText('0/5000')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit Support Request' })).toBeDisabled()
  })

  it("shows the server's field errors beside the fields and in a list, and the first non-field error", async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch().on(
      ROUTE,
      json(400, {
        subject: ['Subject must be 200 characters or less'],
        message: ['Message must be at least 10 characters'],
      }),
      json(400, { non_field_errors: ['Support is closed for maintenance.', 'Second'] }),
    )
    const form = await openSupport(fake)
    await user.type(form.subject, 'Hello')
    await user.type(form.message, 'A long enough message')
    await user.click(form.submit())
    const list = (await screen.findByText('Please fix the following errors:')).closest(
      '[role="alert"]',
    ) as HTMLElement
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Subject must be 200 characters or less', 'Message must be at least 10 characters'])
    expect(form.subject).toHaveAccessibleDescription(
      expect.stringContaining('Subject must be 200 characters or less'),
    )
    expect(form.message).toHaveAttribute('aria-invalid', 'true')
    // Editing a field clears the server's word on it.
    await user.type(form.subject, '!')
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)

    await user.click(form.submit())
    expect(await screen.findByText('Support is closed for maintenance.')).toBeInTheDocument()
    expect(screen.queryByText('Second')).not.toBeInTheDocument()
    expect(screen.queryByText('Please fix the following errors:')).not.toBeInTheDocument()
  })

  it("shows the server's message, else the fallback sentence", async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch().on(
      ROUTE,
      json(429, { detail: 'Too many requests. Please try again later.', code: 'rate_limited' }),
      json(503, { message: 'Support is down for maintenance' }),
      () => networkFailure(),
      new Response('oops', { status: 500 }),
    )
    const form = await openSupport(fake)
    await user.type(form.subject, 'Hello')
    await user.type(form.message, 'A long enough message')
    for (const expected of [
      'Too many requests. Please try again later.',
      'Support is down for maintenance',
      'An error occurred while submitting your request. Please try again later.',
      'oops',
    ]) {
      await user.click(form.submit())
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(expected))
    }
    // The form stays filled for another try.
    expect(form.subject).toHaveValue('Hello')
  })
})
