import { THEMES } from '@blueconsent/contract/shared'
import { useId } from 'react'
import { isTheme, setTheme, useTheme } from '../../../lib/theme.ts'

const titleCase = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1)

export function ThemeSelect() {
  const theme = useTheme()
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Theme
      </label>
      <select
        id={id}
        className="select select-sm w-full"
        value={theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value)
        }}
      >
        {THEMES.map((name) => (
          <option key={name} value={name}>
            {titleCase(name)}
          </option>
        ))}
      </select>
    </div>
  )
}
