// Reads and writes that many requests need at the same moment (the caller's account, an audit row) share one
// statement: everything asked for in one turn of the event loop goes out together. Nothing is remembered
// between batches, and a caller only ever joins a batch that has not been sent yet, so the statement that
// answers it starts after it asked: it sees every change committed before, exactly as a statement of its own.
import DataLoader from 'dataloader'

export function sameTurnBatches<K, V>(
  send: DataLoader.BatchLoadFn<K, V>,
  maxBatchSize: number,
): DataLoader<K, V> {
  return new DataLoader<K, V>(send, {
    cache: false,
    // Every request whose bytes arrived in this turn joins, not only the current callback's.
    batchScheduleFn: (run) => setImmediate(run),
    maxBatchSize,
  })
}
