// The payment history: Date, Description, Amount, Status, Method; the first ten, then all on request.
import { BILLING_MESSAGES, paymentStatusLabel, type Payment } from '@blueconsent/contract/billing'
import { BILLING } from '@blueconsent/contract/constants'
import { useState } from 'react'
import { formatBillingDate, formatMoney } from './billing-format.ts'
import { countText, ownValue } from '@blueconsent/contract/shared'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'

const STATUS_BADGE: Record<string, string> = {
  succeeded: 'badge-success',
  pending: 'badge-warning',
  failed: 'badge-error',
}

export function PaymentHistory({ payments }: { payments: Payment[] }) {
  const [showAll, setShowAll] = useState(false)
  const threshold = BILLING.viewAllPaymentsThreshold
  const shown = showAll ? payments : payments.slice(0, threshold)
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="payment-history-title">
      <div className="card-body gap-3">
        <h2 id="payment-history-title" className="card-title">
          Payment history
        </h2>
        {payments.length === 0 ? (
          <p>{BILLING_MESSAGES.noPaymentHistory}</p>
        ) : (
          <>
            <p className="text-sm">Last {countText(shown.length, 'payment')}</p>
            <DataTable
              caption="Payment history"
              rows={shown}
              rowKey={(payment) => payment.id}
              columns={PAYMENT_COLUMNS}
              cards
            />
            {payments.length >= threshold && !showAll ? (
              <button
                type="button"
                className="btn btn-outline btn-sm self-start"
                onClick={() => setShowAll(true)}
              >
                View All Payments
              </button>
            ) : null}
          </>
        )}
      </div>
    </section>
  )
}

const PAYMENT_COLUMNS: DataColumn<Payment>[] = [
  { id: 'date', header: 'Date', cell: (payment) => formatBillingDate(payment.created_at) },
  {
    id: 'description',
    header: 'Description',
    card: 'title',
    cell: (payment) =>
      payment.invoice_url ? (
        <a className="link" href={payment.invoice_url} target="_blank" rel="noreferrer">
          {payment.description}
        </a>
      ) : (
        payment.description
      ),
  },
  { id: 'amount', header: 'Amount', cell: (payment) => formatMoney(payment.amount, payment.currency) },
  {
    id: 'status',
    header: 'Status',
    card: 'badge',
    cell: (payment) => (
      <span className={`badge ${ownValue(STATUS_BADGE, payment.status) ?? 'badge-ghost'}`}>
        {paymentStatusLabel(payment.status)}
      </span>
    ),
  },
  { id: 'method', header: 'Method', cell: (payment) => payment.payment_method ?? '—' },
]
