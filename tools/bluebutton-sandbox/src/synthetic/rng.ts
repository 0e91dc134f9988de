// Deterministic pseudo-random numbers: the same seed string always gives the same sequence, so
// a BBUser name always yields the same beneficiary without storing anything.
export type Rng = {
  readonly next: () => number
  readonly int: (min: number, max: number) => number
  readonly pick: <T>(items: readonly T[]) => T
  readonly chance: (probability: number) => boolean
  readonly money: (min: number, max: number) => number
}

function hashSeed(seed: string): number {
  // FNV-1a, 32 bit.
  let hash = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export function createRng(seed: string): Rng {
  // mulberry32: tiny, fast and good enough for synthetic data.
  let state = hashSeed(seed)
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    chance: (probability) => next() < probability,
    money: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
  }
}
