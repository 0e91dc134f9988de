// The payment history: Date, Description, Amount, Status, Method; the first ten, then all on request.
import { BILLING_MESSAGES, paymentStatusLabel, type Payment } from '@blueconsent/contract/billing'
import { BILLING } from '@blueconsent/contract/constants'
import { useState } from 'react'
import { formatBillingDate, formatMoney } from './billing-format.ts'

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
            <p className="text-sm">Last {shown.length} payments</p>
            <div className="overflow-x-auto">
              <table className="table">
                <caption className="sr-only">Payment history</caption>
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Description</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">Method</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((payment) => (
                    <tr key={payment.id}>
                      <td>{formatBillingDate(payment.created_at)}</td>
                      <td>
                        {payment.invoice_url ? (
                          <a className="link" href={payment.invoice_url} target="_blank" rel="noreferrer">
                            {payment.description}
                          </a>
                        ) : (
                          payment.description
                        )}
                      </td>
                      <td>{formatMoney(payment.amount, payment.currency)}</td>
                      <td>
                        <span className={`badge ${STATUS_BADGE[payment.status] ?? 'badge-ghost'}`}>
                          {paymentStatusLabel(payment.status)}
                        </span>
                      </td>
                      <td>{payment.payment_method ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
