import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts'

describe('the embedded database directory lock', () => {
  let root: string
  let dataDir: string
  const children: ChildProcess[] = []
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'blueconsent-lock-'))
    dataDir = join(root, 'pglite')
  })
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL')
    rmSync(root, { recursive: true, force: true })
  })

  it('refuses a second opener in this process, naming the directory and the process', () => {
    const release = lockDataDir(dataDir)
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid))
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError)
    expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`${dataDir}.*process ${process.pid}`))
    release()
    expect(existsSync(`${dataDir}.lock`)).toBe(false)
    lockDataDir(dataDir)()
  })

  it('refuses while another live process holds it', () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    children.push(holder)
    writeFileSync(`${dataDir}.lock`, String(holder.pid))
    expect(() => lockDataDir(dataDir)).toThrow(`already open in process ${holder.pid}`)
  })

  it('takes over a lock left by a killed process, or by an earlier process with our pid', async () => {
    const holder = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await new Promise((resolve) => holder.once('exit', resolve))
    writeFileSync(`${dataDir}.lock`, String(holder.pid))
    const release = lockDataDir(dataDir)
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid))
    release()
    // A container restarted with the same pid finds its own pid in a lock this process never took.
    writeFileSync(`${dataDir}.lock`, String(process.pid))
    lockDataDir(dataDir)()
  })
})
