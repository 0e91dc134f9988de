// Normalisation, blend and MA coding-pattern adjustment per payment year (CMS's normalisation and MA coding adjustment), in
// integer thousandths with half-up rounding at the points CMS publishes.
import type { ModelVersion, PaymentYear } from './model-data.ts'

export interface YearBlend {
  model: ModelVersion
  weightPercent: number
  /** Normalisation factor in thousandths (1.067 -> 1067). */
  normalization: number
}

export interface PaymentYearConfig {
  paymentYear: PaymentYear
  blend: readonly YearBlend[]
  /** MA coding-pattern adjustment in thousandths (5.9% -> 59). */
  maCodingAdjustment: number
}

// Factors from the CMS Rate Announcements as coded in risk_adjustment_model 0.7.0 (CMS Rate Announcements);
// check each year against the Rate Announcement before using scores for money.
export const PAYMENT_YEARS: Readonly<Record<PaymentYear, PaymentYearConfig>> = {
  2024: {
    paymentYear: 2024,
    blend: [
      { model: 'V24', weightPercent: 67, normalization: 1146 },
      { model: 'V28', weightPercent: 33, normalization: 1015 },
    ],
    maCodingAdjustment: 59,
  },
  2025: {
    paymentYear: 2025,
    blend: [
      { model: 'V24', weightPercent: 33, normalization: 1153 },
      { model: 'V28', weightPercent: 67, normalization: 1045 },
    ],
    maCodingAdjustment: 59,
  },
  2026: {
    paymentYear: 2026,
    blend: [{ model: 'V28', weightPercent: 100, normalization: 1067 }],
    maCodingAdjustment: 59,
  },
}

export const PAYMENT_YEAR_LIST: readonly PaymentYear[] = [2024, 2025, 2026]

export function isPaymentYear(y: unknown): y is PaymentYear {
  return y === 2024 || y === 2025 || y === 2026
}

/** n / d rounded to the nearest integer, halves away from zero (d > 0). */
export function divRoundHalfUp(n: number, d: number): number {
  return n >= 0 ? Math.floor((2 * n + d) / (2 * d)) : -Math.floor((-2 * n + d) / (2 * d))
}

export function normalizationFor(model: ModelVersion, paymentYear: PaymentYear): number | null {
  return PAYMENT_YEARS[paymentYear].blend.find((b) => b.model === model)?.normalization ?? null
}

/** round3(raw / factor), all in thousandths. */
export function normalize(rawThousandths: number, factorThousandths: number): number {
  return divRoundHalfUp(rawThousandths * 1000, factorThousandths)
}

export interface PaymentArithmetic {
  blended: number
  payment: number
}

/** Blend normalised scores (thousandths) by percent weights, round, then apply the MA adjustment and round. */
export function blendAndAdjust(
  config: PaymentYearConfig,
  normalized: ReadonlyMap<ModelVersion, number>,
): PaymentArithmetic {
  let weighted = 0
  for (const b of config.blend) weighted += b.weightPercent * (normalized.get(b.model) ?? 0)
  const blended = divRoundHalfUp(weighted, 100)
  const payment = divRoundHalfUp(blended * (1000 - config.maCodingAdjustment), 1000)
  return { blended, payment }
}

/** Thousandths -> "1.234" (exact, no float formatting). */
export function formatThousandths(v: number): string {
  const abs = Math.abs(v)
  const frac = String(abs % 1000).padStart(3, '0')
  return `${v < 0 ? '-' : ''}${Math.floor(abs / 1000)}.${frac}`
}

/**
 * Thousandths -> JSON number. IEEE division is correctly rounded, so v / 1000 is the double nearest
 * the exact 3-decimal value (the same double Number('0.943') gives).
 */
export function toDecimal(v: number): number {
  return v / 1000
}

export interface PaymentFromRaw {
  normalized: Partial<Record<ModelVersion, number>>
  blended: number
  payment: number
}

/** The payment-score arithmetic on raw scores (thousandths in, thousandths out). */
export function paymentFromRaw(
  paymentYear: PaymentYear,
  rawThousandths: Partial<Record<ModelVersion, number>>,
): PaymentFromRaw {
  const config = PAYMENT_YEARS[paymentYear]
  const normalized: Partial<Record<ModelVersion, number>> = {}
  const map = new Map<ModelVersion, number>()
  for (const b of config.blend) {
    const n = normalize(rawThousandths[b.model] ?? 0, b.normalization)
    normalized[b.model] = n
    map.set(b.model, n)
  }
  return { normalized, ...blendAndAdjust(config, map) }
}
