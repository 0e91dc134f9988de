// Server-rendered pages standing in for Medicare.gov's login and Blue Button's consent screen.
// Plain forms (no script) with labels, headings and a lang attribute, so a browser test can
// drive them by role and label: "Username", "Password", "Sign in", "Allow", "Deny".
import { MEDICARE, formatSpokenDay, periodText } from '@blueconsent/contract/durations'

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

export type Lang = 'en' | 'es'

// Served as a file, not inline, so a host app's Content-Security-Policy (style-src 'self') allows it.
export const SANDBOX_CSS = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;font-size:1.125rem;line-height:1.5;color:#1b1b1b}
label{display:block;font-weight:600;margin-top:1rem}
input[type=text],input[type=password]{font-size:1.125rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1.125rem;padding:.6rem 1.4rem;margin:1.2rem .6rem 0 0;cursor:pointer}
.error{color:#b50909;font-weight:600}
.note{color:#555;font-size:1rem}
.checkbox label{display:inline;font-weight:400}
`

function layout(lang: Lang, cssHref: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(cssHref)}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

type Copy = {
  loginTitle: string
  loginHint: string
  username: string
  password: string
  signIn: string
  badCredentials: string
  consentTitle: (app: string) => string
  signedInAs: (name: string) => string
  whatAppGets: (app: string) => string
  claims: string
  coverage: string
  share: (app: string) => string
  part2: string
  part2Detail: string
  allow: string
  deny: string
  duration: (app: string, access: AccessSummary) => string
  expiredTitle: string
  expiredMessage: string
  noRecordTitle: string
  noRecordMessage: string
}

export type AccessSummary =
  | { readonly type: 'ONE_TIME' }
  /** `until`: the grant's end, an ISO moment, stated as a day in the portal's words. */
  | { readonly type: 'THIRTEEN_MONTH'; readonly until: string }
  | { readonly type: 'RESEARCH_STUDY' }

// What CMS grants in 2026, phrased as the portal phrases it so the patient reads the same words on both sides:
// a one-time application's single token lasts an hour; a 13-month grant ends on its day.
const TOKEN_HOUR = { unit: 'hours', count: MEDICARE.accessTokenMinutes / 60 } as const
const GRANT_MONTHS = { unit: 'months', count: MEDICARE.thirteenMonthGrantMonths } as const

const COPY: Record<Lang, Copy> = {
  en: {
    loginTitle: 'Log in to Medicare.gov',
    loginHint:
      'Blue Button sandbox: sign in as a synthetic beneficiary, for example BBUser00000 with password PW00000!.',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    badCredentials: 'The username or password is incorrect.',
    consentTitle: (app) => `Allow ${app} to access your Medicare claims?`,
    signedInAs: (name) => `Signed in as ${name}.`,
    whatAppGets: (app) => `What ${app} will get`,
    claims: 'Your Medicare claims: doctor visits, hospital stays, and prescription drugs',
    coverage: 'Your Medicare coverage (Parts A, B, C and D)',
    share: (app) => `Share personal information (name, date of birth, sex, race, and ZIP code) with ${app}`,
    part2: 'Alcohol & substance use information',
    part2Detail:
      'These include claims related to alcohol and/or substance use disorder treatment. Leave unchecked to keep them private.',
    allow: 'Allow',
    deny: 'Deny',
    duration: (app, access) =>
      access.type === 'ONE_TIME'
        ? `${app} will have access to your data for ${periodText(TOKEN_HOUR, 'en')}.`
        : access.type === 'THIRTEEN_MONTH'
          ? `${app} will have access to your data for ${periodText(GRANT_MONTHS, 'en')}, until ${formatSpokenDay(access.until, 'en')}.`
          : `${app} is a research study application.`,
    expiredTitle: 'This request has expired',
    expiredMessage: 'Your sign-in request has expired or is not valid. Go back to the app and start again.',
    noRecordTitle: 'We can’t find your Medicare information',
    noRecordMessage:
      'The patient data cannot be found. There is no Medicare record matching this account, so no data can be shared with the app.',
  },
  es: {
    loginTitle: 'Inicie sesión en Medicare.gov',
    loginHint:
      'Entorno de prueba de Blue Button: inicie sesión como un beneficiario ficticio, por ejemplo BBUser00000 con la contraseña PW00000!.',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    badCredentials: 'El nombre de usuario o la contraseña no son correctos.',
    consentTitle: (app) => `¿Permitir que ${app} acceda a sus reclamaciones de Medicare?`,
    signedInAs: (name) => `Sesión iniciada como ${name}.`,
    whatAppGets: (app) => `Lo que recibirá ${app}`,
    claims: 'Sus reclamaciones de Medicare: visitas médicas, hospitalizaciones y medicamentos recetados',
    coverage: 'Su cobertura de Medicare (Partes A, B, C y D)',
    part2: 'Información sobre el consumo de alcohol y sustancias',
    part2Detail:
      'Incluye reclamaciones relacionadas con el tratamiento de trastornos por consumo de alcohol o sustancias. Déjela sin marcar para mantenerlas privadas.',
    share: (app) =>
      `Compartir información personal (nombre, fecha de nacimiento, sexo, raza y código postal) con ${app}`,
    allow: 'Permitir',
    deny: 'Denegar',
    duration: (app, access) =>
      access.type === 'ONE_TIME'
        ? `${app} tendrá acceso a sus datos durante ${periodText(TOKEN_HOUR, 'es')}.`
        : access.type === 'THIRTEEN_MONTH'
          ? `${app} tendrá acceso a sus datos durante ${periodText(GRANT_MONTHS, 'es')}, hasta el ${formatSpokenDay(access.until, 'es')}.`
          : `${app} es una aplicación de un estudio de investigación.`,
    expiredTitle: 'Esta solicitud ha vencido',
    expiredMessage:
      'Su solicitud de inicio de sesión venció o no es válida. Vuelva a la aplicación y empiece de nuevo.',
    noRecordTitle: 'No encontramos su información de Medicare',
    noRecordMessage:
      'No se encuentran los datos del paciente. No hay un registro de Medicare para esta cuenta, así que no se pueden compartir datos con la aplicación.',
  },
}

export function loginPage(opts: {
  cssHref: string
  lang: Lang
  action: string
  authRequest: string
  failed?: boolean
  username?: string
}): string {
  const t = COPY[opts.lang]
  const error = opts.failed
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(t.badCredentials)}</p>`
    : ''
  return layout(
    opts.lang,
    opts.cssHref,
    t.loginTitle,
    `<h1>${escapeHtml(t.loginTitle)}</h1>
<p class="note">${escapeHtml(t.loginHint)}</p>
${error}
<form method="post" action="${escapeHtml(opts.action)}" id="login-form">
<input type="hidden" name="auth_request" value="${escapeHtml(opts.authRequest)}">
<label for="username">${escapeHtml(t.username)}</label>
<input type="text" id="username" name="username" autocomplete="username" required value="${escapeHtml(opts.username ?? '')}">
<label for="password">${escapeHtml(t.password)}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit" id="sign-in">${escapeHtml(t.signIn)}</button>
</form>`,
  )
}

export type ConsentView = {
  cssHref: string
  lang: Lang
  action: string
  appName: string
  beneficiaryName: string
  access: AccessSummary
  showDemographicsChoice: boolean
  // Blue Button v3 asks about 42 CFR Part 2 records; the box starts unchecked (not shared).
  showPart2Choice: boolean
  /** Which resources the app asked for, so the list says only what it will get. */
  resources: { claims: boolean; coverage: boolean }
}

export function consentPage(view: ConsentView): string {
  const t = COPY[view.lang]
  const share = view.showDemographicsChoice
    ? `<p class="checkbox"><input type="checkbox" id="share-demographics" name="share_demographic_scopes" value="true" checked>
<label for="share-demographics">${escapeHtml(t.share(view.appName))}</label></p>`
    : ''
  const part2 = view.showPart2Choice
    ? `<p class="checkbox"><input type="hidden" name="share_samhsa_data" value="False"><input type="checkbox" id="share-samhsa" name="share_samhsa_data" value="True" aria-describedby="share-samhsa-detail">
<label for="share-samhsa">${escapeHtml(t.part2)}</label></p>
<p class="note" id="share-samhsa-detail">${escapeHtml(t.part2Detail)}</p>`
    : ''
  const items = [
    ...(view.resources.claims ? [`<li>${escapeHtml(t.claims)}</li>`] : []),
    ...(view.resources.coverage ? [`<li>${escapeHtml(t.coverage)}</li>`] : []),
  ].join('\n')
  return layout(
    view.lang,
    view.cssHref,
    t.consentTitle(view.appName),
    `<h1>${escapeHtml(t.consentTitle(view.appName))}</h1>
<p>${escapeHtml(t.signedInAs(view.beneficiaryName))}</p>
<h2>${escapeHtml(t.whatAppGets(view.appName))}</h2>
<ul>
${items}
</ul>
<p id="access-duration">${escapeHtml(t.duration(view.appName, view.access))}</p>
<form method="post" action="${escapeHtml(view.action)}" id="consent-form">
${share}
${part2}
<button type="submit" name="allow" value="Allow" id="allow">${escapeHtml(t.allow)}</button>
<button type="submit" name="deny" value="Deny" id="deny">${escapeHtml(t.deny)}</button>
</form>`,
  )
}

export function errorPage(lang: Lang, kind: 'expired' | 'noRecord', cssHref: string): string {
  const t = COPY[lang]
  const [title, message] =
    kind === 'expired' ? [t.expiredTitle, t.expiredMessage] : [t.noRecordTitle, t.noRecordMessage]
  return layout(
    lang,
    cssHref,
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p id="error-message">${escapeHtml(message)}</p>`,
  )
}
