import { THEMES, type Theme } from '@blueconsent/contract/shared'
import { useId } from 'react'
import { isTheme, setTheme, useTheme } from '@/lib/theme.ts'

const titleCase = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1)

/** The 32 themes; the choice applies at once and is remembered in this browser. `onChosen` lets a page also save it to the account. */
export function ThemeSelect({
  onChosen,
  size = 'sm',
}: {
  onChosen?: (theme: Theme) => void
  size?: 'sm' | 'md'
}) {
  const theme = useTheme()
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Theme
      </label>
      <select
        id={id}
        className={`select w-full ${size === 'sm' ? 'select-sm' : ''}`}
        value={theme}
        onChange={(event) => {
          if (!isTheme(event.target.value)) return
          setTheme(event.target.value)
          onChosen?.(event.target.value)
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
