// The features README's table of who imports whom is the tree's, and the lint allowlist of feature-to-feature
// imports lists exactly the edges that remain (an edge removed from the code must leave the list too).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FEATURE_EDGES } from '../eslint.config.js'
import { README, readmeWithTable, tierGraph } from './api-tiers.mjs'

const graph = tierGraph()
const importsOf = (area, tier) =>
  [...(graph.get(area) ?? [])]
    .filter((to) => to.startsWith(`${tier}/`))
    .map((to) => to.slice(tier.length + 1))
    .sort()

describe('the API tiers', () => {
  it('are what the features README shows (node scripts/api-tiers.mjs --write)', () => {
    const current = readFileSync(README, 'utf8')
    expect(readmeWithTable(current)).toBe(current)
  })

  it('keep FEATURE_EDGES equal to the feature-to-feature imports in the code', () => {
    const actual = {}
    for (const area of graph.keys()) {
      if (!area.startsWith('features/')) continue
      const edges = importsOf(area, 'features')
      if (edges.length > 0) actual[area.slice('features/'.length)] = edges
    }
    const listed = Object.fromEntries(
      Object.entries(FEATURE_EDGES).map(([feature, edges]) => [feature, [...edges].sort()]),
    )
    expect(actual).toEqual(listed)
  })

  it('have platform/ import no feature and no view', () => {
    for (const area of graph.keys())
      if (area.startsWith('platform/')) {
        expect(importsOf(area, 'features'), area).toEqual([])
        expect(importsOf(area, 'views'), area).toEqual([])
      }
  })
})
