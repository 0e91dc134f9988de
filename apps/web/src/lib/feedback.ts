// Feedback banners and toasts: a tiny store plus a hook; the region that renders
// them lives in components/ui/feedback-region.tsx.
import { FEEDBACK_DISMISS_MS } from '@blueconsent/contract/constants'
import { useSyncExternalStore } from 'react'

export type FeedbackType = 'success' | 'error' | 'warning' | 'info' | 'loading'
export type FeedbackItem = { id: number; type: FeedbackType; message: string; title?: string }
export type FeedbackOptions = { title?: string; durationMs?: number | null; status?: number }

type Listener = () => void

/** How long each type stays; null means it stays until dismissed (loading, and errors with status ≥ 500). */
export function feedbackDuration(type: FeedbackType, options: FeedbackOptions = {}): number | null {
  if (options.durationMs !== undefined) return options.durationMs
  if (type === 'loading') return null
  if (type === 'error' && options.status !== undefined && options.status >= 500) return null
  return FEEDBACK_DISMISS_MS[type]
}

export class FeedbackStore {
  private items: FeedbackItem[] = []
  private nextId = 1
  private readonly listeners = new Set<Listener>()
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>()

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): FeedbackItem[] => this.items

  show(type: FeedbackType, message: string, options: FeedbackOptions = {}): number {
    const id = this.nextId++
    const item: FeedbackItem = options.title
      ? { id, type, message, title: options.title }
      : { id, type, message }
    this.items = [...this.items, item]
    const duration = feedbackDuration(type, options)
    if (duration !== null)
      this.timers.set(
        id,
        setTimeout(() => this.dismiss(id), duration),
      )
    this.emit()
    return id
  }

  dismiss(id: number): void {
    const timer = this.timers.get(id)
    if (timer) clearTimeout(timer)
    this.timers.delete(id)
    const next = this.items.filter((item) => item.id !== id)
    if (next.length !== this.items.length) {
      this.items = next
      this.emit()
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener()
  }
}

export const feedbackStore = new FeedbackStore()

export const feedback = {
  success: (message: string, options?: FeedbackOptions) => feedbackStore.show('success', message, options),
  error: (message: string, options?: FeedbackOptions) => feedbackStore.show('error', message, options),
  warning: (message: string, options?: FeedbackOptions) => feedbackStore.show('warning', message, options),
  info: (message: string, options?: FeedbackOptions) => feedbackStore.show('info', message, options),
  loading: (message: string, options?: FeedbackOptions) => feedbackStore.show('loading', message, options),
  dismiss: (id: number) => feedbackStore.dismiss(id),
}

export function useFeedbackItems(store: FeedbackStore = feedbackStore): FeedbackItem[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot)
}

/** The hook features use to raise feedback. */
export const useFeedback = () => feedback
