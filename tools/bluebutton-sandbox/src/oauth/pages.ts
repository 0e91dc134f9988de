// Server-rendered pages standing in for Medicare.gov's login and Blue Button's consent screen.
// Plain forms (no script) with labels, headings and a lang attribute, so a browser test can
// drive them by role and label: "Username", "Password", "Sign in", "Allow", "Deny".

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

export type Lang = 'en' | 'es'

function layout(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;font-size:1.125rem;line-height:1.5;color:#1b1b1b}
label{display:block;font-weight:600;margin-top:1rem}
input[type=text],input[type=password]{font-size:1.125rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1.125rem;padding:.6rem 1.4rem;margin:1.2rem .6rem 0 0;cursor:pointer}
.error{color:#b50909;font-weight:600}
.note{color:#555;font-size:1rem}
.checkbox label{display:inline;font-weight:400}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

export function loginPage(opts: {
  lang: Lang
  action: string
  authRequest: string
  error?: string
  username?: string
}): string {
  const error = opts.error
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(opts.error)}</p>`
    : ''
  return layout(
    opts.lang,
    'Log in to Medicare.gov (sandbox)',
    `<h1>Log in to Medicare.gov</h1>
<p class="note">Blue Button sandbox: sign in as a synthetic beneficiary, for example <code>BBUser00000</code> with password <code>PW00000!</code>.</p>
${error}
<form method="post" action="${escapeHtml(opts.action)}" id="login-form">
<input type="hidden" name="auth_request" value="${escapeHtml(opts.authRequest)}">
<label for="username">Username</label>
<input type="text" id="username" name="username" autocomplete="username" required value="${escapeHtml(opts.username ?? '')}">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit" id="sign-in">Sign in</button>
</form>`,
  )
}

export type ConsentView = {
  lang: Lang
  action: string
  appName: string
  beneficiaryName: string
  durationText: string
  showDemographicsChoice: boolean
}

export function consentPage(view: ConsentView): string {
  const share = view.showDemographicsChoice
    ? `<p class="checkbox"><input type="checkbox" id="share-demographics" name="share_demographic_scopes" value="true" checked>
<label for="share-demographics">Share personal information (name, date of birth, sex, race, and ZIP code) with ${escapeHtml(view.appName)}</label></p>`
    : ''
  return layout(
    view.lang,
    `Allow ${view.appName} to access your Medicare claims?`,
    `<h1>Allow ${escapeHtml(view.appName)} to access your Medicare claims?</h1>
<p>Signed in as ${escapeHtml(view.beneficiaryName)}.</p>
<h2>What ${escapeHtml(view.appName)} will get</h2>
<ul>
<li>Your Medicare claims: doctor visits, hospital stays, and prescription drugs</li>
<li>Your Medicare coverage (Parts A, B, C and D)</li>
</ul>
<p id="access-duration">${escapeHtml(view.durationText)}</p>
<form method="post" action="${escapeHtml(view.action)}" id="consent-form">
${share}
<button type="submit" name="allow" value="Allow" id="allow">Allow</button>
<button type="submit" name="deny" value="Deny" id="deny">Deny</button>
</form>`,
  )
}

export function errorPage(lang: Lang, title: string, message: string): string {
  return layout(
    lang,
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p id="error-message">${escapeHtml(message)}</p>`,
  )
}
