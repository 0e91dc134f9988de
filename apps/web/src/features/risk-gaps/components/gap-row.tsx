// One gap of the worklist: patient, condition and HCC, its value, the evidence behind it and its status
// actions (addressed, deferred, dismissed with a reason, or open again).
import { SUBSTANCE_USE_NOT_SHARED_NOTE } from '@blueconsent/contract/patients'
import { GAP_STATUS_LABELS, GAP_TYPE_LABELS, type RiskGap } from '@blueconsent/contract/risk-gaps'
import { useState } from 'react'
import { Link } from 'react-router'
import { useSetGapStatus } from '../api/risk-gaps-api.ts'

const signed = (value: number) => (value > 0 ? `+${value.toFixed(3)}` : value.toFixed(3))

function Evidence({ gap }: { gap: RiskGap }) {
  if (gap.type === 'recapture') {
    const last = gap.claims[0]
    return (
      <span>
        Last documented {gap.last_date ?? 'on an undated claim'}
        {gap.provider_name ? ` by ${gap.provider_name}` : ''}
        {last
          ? ` (${last.codes.join(', ')}; ${gap.claims.length} ${gap.claims.length === 1 ? 'claim' : 'claims'})`
          : ''}
      </span>
    )
  }
  const fill = gap.fills[0]
  return (
    <span>
      {fill?.drug_name ?? 'A drug'} filled {gap.last_date ?? ''}
      {gap.fills.length > 1 ? ` (${gap.fills.length} fills)` : ''}; no diagnosis on any claim.{' '}
      <span className="block text-sm">
        {gap.confidence ? `${gap.confidence[0]?.toUpperCase()}${gap.confidence.slice(1)} confidence` : ''}
        {gap.rule ? ` · ${gap.rule.drug_class}` : ''}
      </span>
    </span>
  )
}

function StatusActions({ gap }: { gap: RiskGap }) {
  const change = useSetGapStatus()
  const [dismissing, setDismissing] = useState(false)
  const [reason, setReason] = useState('')
  const label = `${gap.condition} for ${gap.patient_name}`
  const set = (status: RiskGap['status'], extra: { reason?: string } = {}) =>
    change.mutate({ id: gap.id, body: { status, ...extra } })
  if (gap.status !== 'open')
    return (
      <div className="flex flex-col gap-1">
        <span>
          {GAP_STATUS_LABELS[gap.status]}
          {gap.status_reason ? `: ${gap.status_reason}` : ''}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={() => set('open')}
          aria-label={`Reopen ${label}`}
        >
          Reopen
        </button>
      </div>
    )
  if (dismissing)
    return (
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault()
          if (reason.trim()) set('dismissed', { reason: reason.trim() })
        }}
      >
        <label className="text-sm" htmlFor={`reason-${gap.id}`}>
          Why dismiss {label}?
        </label>
        <input
          id={`reason-${gap.id}`}
          className="input input-sm"
          value={reason}
          maxLength={500}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex gap-1">
          <button type="submit" className="btn btn-sm">
            Dismiss
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDismissing(false)}>
            Cancel
          </button>
        </div>
      </form>
    )
  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-primary btn-xs"
        disabled={change.isPending}
        onClick={() => set('addressed')}
        aria-label={`Mark ${label} addressed`}
      >
        Addressed
      </button>
      <button
        type="button"
        className="btn btn-outline btn-xs"
        disabled={change.isPending}
        onClick={() => set('deferred')}
        aria-label={`Defer ${label}`}
      >
        Defer
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        disabled={change.isPending}
        onClick={() => setDismissing(true)}
        aria-label={`Dismiss ${label}`}
      >
        Dismiss
      </button>
      {change.isError ? <span role="alert">Could not change the status.</span> : null}
    </div>
  )
}

export function GapRow({ gap }: { gap: RiskGap }) {
  return (
    <tr>
      <td>
        <Link className="link" to={`/app/patient/${gap.patient_id}`}>
          {gap.patient_name}
        </Link>
        <span className="block text-sm">{gap.tin ?? 'No TIN'}</span>
        {gap.substance_use_may_be_missing ? (
          <span className="block text-sm italic">{SUBSTANCE_USE_NOT_SHARED_NOTE}</span>
        ) : null}
      </td>
      <td>{GAP_TYPE_LABELS[gap.type]}</td>
      <td>
        {gap.condition}
        {gap.hcc ? (
          <span className="block text-sm">
            {gap.model} {gap.hcc}
            {gap.suggested_code ? ` · code ${gap.suggested_code}` : ''}
          </span>
        ) : null}
      </td>
      <td>
        {signed(gap.value)}
        {gap.trumped_by ? <span className="block text-sm">trumped by {gap.trumped_by}</span> : null}
        {gap.rx_hcc ? <span className="block text-sm">Part D {signed(gap.rx_value)}</span> : null}
      </td>
      <td>
        <Evidence gap={gap} />
        {gap.data_limitations.map((limitation) => (
          <span key={limitation.code} className="block text-sm italic">
            {limitation.message}
          </span>
        ))}
      </td>
      <td>
        <StatusActions gap={gap} />
      </td>
    </tr>
  )
}
