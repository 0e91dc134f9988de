// Drives the sandbox's login and consent pages over HTTP the way a browser would, for tests and
// benchmarks that have no browser: authorize URL → login form → consent form → redirect to the app.

export type ConsentChoice = {
  readonly username: string
  // Defaults to the sandbox's password pattern for the user (PW + the 5 digits + '!').
  readonly password?: string
  readonly allow?: boolean
  // false unticks "Share personal information" (withholds Patient and profile).
  readonly shareDemographics?: boolean
  // v3 only: true ticks "Alcohol & substance use information" (42 CFR Part 2 claims). Unticked by default, as on Medicare's page.
  readonly sharePart2?: boolean
  readonly fetch?: typeof fetch
}

export type ConsentOutcome =
  // The sandbox redirected to the app's redirect URI (with code+state, or error+state).
  | { readonly kind: 'redirect'; readonly location: URL }
  // The flow stopped on a sandbox page (bad password, no Medicare record, invalid scopes...).
  | { readonly kind: 'page'; readonly status: number; readonly body: string }

async function step(doFetch: typeof fetch, url: string, init: RequestInit = {}): Promise<Response> {
  return doFetch(url, { ...init, redirect: 'manual' })
}

const postForm = (doFetch: typeof fetch, url: string, fields: Record<string, string>): Promise<Response> =>
  step(doFetch, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })

const stopped = async (res: Response): Promise<ConsentOutcome> => ({
  kind: 'page',
  status: res.status,
  body: await res.text(),
})

function formAction(html: string): string | undefined {
  return /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&')
}

export async function simulateBeneficiaryConsent(
  authorizeUrl: string,
  choice: ConsentChoice,
): Promise<ConsentOutcome> {
  const doFetch = choice.fetch ?? fetch
  const start = await step(doFetch, authorizeUrl)
  const loginUrl = start.headers.get('location')
  if (start.status !== 302 || !loginUrl) return stopped(start)
  const loginPage = await step(doFetch, loginUrl)
  const loginHtml = await loginPage.text()
  const action = formAction(loginHtml)
  if (loginPage.status !== 200 || !action) return { kind: 'page', status: loginPage.status, body: loginHtml }
  const login = await postForm(doFetch, action, {
    auth_request: new URL(loginUrl).searchParams.get('auth_request') ?? '',
    username: choice.username,
    password: choice.password ?? `PW${choice.username.slice(-5)}!`,
  })
  const consentUrl = login.headers.get('location')
  if (login.status !== 302 || !consentUrl) return stopped(login)
  const consentPage = await step(doFetch, consentUrl)
  if (consentPage.status !== 200) return stopped(consentPage)
  await consentPage.text()
  const fields: Record<string, string> = choice.allow === false ? { deny: 'Deny' } : { allow: 'Allow' }
  if (choice.shareDemographics !== false) fields['share_demographic_scopes'] = 'true'
  fields['share_samhsa_data'] = choice.sharePart2 ? 'True' : 'False'
  const decision = await postForm(doFetch, consentUrl, fields)
  const location = decision.headers.get('location')
  return decision.status === 302 && location
    ? { kind: 'redirect', location: new URL(location) }
    : stopped(decision)
}
