// WAI-ARIA tabs (tablist/tab/tabpanel) with arrow-key, Home and End navigation and automatic activation.
// Inactive tabs keep the full base text colour: daisyUI dims them below AA contrast.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export type TabItem<K extends string> = { key: K; label: string; badge?: ReactNode }

type TabsProps<K extends string> = {
  label: string
  tabs: readonly TabItem<K>[]
  selected: K
  onSelect: (key: K) => void
  children: ReactNode
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const baseId = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const tabId = (key: K) => `${baseId}-tab-${key}`
  const panelId = `${baseId}-panel`

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected)
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }
    const target = targets[event.key]
    const next = target === undefined ? undefined : tabs[target]
    if (!next) return
    event.preventDefault()
    onSelect(next.key)
    refs.current.get(next.key)?.focus()
  }

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={label} className="tabs tabs-border flex-wrap" onKeyDown={move}>
        {tabs.map((tab) => {
          const active = tab.key === selected
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element)
                else refs.current.delete(tab.key)
              }}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              className={`tab gap-2 text-base-content ${active ? 'tab-active font-semibold' : ''}`}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
              {tab.badge ? <> {tab.badge}</> : null}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </div>
  )
}
