// Lookups by a key that comes from outside (a URL, a query, a stored row, another service): a plain object
// also answers for the keys every object inherits (`constructor`, `toString`, `__proto__`), which would
// turn an unknown key into a function instead of "not found". These read only the object's own keys.

/** The value `record` itself holds under `key`, or undefined. */
export const ownValue = <V>(record: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined

/** Whether `key` is one of `record`'s own keys (a type guard for a const table's keys). */
export const isOwnKey = <T extends object>(record: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(record, key)
