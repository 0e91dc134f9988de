// The app's one data table: a captioned <table> in a box that scrolls sideways (focusable and named, so a
// keyboard reaches the columns off screen), sortable headers, loading and empty states, and on a phone, when
// asked, one card per row so no column falls off the screen. TanStack Table keeps the sort state and order;
// the markup and its accessibility are ours.
import {
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table'
import { useMemo, useState, type ReactNode } from 'react'
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query.ts'
import { scrollRegion } from './scroll-region.ts'
import { Spinner } from './spinner.tsx'

export type SortValue = string | number | null | undefined

export type DataColumn<T> = {
  id: string
  /** The column header, and the field's label on a card. */
  header: string
  cell: (row: T) => ReactNode
  /** Makes the column sortable in the browser, by this value (missing values sort last). */
  sortValue?: (row: T) => SortValue
  /** Makes the column sortable by the server: the header reports clicks through `sort.onSort`. */
  serverSortable?: boolean
  /** Classes of the column's cells (e.g. 'break-all' for addresses). */
  className?: string
  /** The cell names its row for screen readers (rendered as <th scope="row">). */
  rowHeader?: boolean
  /**
   * Its place on a phone card: the title line, a badge beside the title, a labelled field (default), the
   * card's own buttons at its foot (no label: each button names its row), or left off.
   */
  card?: 'title' | 'badge' | 'field' | 'actions' | 'hidden'
  /** What the card shows instead of `cell` (null leaves it off that card). */
  cardCell?: (row: T) => ReactNode
}

export type SortDirection = 'ascending' | 'descending'
export type ColumnSort = { column: string; direction: SortDirection }

/** Sorting kept by the page (the server sorts): the current order and what a header click asks for. */
export type ServerSort = { current: ColumnSort | null; onSort: (column: string) => void }

export type DataTableProps<T> = {
  /** The table's accessible name (a caption, visually hidden unless `showCaption`). */
  caption: string
  showCaption?: boolean
  rows: readonly T[] | undefined
  rowKey: (row: T) => string | number
  columns: readonly DataColumn<T>[]
  /** While true, a spinner with `loadingLabel` stands in for the table. */
  loading?: boolean
  loadingLabel?: string
  /** Said instead of the table when there are no rows; without it an empty table keeps its headers. */
  empty?: ReactNode
  /** The browser's initial order, for columns with a `sortValue`. */
  initialSort?: ColumnSort
  sort?: ServerSort
  /** On a narrow screen, one card per row (a list named by the caption) instead of the table. */
  cards?: boolean
  /** Make the sideways-scrolling box a focusable, named region (default true). */
  focusableScroll?: boolean
  size?: 'xs' | 'sm' | 'md'
  rowClassName?: (row: T) => string | undefined
}

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() })
const NO_ROWS: readonly never[] = []

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a).localeCompare(String(b), 'en-US', { numeric: true, sensitivity: 'base' })
}

const toSorting = (sort: ColumnSort | null | undefined): SortingState =>
  sort ? [{ id: sort.column, desc: sort.direction === 'descending' }] : []

function useSortedRows<T extends RowData>(props: DataTableProps<T>) {
  const { columns, sort, initialSort } = props
  const [sorting, setSorting] = useState<SortingState>(() => toSorting(initialSort))
  const definitions = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: (row: T) => column.sortValue?.(row) ?? undefined,
        enableSorting: Boolean(column.sortValue) || Boolean(column.serverSortable),
        sortUndefined: 'last',
        // Every column starts ascending; TanStack would start numbers descending.
        sortDescFirst: false,
        sortFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id)),
      })),
    [columns],
  )
  const table = useTable({
    features,
    columns: definitions,
    data: (props.rows ?? NO_ROWS) as T[],
    state: { sorting: sort ? toSorting(sort.current) : sorting },
    manualSorting: Boolean(sort),
    enableSortingRemoval: false,
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      if (!sort) setSorting((current) => (typeof updater === 'function' ? updater(current) : updater))
    },
    getRowId: (row: T) => String(props.rowKey(row)),
  })
  const ariaSort = (column: string): SortDirection | 'none' => {
    const state = table.getColumn(column)?.getIsSorted()
    return state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : 'none'
  }
  const toggle = (column: string) => {
    if (sort) sort.onSort(column)
    else table.getColumn(column)?.toggleSorting()
  }
  return { rows: table.getRowModel().rows.map((row) => row.original), ariaSort, toggle }
}

