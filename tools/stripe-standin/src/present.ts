import type { Engine } from './engine.ts'
import { invalidRequest } from './errors.ts'
import type { FormObject } from './form.ts'
import { clone, type CheckoutLine } from './model.ts'
import { optInt, optString } from './params.ts'

type Rest = { [key: string]: unknown }

export type ApiList = { object: 'list'; data: Rest[]; has_more: boolean; url: string }

function isList(value: unknown): value is { object: 'list'; data: unknown[] } {
  return typeof value === 'object' && value !== null && (value as Rest).object === 'list'
}

// Fields Stripe leaves out unless expanded ("includable"), computed on demand.
function includable(engine: Engine, node: Rest, field: string): unknown {
  if (node.object === 'invoice' && field === 'payments') {
    const data = Object.values(engine.state.invoicePayments)
      .filter((p) => p.invoice === node.id)
      .map((p) => clone(p))
    return { object: 'list', data, has_more: false, url: `/v1/invoice_payments?invoice=${String(node.id)}` }
  }
  if (node.object === 'checkout.session' && field === 'line_items') {
    const lines: CheckoutLine[] = engine.state.checkoutLines[String(node.id)] ?? []
    const data = lines.map((line, index) => {
      const price = engine.state.prices[line.price]
      const product = price ? engine.state.products[price.product] : undefined
      const amount = (price?.unit_amount ?? 0) * line.quantity
      return {
        id: `li_${String(node.id).slice(-20)}${index}`,
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: price?.currency ?? 'usd',
        description: product?.name ?? null,
        price: price ? clone(price) : null,
        quantity: line.quantity,
      }
    })
    return {
      object: 'list',
      data,
      has_more: false,
      url: `/v1/checkout/sessions/${String(node.id)}/line_items`,
    }
  }
  return undefined
}

function expandPath(engine: Engine, node: unknown, path: string[]): void {
  if (path.length === 0 || node === null || typeof node !== 'object') return
  const [head, ...rest] = path as [string, ...string[]]
  if (isList(node) && head === 'data') {
    for (const item of node.data) expandPath(engine, item, rest)
    return
  }
  const obj = node as Rest
  let value = obj[head]
  if (value === undefined) {
    value = includable(engine, obj, head)
    if (value === undefined) throw invalidRequest(`This property cannot be expanded (${head}).`, 'expand')
    obj[head] = value
  }
  const resolve = (v: unknown): unknown => {
    if (typeof v !== 'string') return v
    const found = engine.lookup(v)
    // A string that is no object's id (a status, a name) is not expandable.
    if (!found) throw invalidRequest(`This property cannot be expanded (${head}).`, 'expand')
    return clone(found)
  }
  if (Array.isArray(value)) {
    obj[head] = value.map(resolve)
    for (const item of obj[head] as unknown[]) expandPath(engine, item, rest)
    return
  }
  if (value !== null && typeof value !== 'string' && typeof value !== 'object')
    throw invalidRequest(`This property cannot be expanded (${head}).`, 'expand')
  obj[head] = resolve(value)
  expandPath(engine, obj[head], rest)
}

/** A response body: a copy of the stored object with the requested `expand[]` paths filled in. */
export function present(engine: Engine, object: Rest, expand: string[]): Rest {
  const out = clone(object)
  for (const path of expand) {
    // Stripe allows four levels of expansion; stepping into a list's `data` is not a level.
    const parts = path.split('.')
    if (parts.filter((p) => p !== 'data').length > 4)
      throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand')
    expandPath(engine, out, parts)
  }
  return out
}

/**
 * Stripe's cursor pagination over objects newest first: `limit` (1–100, default 10),
 * `starting_after` (older than that id), `ending_before` (newer than that id).
 */
export function paginate(engine: Engine, objects: Rest[], params: FormObject, url: string): ApiList {
  const limit = optInt(params, 'limit') ?? 10
  if (limit < 1 || limit > 100)
    throw invalidRequest(
      'Invalid integer: limit must be between 1 and 100',
      'limit',
      'parameter_invalid_integer',
    )
  const order = engine.state.order
  const sorted = [...objects].sort(
    (a, b) =>
      Number(b.created ?? 0) - Number(a.created ?? 0) ||
      (order[String(b.id)] ?? 0) - (order[String(a.id)] ?? 0),
  )
  const after = optString(params, 'starting_after')
  const before = optString(params, 'ending_before')
  let page: Rest[]
  let hasMore: boolean
  if (before) {
    const index = sorted.findIndex((o) => o.id === before)
    if (index === -1) throw invalidRequest(`No such object: '${before}'`, 'ending_before', 'resource_missing')
    const newer = sorted.slice(0, index)
    page = newer.slice(Math.max(0, newer.length - limit))
    hasMore = newer.length > limit
  } else {
    const start = after ? sorted.findIndex((o) => o.id === after) + 1 : 0
    if (after && start === 0)
      throw invalidRequest(`No such object: '${after}'`, 'starting_after', 'resource_missing')
    page = sorted.slice(start, start + limit)
    hasMore = sorted.length > start + limit
  }
  return { object: 'list', data: page.map((o) => clone(o)), has_more: hasMore, url }
}
