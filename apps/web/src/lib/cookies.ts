/** Reads one cookie by name from document.cookie (undefined when absent or empty). */
export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=')
    if (rawKey === name) {
      const value = decodeURIComponent(rest.join('='))
      return value === '' ? undefined : value
    }
  }
  return undefined
}
