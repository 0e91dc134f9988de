// Server-rendered pages without a template engine: every interpolated value is escaped unless it is
// already a Html fragment built by `html`.

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}

type Part = Html | string | number | null | undefined | false | readonly Part[]

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return ''
  if (part instanceof Html) return part.value
  if (Array.isArray(part)) return part.map((p: Part) => render(p)).join('')
  return escapeHtml(String(part))
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '')
  })
  return new Html(out)
}

export function page(input: { basePath: string; title: string; businessName: string; body: Html }): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${input.title} · ${input.businessName} (Stripe stand-in)</title>
        <link rel="stylesheet" href="${input.basePath}/assets/standin.css" />
      </head>
      <body>
        <header class="top">
          <span class="brand">${input.businessName}</span>
          <span class="badge" title="No real card is charged">Test mode</span>
        </header>
        <main id="main">${input.body}</main>
        <footer class="foot">
          <p>Local Stripe stand-in. No real payment is taken: use a test card such as 4242 4242 4242 4242.</p>
        </footer>
      </body>
    </html> `.value
}

// Plain CSS: system fonts, contrast of at least 4.5:1 for text (WCAG 2.1 AA), visible focus rings.
export const STYLESHEET = `
:root { color-scheme: light; --ink: #1a1f36; --muted: #4f566b; --line: #c7ccd6; --accent: #3d2fd0;
  --accent-ink: #ffffff; --danger: #b3261e; --ok: #146c2e; --panel: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #ffffff; }
.top { display: flex; align-items: center; gap: 0.75rem; padding: 0.75rem 1.5rem; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; }
.badge { font-size: 0.75rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em;
  color: #7a3100; background: #ffe9d6; border-radius: 4px; padding: 0.1rem 0.4rem; }
main { max-width: 46rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.75rem; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
.muted { color: var(--muted); }
.amount { font-size: 1.5rem; font-weight: 700; }
dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dl.summary dt { color: var(--muted); }
dl.summary dd { margin: 0; }
form.card { display: grid; gap: 0.9rem; margin-top: 1rem; }
fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem 1rem; margin: 0; display: grid; gap: 0.75rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
.row { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 0.75rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input { width: 100%; font: inherit; padding: 0.5rem 0.6rem; border: 1px solid #6b7385; border-radius: 6px; color: var(--ink); background: #ffffff; }
input[aria-invalid="true"] { border-color: var(--danger); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
button, .button { display: inline-block; font: inherit; font-weight: 600; padding: 0.55rem 1.1rem; border-radius: 6px;
  border: 1px solid var(--accent); background: var(--accent); color: var(--accent-ink); cursor: pointer; text-decoration: none; }
button.secondary, .button.secondary { background: #ffffff; color: var(--accent); }
button.danger { background: #ffffff; color: var(--danger); border-color: var(--danger); }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
.error { color: var(--danger); font-weight: 600; border-left: 4px solid var(--danger); padding: 0.25rem 0.75rem; margin: 0; }
.notice { color: var(--ok); font-weight: 600; border-left: 4px solid var(--ok); padding: 0.25rem 0.75rem; }
ul.cards { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
ul.cards li { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 0.5rem;
  border: 1px solid var(--line); border-radius: 8px; padding: 0.6rem 0.9rem; }
ul.cards form { display: inline; }
.tag { font-size: 0.8rem; font-weight: 700; color: #0b4a8b; background: #e3efff; border-radius: 4px; padding: 0.05rem 0.4rem; margin-left: 0.5rem; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 0.45rem 0.5rem; border-bottom: 1px solid var(--line); }
th { color: var(--muted); font-weight: 600; }
td.num, th.num { text-align: right; }
a { color: var(--accent); }
.foot { max-width: 46rem; margin: 2rem auto; padding: 0 1.5rem; color: var(--muted); font-size: 0.9rem; }
details { margin-top: 0.5rem; }
`
