// Minimal load/act state for the patient pages, which stay off React Query to keep the route small.
import { useCallback, useEffect, useState } from 'react'

export type Load<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: T }

/** Loads `load(key)`; a retry or a new key shows pending until its own answer arrives. */
export function useLoad<T>(load: (key: string) => Promise<T>, key: string): [Load<T>, () => void] {
  const [attempt, setAttempt] = useState(0)
  const [result, setResult] = useState<{ tag: string; load: Load<T> } | null>(null)
  const tag = `${attempt}:${key}`
  useEffect(() => {
    let live = true
    load(key).then(
      (data) => live && setResult({ tag, load: { status: 'success', data } }),
      () => live && setResult({ tag, load: { status: 'error' } }),
    )
    return () => {
      live = false
    }
  }, [load, key, tag])
  const state: Load<T> = result?.tag === tag ? result.load : { status: 'pending' }
  return [state, useCallback(() => setAttempt((n) => n + 1), [])]
}

export type Action = { run: () => void; pending: boolean; failed: boolean; done: boolean }

export function useAction<T>(perform: () => Promise<T>, onSuccess: (result: T) => void): Action {
  const [state, setState] = useState<'idle' | 'pending' | 'failed' | 'done'>('idle')
  const run = () => {
    setState('pending')
    perform().then(
      (result) => {
        setState('done')
        onSuccess(result)
      },
      () => setState('failed'),
    )
  }
  return { run, pending: state === 'pending', failed: state === 'failed', done: state === 'done' }
}
