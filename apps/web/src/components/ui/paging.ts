// Client-side paging of an already loaded list (Medicare data arrives whole from the API).
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice(page * size, (page + 1) * size)
}

export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size))
