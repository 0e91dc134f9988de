import type { ReactNode, Ref, SelectHTMLAttributes } from 'react'
import { useFieldIds } from './field-ids.ts'

export type SelectOption = { value: string; label: string; disabled?: boolean }

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children' | 'size'> & {
  label: string
  /** The choices; `children` may be given instead for grouped or hand-built options. */
  options?: readonly SelectOption[]
  children?: ReactNode
  error?: string | undefined
  hint?: ReactNode
  size?: 'sm' | 'md'
  ref?: Ref<HTMLSelectElement>
}

/** A labelled select whose error and hint are tied to it with aria-describedby (the TextField of choices). */
export function SelectField({
  label,
  options,
  children,
  error,
  hint,
  size = 'md',
  className,
  ref,
  ...selectProps
}: SelectFieldProps) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        className={`select ${size === 'sm' ? 'select-sm' : ''} ${error ? 'select-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...selectProps}
      >
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
