import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react'
import { useFieldIds } from './field-ids.ts'

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string
  error?: string | undefined
  hint?: ReactNode
  ref?: Ref<HTMLTextAreaElement>
}

/** A labelled textarea whose error and hint are tied to it with aria-describedby (the TextField of long text). */
export function TextAreaField({ label, error, hint, className, ref, ...props }: TextAreaFieldProps) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint ? (
        <div id={hintId} className="text-sm">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
