#!/usr/bin/env -S npx tsx
// Batch CLI: JSON lines on stdin -> CSV on stdout; bad lines go to stderr with their line number.
// Exit code is non-zero only for usage errors.
import { createInterface } from 'node:readline'
import { CSV_HEADER, USAGE, parseArgs, processLine, type CliOptions } from './cli-core.ts'

const FLUSH_BYTES = 1 << 16

function run(options: CliOptions): void {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity })
  let buffer = `${CSV_HEADER}\n`
  let lineNo = 0
  let bad = 0
  const flush = (): void => {
    if (buffer === '') return
    const ok = process.stdout.write(buffer)
    buffer = ''
    // Respect back-pressure so a slow consumer does not make us buffer the whole output.
    if (!ok) {
      rl.pause()
      process.stdout.once('drain', () => rl.resume())
    }
  }
  rl.on('line', (line) => {
    lineNo++
    if (line.trim() === '') return
    const result = processLine(line, options)
    if (result.ok) {
      buffer += `${result.row}\n`
      if (buffer.length >= FLUSH_BYTES) flush()
    } else {
      bad++
      process.stderr.write(`line ${lineNo}: ${result.error}\n`)
    }
  })
  rl.on('close', () => {
    flush()
    if (bad > 0) process.stderr.write(`${bad} line(s) skipped\n`)
  })
}

const parsed = parseArgs(process.argv.slice(2))
if (parsed.ok) run(parsed.options)
else if (parsed.error === null) process.stdout.write(`${USAGE}\n`)
else {
  process.stderr.write(`${parsed.error}\n${USAGE}\n`)
  process.exitCode = 2
}
