import { useId, type ReactNode } from 'react'

/**
 * The ids that tie a form control to its label, error and hint: the control gets `id` and `describedBy`
 * (aria-describedby names the error first, then the hint, and only those shown).
 */
export function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return { id, errorId, hintId, describedBy }
}
