// Values that belong to whoever is signed in and must not outlive them: held in this tab's memory only (never
// in localStorage or sessionStorage, which another person at a shared workstation could read later), and
// dropped when the session ends (SessionManager.clearLocal) or the tab closes.
const values = new Map<string, unknown>()

export const readSessionMemory = (key: string): unknown => values.get(key)

export function writeSessionMemory(key: string, value: unknown): void {
  values.set(key, value)
}

export function clearSessionMemory(): void {
  values.clear()
}
