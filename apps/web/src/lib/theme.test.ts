import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyTheme, initialTheme, setTheme } from './theme.ts'

const mockPrefersDark = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark'), media: query }))

afterEach(() => vi.unstubAllGlobals())

describe('themes', () => {
  it('defaults to light, or dark when the system prefers it', () => {
    mockPrefersDark(false)
    expect(initialTheme()).toBe('light')
    mockPrefersDark(true)
    expect(initialTheme()).toBe('dark')
  })

  it('uses a stored theme under the key theme, ignoring unknown names', () => {
    mockPrefersDark(true)
    localStorage.setItem('theme', 'cupcake')
    expect(initialTheme()).toBe('cupcake')
    localStorage.setItem('theme', 'abyss') // a daisyUI 5 theme outside the 32 we ship
    expect(initialTheme()).toBe('dark')
  })

  it('sets data-theme and the colour scheme, and stores the choice', () => {
    setTheme('dracula')
    expect(document.documentElement.dataset.theme).toBe('dracula')
    expect(document.documentElement.style.colorScheme).toBe('dark')
    expect(localStorage.getItem('theme')).toBe('dracula')
    applyTheme('winter')
    expect(document.documentElement.style.colorScheme).toBe('light')
  })
})
