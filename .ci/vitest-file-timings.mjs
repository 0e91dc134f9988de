// A vitest reporter that writes each test file's wall time (environment, import, setup and tests) as one JSON
// line per file to the path in VITEST_FILE_TIMINGS, so CI can name its slowest files at the end.
import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'

export default class FileTimingsReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    // eslint-disable-next-line no-restricted-properties -- CI's own tooling, not the app: it names the file
    const target = process.env.VITEST_FILE_TIMINGS
    if (!target) return
    const lines = testModules.map((testModule) => {
      const timing = testModule.diagnostic()
      const ms =
        timing.environmentSetupDuration +
        timing.prepareDuration +
        timing.collectDuration +
        timing.setupDuration +
        timing.duration
      return JSON.stringify({
        runner: `vitest ${testModule.project.name}`,
        file: relative(process.cwd(), testModule.moduleId),
        ms: Math.round(ms),
        state: testModule.state(),
      })
    })
    writeFileSync(target, `${lines.join('\n')}\n`)
  }
}
