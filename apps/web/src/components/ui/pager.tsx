/** Previous / next paging with the position announced; hidden when everything fits on one page. */
export function Pager({
  page,
  pages,
  label,
  onPage,
}: {
  page: number
  pages: number
  label: string
  onPage: (page: number) => void
}) {
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="flex items-center gap-3">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
