// TOTP (RFC 6238: SHA-1, 6 digits, 30 s, what every authenticator app reads) through otplib, and the QR code
// of the otpauth:// URI rendered here, so the browser bundle carries no QR encoder.
import { TWO_FACTOR } from '@blueconsent/contract/two-factor'
import { generate, generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'

/** 20 random bytes (160 bits, RFC 4226's recommendation) in Base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 })

export const otpauthUri = (secret: string, accountName: string): string =>
  generateURI({ issuer: TWO_FACTOR.issuer, label: accountName, secret })

/** The otpauth URI as an SVG data URL (the page's CSP allows data: images). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`
}

const epochOf = (now: Date): number => Math.floor(now.getTime() / 1000)

/**
 * The time step a code belongs to, when it is right at `now` within one step either way and newer than
 * `afterStep` (the last step used: a code is never accepted twice); null otherwise.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: epochOf(now),
      epochTolerance: TWO_FACTOR.periodSeconds * TWO_FACTOR.toleranceSteps,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    })
    // The functional API types TOTP and HOTP results together; a TOTP match carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null
  } catch {
    // otplib refuses an afterTimeStep beyond the window (a clock set back): no code is acceptable then.
    return null
  }
}

/** The code an authenticator shows at `now` (tests and the demo). */
export const totpAt = (secret: string, now: Date): Promise<string> =>
  generate({ secret, epoch: epochOf(now) })
