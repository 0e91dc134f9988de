import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeCode } from './engine.ts'
import { processLine } from './cli-core.ts'
import { scoreBeneficiary, scoreCompact, scorePaymentYear } from './score.ts'
import { getMapping } from './model-tables.ts'
import type { BeneficiaryInput, ModelScore, ModelVersion, PaymentYear } from './types.ts'

// Real codes from both models' tables (every 13th code keeps the pool varied but small), plus
// edit-sensitive codes so the age/sex edits are exercised too.
const pool = [
  ...new Set([
    ...[...getMapping('V28', 2026).keys()].filter((_, i) => i % 13 === 0),
    ...[...getMapping('V24', 2025).keys()].filter((_, i) => i % 13 === 0),
    'D66',
    'J449',
    'C50912',
    'F3481',
    'P041',
    'I509',
    'I5022',
    'E119',
    'E1122',
    'N186',
    'N184',
    'A419',
    'L89154',
  ]),
]
const withDots = (code: string): string =>
  code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}`.toLowerCase() : code

const arbInput = fc.record({
  sex: fc.constantFrom<'F' | 'M'>('F', 'M'),
  age: fc.integer({ min: 0, max: 110 }),
  orec: fc.constantFrom('0', '1', '2', '3'),
  dual: fc.constantFrom('NA', '00', '01', '02', '03', '04', '05', '06', '08', '09', '10'),
  lti: fc.boolean(),
  newEnrollee: fc.boolean(),
  snp: fc.boolean(),
  diagnoses: fc.array(fc.constantFrom(...pool), { maxLength: 14 }),
})
const arbOptions = fc.record({
  model: fc.constantFrom<ModelVersion>('V24', 'V28'),
  paymentYear: fc.constantFrom<PaymentYear>(2024, 2025, 2026),
})

function withoutUnmapped(r: ModelScore): Omit<ModelScore, 'unmappedDiagnoses'> {
  const { unmappedDiagnoses: _ignored, ...rest } = r
  return rest
}

describe('scoring properties', () => {
  it('does not depend on the order, repetition or spelling (dots, case, spaces) of diagnoses', () => {
    fc.assert(
      fc.property(arbInput, arbOptions, fc.integer(), (input, options, seed) => {
        const base = scoreBeneficiary(input, options)
        const shuffled = [...input.diagnoses, ...input.diagnoses.slice(0, 3)]
          .map((c, i) => ({ c: i % 2 === 0 ? withDots(c) : ` ${c} `, k: (i * 7919 + seed) % 101 }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.c)
        expect(scoreBeneficiary({ ...input, diagnoses: shuffled }, options)).toEqual(base)
      }),
      { numRuns: 1000 },
    )
  })

  it('ignores codes that map to no CC', () => {
    fc.assert(
      fc.property(
        arbInput,
        arbOptions,
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }),
        (input, options, noise) => {
          const map = getMapping(options.model, options.paymentYear)
          const unmapped = noise.filter((c) => !map.has(normalizeCode(c)))
          const base = scoreBeneficiary(input, options)
          const noisy = scoreBeneficiary({ ...input, diagnoses: [...input.diagnoses, ...unmapped] }, options)
          expect(withoutUnmapped(noisy)).toEqual(withoutUnmapped(base))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('never throws on arbitrary strings as diagnoses or out-of-range ages', () => {
    fc.assert(
      fc.property(
        arbInput,
        arbOptions,
        fc.array(fc.string(), { maxLength: 10 }),
        fc.oneof(fc.integer({ min: -100000, max: 100000 }), fc.double({ noNaN: true })),
        (input, options, strings, age) => {
          const bene: BeneficiaryInput = { ...input, age, diagnoses: [...input.diagnoses, ...strings] }
          const r = scoreBeneficiary(bene, options)
          expect(r.age).toBeGreaterThanOrEqual(0)
          expect(Number.isFinite(r.rawScore)).toBe(true)
          expect(() =>
            JSON.stringify(scorePaymentYear(bene, { paymentYear: options.paymentYear })),
          ).not.toThrow()
        },
      ),
      { numRuns: 300 },
    )
  })

  it('the terms always add up to the raw score and the payment HCCs are ascending', () => {
    fc.assert(
      fc.property(arbInput, arbOptions, (input, options) => {
        const r = scoreBeneficiary(input, options)
        expect(r.terms.reduce((s, t) => s + Math.round(t.coefficient * 1000), 0)).toBe(
          Math.round(r.rawScore * 1000),
        )
        const numbers = r.hccs.map((h) => h.number)
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
        expect(r.paymentHccCount).toBe(numbers.length)
      }),
      { numRuns: 300 },
    )
  })

  it('the compact bulk path agrees with the explained path', () => {
    fc.assert(
      fc.property(arbInput, arbOptions, (input, options) => {
        const full = scoreBeneficiary(input, options)
        const compact = scoreCompact(input, input.diagnoses, options)
        expect(compact.segment).toBe(full.segment)
        expect(compact.rawThousandths).toBe(Math.round(full.rawScore * 1000))
        expect(compact.hccs).toEqual(full.hccs.map((h) => h.number))
      }),
      { numRuns: 300 },
    )
  })

  it('the CLI line parser never throws on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ id: 'x', sex: 'F', age: 70, dx: v })),
        ),
        (line) => {
          const r = processLine(line, { model: 'V28', paymentYear: 2026 })
          expect(typeof r.ok).toBe('boolean')
        },
      ),
      { numRuns: 500 },
    )
  })
})
