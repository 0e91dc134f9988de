import { describe, expect, it } from 'vitest'
import { MAX_NAME_WORDS, nameWords } from './name-search.ts'

describe('nameWords', () => {
  it('splits on spaces and punctuation as patient_name_words() does, keeping case for the database to fold', () => {
    expect(nameWords('  Smith,  James ')).toEqual(['Smith', 'James'])
    expect(nameWords("O'Brien-Dunne J.")).toEqual(['O', 'Brien', 'Dunne', 'J'])
    expect(nameWords('José Núñez')).toEqual(['José', 'Núñez'])
  })

  it('drops LIKE wildcards and repeated words, and caps the word count', () => {
    expect(nameWords('sm%th_ \\x')).toEqual(['sm', 'th', 'x'])
    expect(nameWords('ann ann')).toEqual(['ann'])
    expect(nameWords('a b c d e f')).toHaveLength(MAX_NAME_WORDS)
  })

  it('finds no word in punctuation alone', () => {
    expect(nameWords(" ,.-' ")).toEqual([])
  })
})
