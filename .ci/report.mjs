// The end of a CI run in numbers: how long each step took, and the ten slowest test files of the run
// (vitest files per project, Playwright spec files), so the next slow suite is seen where it is added.
// Usage: node .ci/report.mjs <steps.tsv> <vitest-file-timings.jsonl> <playwright.json>
// Any input may be missing (a step that failed before writing it): what exists is reported.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

const [stepsFile, vitestFile, playwrightFile] = process.argv.slice(2)

const read = (file) => (file && existsSync(file) ? readFileSync(file, 'utf8') : '')
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9)

/** Lines of `name<TAB>started<TAB>ended<TAB>outcome`, times in epoch seconds. */
function steps() {
  return read(stepsFile)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, started, ended, outcome] = line.split('\t')
      return { name, ms: (Number(ended) - Number(started)) * 1000, outcome }
    })
}

function vitestFiles() {
  return read(vitestFile)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
}

/** A spec file's wall time: from its first test's start to its last test's end (one worker runs a file). */
function playwrightFiles() {
  const text = read(playwrightFile)
  if (!text) return []
  const report = JSON.parse(text)
  const spans = new Map()
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) {
          const start = Date.parse(result.startTime)
          const span = spans.get(spec.file) ?? { start, end: start, failed: false }
          span.start = Math.min(span.start, start)
          span.end = Math.max(span.end, start + result.duration)
          span.failed ||= result.status !== 'passed' && result.status !== 'skipped'
          spans.set(spec.file, span)
        }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites ?? []) visit(suite)
  return [...spans].map(([file, span]) => ({
    runner: 'playwright',
    file: relative(process.cwd(), `${report.config?.rootDir ?? 'e2e/tests'}/${file}`),
    ms: span.end - span.start,
    state: span.failed ? 'failed' : 'passed',
  }))
}

const timed = steps()
if (timed.length > 0) {
  console.log('\nSteps (wall time; the test lanes run side by side):')
  for (const step of timed)
    console.log(`${seconds(step.ms)}  ${step.name}${step.outcome === '0' ? '' : '  FAILED'}`)
}

const files = [...vitestFiles(), ...playwrightFiles()].sort((a, b) => b.ms - a.ms)
if (files.length > 0) {
  console.log(`\nThe ten slowest test files (of ${files.length}):`)
  for (const file of files.slice(0, 10))
    console.log(
      `${seconds(file.ms)}  ${file.file}  (${file.runner})${file.state === 'passed' ? '' : `  ${file.state}`}`,
    )
}
