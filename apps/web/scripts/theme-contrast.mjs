// Writes src/styles/theme-contrast.css: palette corrections so every daisyUI theme we ship meets WCAG AA
// (4.5:1) for the colour pairs the app uses (most of the 32 themes fail out of the box).
// Run: node apps/web/scripts/theme-contrast.mjs   (prints a before/after report; --check fails on any gap)
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const webRoot = resolve(here, '..')
const THEMES = [
  'light',
  'dark',
  'cupcake',
  'bumblebee',
  'emerald',
  'corporate',
  'synthwave',
  'retro',
  'cyberpunk',
  'valentine',
  'halloween',
  'garden',
  'forest',
  'aqua',
  'lofi',
  'pastel',
  'fantasy',
  'wireframe',
  'black',
  'luxury',
  'dracula',
  'cmyk',
  'autumn',
  'business',
  'acid',
  'lemonade',
  'night',
  'coffee',
  'winter',
  'dim',
  'nord',
  'sunset',
]
const TARGET = 4.6 // a little above 4.5 so rounding in the browser never tips a pair under AA

// [text, background]: each text colour is adjusted first; a background only when text alone cannot reach AA.
const PAIRS = [
  ['base-content', 'base-100'],
  ['base-content', 'base-200'],
  ['base-content', 'base-300'],
  ['error', 'base-100'],
  ['error', 'base-200'],
  ['primary-content', 'primary'],
  ['secondary-content', 'secondary'],
  ['accent-content', 'accent'],
  ['neutral-content', 'neutral'],
  ['info-content', 'info'],
  ['success-content', 'success'],
  ['warning-content', 'warning'],
  ['error-content', 'error'],
]

function findThemeDir() {
  let dir = webRoot
  for (;;) {
    const candidate = join(dir, 'node_modules', 'daisyui', 'theme')
    if (existsSync(candidate)) return candidate
    const parent = dirname(dir)
    if (parent === dir) throw new Error('daisyui/theme not found')
    dir = parent
  }
}

const parseOklch = (text) => {
  const m = /oklch\(\s*([\d.]+)%\s+([\d.]+)\s+([\d.]+)\s*\)/.exec(text)
  if (!m) throw new Error(`not oklch: ${text}`)
  return { l: Number(m[1]) / 100, c: Number(m[2]), h: Number(m[3]) }
}
const format = ({ l, c, h }) => `oklch(${(l * 100).toFixed(2)}% ${c.toFixed(3)} ${h.toFixed(3)})`

function toLinearSrgb({ l, c, h }) {
  const a = c * Math.cos((h * Math.PI) / 180)
  const b = c * Math.sin((h * Math.PI) / 180)
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3
  const rgb = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ]
  return rgb
}
const inGamut = (color) => toLinearSrgb(color).every((v) => v >= -1e-4 && v <= 1 + 1e-4)
// Browsers map out-of-gamut colours by lowering chroma at the same lightness; do the same so the
// contrast computed here is the one the browser (and axe) will see.
function intoGamut(color) {
  let next = { ...color }
  while (!inGamut(next) && next.c > 0.0005) next = { ...next, c: next.c * 0.95 }
  return inGamut(next) ? next : { ...next, c: 0 }
}
const luminance = (color) => {
  const [r, g, b] = toLinearSrgb(intoGamut(color)).map((v) => Math.min(1, Math.max(0, v)))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
export const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

// Moves `color` away from `other` in lightness until the pair reaches the target (or lightness runs out).
function pushAway(color, other, preferDarker) {
  const darker =
    preferDarker ?? contrast({ l: 0, c: 0, h: 0 }, other) >= contrast({ l: 1, c: 0, h: 0 }, other)
  let next = { ...color }
  while (contrast(next, other) < TARGET && (darker ? next.l > 0 : next.l < 1)) {
    next = intoGamut({ ...next, l: Math.min(1, Math.max(0, next.l + (darker ? -0.01 : 0.01))) })
  }
  return next
}

function correctTheme(colors) {
  const fixed = { ...colors }
  const changed = new Set()
  for (let pass = 0; pass < 3; pass += 1) {
    for (const [fg, bg] of PAIRS) {
      if (contrast(fixed[fg], fixed[bg]) >= TARGET) continue
      // error text sits on base-100 and error-content sits on error: keeping error-content on the base's side
      // of the lightness scale lets both pairs be satisfied at once.
      const baseIsLight = luminance(fixed['base-100']) > 0.18
      fixed[fg] = pushAway(fixed[fg], fixed[bg], fg === 'error-content' ? !baseIsLight : undefined)
      changed.add(fg)
      if (contrast(fixed[fg], fixed[bg]) < TARGET) {
        fixed[bg] = pushAway(fixed[bg], fixed[fg])
        changed.add(bg)
      }
    }
  }
  return { fixed, changed }
}

function readTheme(dir, name) {
  const css = readFileSync(join(dir, `${name}.css`), 'utf8')
  const colors = {}
  for (const m of css.matchAll(/--color-([a-z0-9-]+):\s*([^;]+);/g)) colors[m[1]] = parseOklch(m[2])
  return colors
}

const dir = findThemeDir()
const blocks = []
const failures = []
for (const name of THEMES) {
  const colors = readTheme(dir, name)
  const { fixed, changed } = correctTheme(colors)
  const worst = Math.min(...PAIRS.map(([fg, bg]) => contrast(fixed[fg], fixed[bg])))
  const before = Math.min(...PAIRS.map(([fg, bg]) => contrast(colors[fg], colors[bg])))
  console.log(
    `${name.padEnd(10)} worst pair ${before.toFixed(2)} -> ${worst.toFixed(2)} (${changed.size} colours changed)`,
  )
  if (worst < 4.5) {
    failures.push(name)
    for (const [fg, bg] of PAIRS) {
      const ratio = contrast(fixed[fg], fixed[bg])
      if (ratio < 4.5) console.log(`    ${fg} on ${bg}: ${ratio.toFixed(2)}`)
    }
  }
  if (changed.size === 0) continue
  const selector =
    name === 'light' ? ':root:not([data-theme]), [data-theme="light"]' : `[data-theme="${name}"]`
  const body = [...changed]
    .sort()
    .map((key) => `  --color-${key}: ${format(fixed[key])};`)
    .join('\n')
  blocks.push(`${selector} {\n${body}\n}`)
}
const header =
  '/* Generated by scripts/theme-contrast.mjs: daisyUI palette corrections for WCAG AA text contrast. Do not edit. */\n'
const output = `${header}${blocks.join('\n')}\n`
const target = join(webRoot, 'src', 'styles', 'theme-contrast.css')
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : ''
  if (current !== output || failures.length > 0) {
    console.error(failures.length ? `Themes below AA: ${failures.join(', ')}` : 'theme-contrast.css is stale')
    process.exit(1)
  }
} else {
  writeFileSync(target, output)
}
