// Recovery codes: ten per enrolment, each ten characters from an alphabet without look-alikes (no 0/o, 1/l/i),
// shown once as 'abcde-23456' and stored only as a keyed hash (HMAC with the data key's hashing key).
import { randomInt } from 'node:crypto'
import { TWO_FACTOR, normalizeRecoveryCode } from '@blueconsent/contract/two-factor'
import { keyedHash, type CryptoKeys } from '../../platform/lib/crypto.ts'

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const LENGTH = 10

function newCode(): string {
  let code = ''
  for (let index = 0; index < LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** Ten distinct new codes, as the user sees them. */
export function generateRecoveryCodes(count: number = TWO_FACTOR.recoveryCodeCount): string[] {
  const codes = new Set<string>()
  while (codes.size < count) codes.add(newCode())
  return [...codes]
}

/** What is stored and compared: the code without hyphen or case, hashed under the data key. */
export const hashRecoveryCode = (keys: CryptoKeys, code: string): string =>
  keyedHash(keys, `two-factor-recovery:${normalizeRecoveryCode(code)}`)
