// argon2id through @node-rs/argon2 (its defaults are argon2id, m=19 MiB, t=2: OWASP's minimum profile).
import { hash, verify } from '@node-rs/argon2'

export const hashPassword = (password: string): Promise<string> => hash(password)

let dummyHash: Promise<string> | undefined

/** Verifies against a throwaway hash when the account does not exist, so both paths cost the same. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash('blueconsent-timing-equaliser')
    await verify(await dummyHash, password)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
