import { invalidRequest, missingParam } from './errors.ts'
import type { FormObject, FormValue } from './form.ts'

// Reading Stripe request parameters (always strings on the wire) with Stripe's error messages.

export function optString(params: FormObject, key: string): string | undefined {
  const value = params[key]
  if (value === undefined) return undefined
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${key}`, key, 'parameter_invalid_string')
  return value
}

export function reqString(params: FormObject, key: string): string {
  const value = optString(params, key)
  if (value === undefined || value === '') throw missingParam(key)
  return value
}

export function optInt(params: FormObject, key: string, label = key): number | undefined {
  const value = optString(params, key)
  if (value === undefined || value === '') return undefined
  if (!/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, label, 'parameter_invalid_integer')
  return Number(value)
}

export function optBool(params: FormObject, key: string): boolean | undefined {
  const value = optString(params, key)
  if (value === undefined) return undefined
  if (value !== 'true' && value !== 'false')
    throw invalidRequest(`Invalid boolean: ${value}`, key, 'parameter_invalid_boolean')
  return value === 'true'
}

export function optObject(params: FormObject, key: string): FormObject | undefined {
  const value = params[key]
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidRequest(`Invalid object`, key, 'parameter_invalid_object')
  return value
}

export function optArray(params: FormObject, key: string): FormValue[] | undefined {
  const value = params[key]
  if (value === undefined || value === '') return undefined
  if (Array.isArray(value)) return value
  // `key[a]=…` style maps given where an array was expected.
  if (typeof value === 'object') return Object.values(value)
  throw invalidRequest(`Invalid array`, key, 'parameter_invalid_array')
}

export function asObject(value: FormValue | undefined, key: string): FormObject {
  if (typeof value !== 'object' || Array.isArray(value) || value === undefined)
    throw invalidRequest(`Invalid object`, key, 'parameter_invalid_object')
  return value
}

export function stringList(params: FormObject, key: string): string[] {
  return (optArray(params, key) ?? []).filter((v): v is string => typeof v === 'string')
}

// Stripe's metadata update: `metadata[key]=` removes the key, `metadata=` clears it all.
export function mergeMetadata(
  current: Record<string, string>,
  params: FormObject,
  key = 'metadata',
): Record<string, string> {
  const value = params[key]
  if (value === undefined) return current
  if (value === '') return {}
  const patch = asObject(value, key)
  const next = { ...current }
  for (const [k, v] of Object.entries(patch)) {
    if (typeof v !== 'string') throw invalidRequest('Invalid metadata value', `${key}[${k}]`)
    if (v === '') delete next[k]
    else next[k] = v
  }
  return next
}
