// A patient's claims: filters and sorting (roles with the 'filters' display option), pages of the role's size,
// each claim linking to its detail page.
import {
  CLAIM_TYPES,
  CLAIM_TYPE_LABELS,
  PATIENT_DATA_MESSAGES,
  type PatientClaim,
} from '@blueconsent/contract/patients'
import { countText, type DisplayOptions } from '@blueconsent/contract/shared'
import { useState } from 'react'
import { generatePath } from 'react-router'
import { paths } from '@/app/paths.ts'
import { ClaimsTimelineChart } from '@/components/patient-data/claims-timeline-chart.tsx'
import { ClaimsTable } from '@/components/patient-data/claims-table.tsx'
import { Pager } from '@/components/ui/pager.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { pageCount, pageOf } from '@/components/ui/paging.ts'
import { NO_FILTERS, filterClaims, type ClaimFilters, type ClaimSort } from './claims-filter.ts'
import { SelectField } from '@/components/ui/select-field.tsx'

const SORT_LABELS: Record<ClaimSort, string> = {
  'date-desc': 'Newest first',
  'date-asc': 'Oldest first',
  type: 'Claim type',
  provider: 'Provider',
  'paid-desc': 'Medicare paid, highest first',
}

// The record shows what Medicare paid; the claim's detail page has the full breakdown.
const PATIENT_RECORD_AMOUNTS = ['medicare_paid_cents'] as const

type ClaimsPanelProps = { claims: readonly PatientClaim[]; options: DisplayOptions }

export function ClaimsPanel({ claims, options }: ClaimsPanelProps) {
  const [filters, setFilters] = useState<ClaimFilters>(NO_FILTERS)
  const [sort, setSort] = useState<ClaimSort>('date-desc')
  const [page, setPage] = useState(0)
  if (claims.length === 0) return <p>{PATIENT_DATA_MESSAGES.noClaims}</p>
  const shown = filterClaims(claims, filters, sort)
  const pages = pageCount(shown.length, options.claimsPerPage)
  const current = Math.min(page, pages - 1)
  const update = (next: ClaimFilters) => {
    setFilters(next)
    setPage(0)
  }
  return (
    <div className="flex flex-col gap-3">
      {options.filters ? (
        <ClaimFilterForm
          filters={filters}
          sort={sort}
          showPaid={options.costs}
          onFilters={update}
          onSort={setSort}
        />
      ) : null}
      <ClaimsTimelineChart claims={shown} />
      <p role="status">
        {shown.length === claims.length
          ? countText(claims.length, 'claim')
          : `${shown.length} of ${countText(claims.length, 'claim')} match`}
      </p>
      {shown.length > 0 ? (
        <ClaimsTable
          claims={pageOf(shown, current, options.claimsPerPage)}
          columns={options}
          amounts={PATIENT_RECORD_AMOUNTS}
          claimHref={(claim) => generatePath(paths.claimDetail, { id: claim.record_id })}
          rowKey={(claim) => claim.record_id}
        />
      ) : null}
      <Pager page={current} pages={pages} label="Claims pages" onPage={setPage} />
    </div>
  )
}

type FilterFormProps = {
  filters: ClaimFilters
  sort: ClaimSort
  showPaid: boolean
  onFilters: (filters: ClaimFilters) => void
  onSort: (sort: ClaimSort) => void
}

function ClaimFilterForm({ filters, sort, showPaid, onFilters, onSort }: FilterFormProps) {
  const field = (key: keyof ClaimFilters, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      className="input-sm"
      value={filters[key]}
      onChange={(event) => onFilters({ ...filters, [key]: event.target.value })}
    />
  )
  const sorts = (Object.keys(SORT_LABELS) as ClaimSort[]).filter((key) => showPaid || key !== 'paid-desc')
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Filter and sort claims</legend>
      {field('from', 'From', 'date')}
      {field('to', 'To', 'date')}
      <SelectField
        label="Claim type"
        size="sm"
        value={filters.type}
        onChange={(event) => onFilters({ ...filters, type: event.target.value as ClaimFilters['type'] })}
      >
        <option value="">All types</option>
        {CLAIM_TYPES.map((type) => (
          <option key={type} value={type}>
            {CLAIM_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      {field('provider', 'Provider')}
      {field('diagnosis', 'Diagnosis code')}
      <SelectField
        label="Sort by"
        size="sm"
        value={sort}
        onChange={(event) => onSort(event.target.value as ClaimSort)}
      >
        {sorts.map((key) => (
          <option key={key} value={key}>
            {SORT_LABELS[key]}
          </option>
        ))}
      </SelectField>
      <button type="button" className="btn btn-sm btn-outline" onClick={() => onFilters(NO_FILTERS)}>
        Clear filters
      </button>
    </fieldset>
  )
}
