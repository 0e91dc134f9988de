// Themes: 32 daisyUI themes stored under `theme`; light by default, dark when the system
// prefers it; dark themes set color-scheme so native controls and scrollbars follow.
import { DARK_THEMES, STORAGE_KEYS, THEMES, type Theme } from '@blueconsent/contract/constants'
import { useSyncExternalStore } from 'react'
import { readStored, writeStored } from './storage.ts'

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value)

const prefersDark = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-color-scheme: dark)').matches

export function initialTheme(): Theme {
  const stored = readStored(STORAGE_KEYS.theme)
  if (isTheme(stored)) return stored
  return prefersDark() ? 'dark' : 'light'
}

const listeners = new Set<() => void>()
let current: Theme = 'light'

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  current = theme
  root.dataset.theme = theme
  root.style.colorScheme = DARK_THEMES.includes(theme) ? 'dark' : 'light'
  for (const listener of listeners) listener()
}

/** Applies and remembers a user's choice. */
export function setTheme(theme: Theme): void {
  writeStored(STORAGE_KEYS.theme, theme)
  applyTheme(theme)
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
  )
}
