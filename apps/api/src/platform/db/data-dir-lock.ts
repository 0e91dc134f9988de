// PGlite is PostgreSQL in one process: two processes writing one data directory corrupt it. The first to
// open a directory writes its pid beside it (`<dir>.lock`, created exclusively); a second opener, in this
// process or another, is refused while that process lives. A lock left by a killed process is taken over.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already open in process ${pid}. PGlite serves one process ` +
        `only: stop that process, or give this one its own DATA_DIR (or a DATABASE_URL for PostgreSQL).`,
    )
    this.name = 'DataDirInUseError'
  }
}

/** Locks this process holds: a lock file naming our own pid but not listed here was left by an earlier
 * process that had the same pid (a container's restarted pid 1). */
const heldHere = new Set<string>()

const lockPathOf = (dataDir: string): string => `${dataDir.replace(/[/\\]+$/, '')}.lock`

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function holderOf(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** Takes the directory for this process; the returned function gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = lockPathOf(dataDir)
  const mine = String(process.pid)
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockPath, mine, { flag: 'wx' })
      heldHere.add(lockPath)
      return () => {
        if (!heldHere.delete(lockPath)) return
        if (holderOf(lockPath) === process.pid) unlinkSync(lockPath)
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = holderOf(lockPath)
      const live = holder === process.pid ? heldHere.has(lockPath) : holder !== null && isRunning(holder)
      if (live && holder !== null) throw new DataDirInUseError(dataDir, holder)
      // Its process is gone (killed, or the machine restarted): the lock is stale.
      try {
        unlinkSync(lockPath)
      } catch {
        // Another starter removed it first; try again.
      }
    }
  }
  throw new Error(`Could not lock the embedded database directory ${dataDir} (${lockPath})`)
}
