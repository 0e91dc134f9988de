// /app/billing: the Billing Dashboard.
import { BillingPortal } from '../components/billing-portal.tsx'

export function BillingPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Billing Dashboard</h1>
        <p className="mt-2">Your subscription, seats, cards and payments.</p>
      </div>
      <BillingPortal />
    </div>
  )
}
