// 'Data as of …' (when Medicare last had the data we hold) and the last sync (when we pulled it).
type DataFreshnessProps = { dataAsOf: string | null; lastSyncedAt: string | null }

const asLocal = (value: string): string => new Date(value).toLocaleString()

export function DataFreshness({ dataAsOf, lastSyncedAt }: DataFreshnessProps) {
  if (!dataAsOf && !lastSyncedAt) return <p>No Medicare data has been pulled for this patient yet.</p>
  return (
    <p>
      {dataAsOf ? <>Data as of {asLocal(dataAsOf)}. </> : null}
      {lastSyncedAt ? <>Last sync {asLocal(lastSyncedAt)}.</> : null}
    </p>
  )
}
