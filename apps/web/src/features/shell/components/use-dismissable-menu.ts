import { useCallback, useEffect, useRef, useState } from 'react'

/** Open/close state for a disclosure menu that closes on Escape (focus back to its button) and outside clicks. */
export function useDismissableMenu<TContainer extends HTMLElement, TButton extends HTMLElement>() {
  const [open, setOpen] = useState(false)
  const containerRef = useRef<TContainer>(null)
  const buttonRef = useRef<TButton>(null)
  const close = useCallback(() => setOpen(false), [])

  useEffect(() => {
    if (!open) return
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    const handlePointer = (event: MouseEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', handleKey)
    document.addEventListener('mousedown', handlePointer)
    return () => {
      document.removeEventListener('keydown', handleKey)
      document.removeEventListener('mousedown', handlePointer)
    }
  }, [open])

  return { open, setOpen, close, containerRef, buttonRef, toggle: () => setOpen((value) => !value) }
}
