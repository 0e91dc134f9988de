// Drug names as the claims in our fixtures write them, and the one name a list shows for each.
import { describe, expect, it } from 'vitest'
import { cleanDrugName } from './drug-name.ts'

describe('cleanDrugName', () => {
  it.each([
    ['Atorvastatin Calcium - ATORVASTATIN CALCIUM TRIHYDRATE', 'Atorvastatin Calcium'],
    ['ATORVASTATIN CALCIUM - ATORVASTATIN CALCIUM PROPYLENE GLYCOL SOLVATE', 'Atorvastatin Calcium'],
    ['Gabapentin - GABAPENTIN', 'Gabapentin'],
    ['Duloxetine - DULOXETINE HYDROCHLORIDE', 'Duloxetine'],
    ['Lipitor - ATORVASTATIN CALCIUM', 'Lipitor (Atorvastatin Calcium)'],
    ['Fake Diluent - WATER', 'Fake Diluent (Water)'],
    ['METFORMIN HCL', 'Metformin HCl'],
    ['  Metformin   ER ', 'Metformin ER'],
    ['Methylphenidate - Hydrochloride - ER', 'Methylphenidate (Hydrochloride - ER)'],
  ])('%s reads as %s', (display, name) => {
    expect(cleanDrugName(display)).toBe(name)
  })

  it('names nothing when the claim names nothing', () => {
    for (const display of [null, '', '   ']) expect(cleanDrugName(display)).toBeNull()
  })
})