const SIZE_CLASS = { xs: 'table-xs', sm: 'table-sm', md: '' } as const
const SORT_MARK = { ascending: ' ▲', descending: ' ▼', none: '' } as const

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const narrow = useMediaQuery(NARROW_SCREEN)
  const { rows, ariaSort, toggle } = useSortedRows(props)
  if (props.loading) return <Spinner label={props.loadingLabel} />
  if (rows.length === 0 && props.empty !== undefined) return <p>{props.empty}</p>
  if (props.cards && narrow) return <DataCards {...props} rows={rows} />
  const { caption, columns, rowKey } = props
  const scrollBox = props.focusableScroll === false ? {} : scrollRegion(caption)
  return (
    <div className="overflow-x-auto" {...scrollBox}>
      <table className={`table ${SIZE_CLASS[props.size ?? 'md']}`}>
        <caption className={props.showCaption ? 'text-left font-semibold' : 'sr-only'}>{caption}</caption>
        <thead className="text-base-content">
          <tr>
            {columns.map((column) =>
              column.sortValue || column.serverSortable ? (
                <th key={column.id} scope="col" aria-sort={ariaSort(column.id)}>
                  <button
                    type="button"
                    className="link link-hover font-semibold"
                    onClick={() => toggle(column.id)}
                  >
                    {column.header}
                    <span aria-hidden="true">{SORT_MARK[ariaSort(column.id)]}</span>
                  </button>
                </th>
              ) : (
                <th key={column.id} scope="col">
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={props.rowClassName?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.id} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function DataCards<T extends RowData>({
  caption,
  columns,
  rows,
  rowKey,
}: DataTableProps<T> & { rows: readonly T[] }) {
  const place = (column: DataColumn<T>) => column.card ?? 'field'
  const title = columns.filter((column) => place(column) === 'title')
  const badges = columns.filter((column) => place(column) === 'badge')
  const fields = columns.filter((column) => place(column) === 'field')
  const actions = columns.filter((column) => place(column) === 'actions')
  return (
    <ul aria-label={caption} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={rowKey(row)} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-2 p-4">
            {title.length + badges.length > 0 ? (
              <div className="flex flex-wrap items-start justify-between gap-2">
                {title.map((column) => (
                  <span key={column.id} className="font-semibold">
                    {cardCell(column, row)}
                  </span>
                ))}
                {badges.map((column) => (
                  <span key={column.id}>{cardCell(column, row)}</span>
                ))}
              </div>
            ) : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {fields.map((column) => (
                <CardField key={column.id} label={column.header} className={column.className}>
                  {cardCell(column, row)}
                </CardField>
              ))}
            </dl>
            {actions.map((column) => {
              const content = cardCell(column, row)
              return content === null || content === undefined ? null : (
                <div key={column.id} className="card-actions pt-1">
                  {content}
                </div>
              )
            })}
          </div>
        </li>
      ))}
    </ul>
  )
}

const cardCell = <T,>(column: DataColumn<T>, row: T): ReactNode =>
  column.cardCell ? column.cardCell(row) : column.cell(row)

function CardField({
  label,
  className,
  children,
}: {
  label: string
  className?: string | undefined
  children: ReactNode
}) {
  return (
    <>
      <dt className="font-medium">{label}</dt>
      {/* Long email addresses may break anywhere; a column's own classes (a TIN kept whole) come after. */}
      <dd className={`min-w-0 [overflow-wrap:anywhere] ${className ?? ''}`}>{children}</dd>
    </>
  )
}
