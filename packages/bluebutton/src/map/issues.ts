// Mappers never throw on bad input: they collect what they could not map and return it beside the record.

export type MappingIssueCode =
  | 'not_a_resource' // wrong resourceType, or not an object at all
  | 'missing' // a field we expected is absent
  | 'invalid' // present but unusable (bad date, NPI check digit fails, ...)
  | 'ignored_field' // BFD's IGNORED_FIELD token stood in for the value
  | 'unknown_code' // a code we do not recognise (claim type, coding system)
  | 'inconsistent' // values contradict each other (died before birth, two principal diagnoses)

export interface MappingIssue {
  /** FHIRPath-like location, e.g. `item[2].productOrService`. */
  path: string
  code: MappingIssueCode
  message: string
}

export interface MappingResult<T> {
  /** null when the input could not be mapped at all (see issues). */
  record: T | null
  issues: MappingIssue[]
}

export class IssueLog {
  readonly issues: MappingIssue[] = []

  add(path: string, code: MappingIssueCode, message: string): void {
    this.issues.push({ path, code, message })
  }
}
