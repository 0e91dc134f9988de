// Name search through the per-organisation name vocabulary (db/schema/patient-name-index.ts). Each word
// typed must match a word of the patient's name: as a prefix ("smi" → Smith), inside it ("mit" → Smith,
// from 3 letters) or misspelt (pg_trgm similarity, "smth" → Smith). Word order does not matter
// ("smith, james" = "james smith"). Only the small vocabulary is searched fuzzily; the patients behind the
// matched words come from btree equality on patient_name_terms.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { patientNameTerms } from '../../platform/db/schema/patient-name-index.ts'

/** Words as migration 0005's patient_name_words() splits names (spaces and the same punctuation). */
const WORD_SEPARATORS = /[\s,.;:"'’/()&+_%\\-]+/
/** Beyond this many words the rest only narrows the ranking, not the match. */
export const MAX_NAME_WORDS = 4
/** Below this length a word matches as a prefix only: trigrams of one or two letters say nothing. */
const MIN_FUZZY_LENGTH = 3
/** Misspelt candidates per word, closest first, so a vague word cannot fan out to the whole vocabulary. */
const MAX_FUZZY_TERMS = 50

export function nameWords(query: string): string[] {
  const words = query.split(WORD_SEPARATORS).filter((word) => word.length > 0)
  return [...new Set(words)].slice(0, MAX_NAME_WORDS)
}

/**
 * The vocabulary terms one typed word stands for. patient_name_fold() (lower case, no accents) runs in the
 * database, as it does for the stored words, so both sides fold alike. Words cannot hold LIKE's
 * wildcards: %, _ and backslash are separators.
 */
function termsForWord(organizationId: string, word: string): SQL {
  const prefix = sql`term like patient_name_fold(${word}) || '%'`
  if (word.length < MIN_FUZZY_LENGTH) {
    return sql`select term from patient_name_vocabulary where organization_id = ${organizationId} and ${prefix}`
  }
  return sql`(select term from patient_name_vocabulary
      where organization_id = ${organizationId} and term like '%' || patient_name_fold(${word}) || '%')
    union
    (select term from patient_name_vocabulary
      where organization_id = ${organizationId} and term % patient_name_fold(${word})
      order by similarity(term, patient_name_fold(${word})) desc limit ${MAX_FUZZY_TERMS})`
}

/**
 * The vocabulary terms each typed word stands for, in one round trip. A word that stands for no term at all
 * (a typo too far from every name) is left out rather than emptying the result: the others still narrow
 * it and the ranking by similarity to the whole query puts the closest names first.
 */
export async function termsForWords(
  db: DbOrTx,
  organizationId: string,
  words: string[],
): Promise<string[][]> {
  if (words.length === 0) return []
  const perWord = words.map(
    (word, index) =>
      sql`select ${index}::int as word, term from (${termsForWord(organizationId, word)}) matched`,
  )
  // Both drivers (node-postgres, PGlite) answer execute() with { rows }.
  const result = (await db.execute(sql.join(perWord, sql` union all `))) as unknown as {
    rows: { word: number; term: string }[]
  }
  const terms: string[][] = words.map(() => [])
  for (const row of result.rows) terms[row.word]?.push(row.term)
  return terms.filter((list) => list.length > 0)
}

/** Ids of the organisation's patients whose name carries, for every list, one of its terms. */
export function patientIdsWithTerms(organizationId: string, termLists: string[][]): SQL | undefined {
  if (termLists.length === 0) return undefined
  const perWord = termLists.map(
    (terms) => sql`select ${patientNameTerms.patientId} from ${patientNameTerms}
      where ${and(eq(patientNameTerms.organizationId, organizationId), inArray(patientNameTerms.term, terms))}`,
  )
  return sql.join(perWord, sql` intersect `)
}
