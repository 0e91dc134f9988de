/** 'Mar 2, 2026, 10:15 AM' in the reader's time zone. */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
