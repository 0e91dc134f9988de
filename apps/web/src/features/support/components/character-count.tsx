/** '12/200' on screen; '12 of 200 characters' to a screen reader (read with the field it describes). */
export function CharacterCount({ value, max }: { value: string; max: number }) {
  const over = value.length > max
  return (
    <span className={over ? 'font-semibold text-error' : undefined}>
      <span aria-hidden="true">
        {value.length}/{max}
      </span>
      <span className="sr-only">
        {value.length} of {max} characters
      </span>
    </span>
  )
}
