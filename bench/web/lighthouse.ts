// Lighthouse on /app/login of a running production server (npm start), with Debian's Chromium.
// Usage: npm start (in another shell), then: CHROME_PATH=/usr/bin/chromium npx tsx bench/web/lighthouse.ts [url]
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const url = process.argv[2] ?? 'http://localhost:8000/app/login'
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  })
  if (!result) throw new Error('lighthouse returned nothing')
  const { categories, audits } = result.lhr
  for (const [name, category] of Object.entries(categories)) {
    console.log(`${name.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`)
  }
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ]) {
    console.log(`${id.padEnd(26)} ${audits[id]?.displayValue ?? '-'}`)
  }
} finally {
  await chrome.kill()
}
