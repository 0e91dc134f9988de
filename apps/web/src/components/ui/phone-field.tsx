import { formatPhone } from '@blueconsent/contract/shared'
import { TextField, type TextFieldProps } from './text-field.tsx'

type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange'> & {
  value: string
  onChange: (formatted: string) => void
}

/**
 * A US phone input that formats as the user types, '(555) 123-4567', keeping at most 10 digits
 * (the contract's formatPhone). The authorization and profile forms use it.
 */
export function PhoneField({ value, onChange, ...props }: PhoneFieldProps) {
  return (
    <TextField
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={props.autoComplete ?? 'tel-national'}
      value={value}
      onChange={(event) => onChange(formatPhone(event.target.value))}
    />
  )
}
