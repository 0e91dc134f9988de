import type { InputHTMLAttributes, ReactNode, Ref } from 'react'
import { useFieldIds } from './field-ids.ts'

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string
  error?: string | undefined
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
  /** Rendered inside the input row, after the input (e.g. a show-password toggle). */
  trailing?: ReactNode
}

/** A labelled input whose error and hint are tied to it with aria-describedby. */
export function TextField({ label, error, hint, trailing, className, ref, ...inputProps }: TextFieldProps) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-stretch gap-2">
        <input
          id={id}
          ref={ref}
          className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {trailing}
      </div>
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
