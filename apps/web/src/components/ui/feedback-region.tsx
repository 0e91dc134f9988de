import { feedbackStore, useFeedbackItems, type FeedbackStore, type FeedbackType } from '@/lib/feedback.ts'

const CLASS: Record<FeedbackType, string> = {
  success: 'alert-success',
  error: 'alert-error',
  warning: 'alert-warning',
  info: 'alert-info',
  loading: 'alert-info',
}

/** Toasts at the top right; each one can be dismissed. */
export function FeedbackRegion({ store = feedbackStore }: { store?: FeedbackStore }) {
  const items = useFeedbackItems(store)
  return (
    <div className="toast toast-top toast-end z-50" aria-live="polite">
      {items.map((item) => (
        <div
          key={item.id}
          role={item.type === 'error' ? 'alert' : 'status'}
          className={`alert ${CLASS[item.type]} max-w-sm shadow`}
        >
          {item.type === 'loading' ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          <div>
            {item.title ? <p className="font-semibold">{item.title}</p> : null}
            <p className="whitespace-pre-line">{item.message}</p>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            aria-label="Dismiss notification"
            onClick={() => store.dismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
