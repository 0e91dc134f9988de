// Stripe's request encoding: form fields (POST bodies, GET/DELETE query strings) with bracket nesting,
// `items[0][quantity]=3`, `expand[]=subscription`, `metadata[org]=x`. The SDK writes arrays with indices
// (`expand[0]=…`); browsers and curl users write `[]`. Both become arrays here.

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormObject = { [key: string]: FormValue }

import { own, put } from './model.ts'

const MAX_DEPTH = 8
const MAX_INDEX = 1000

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    // A stray '%' is kept literally rather than failing the whole request.
    return part
  }
}

// `a[b][0][]` → ['a', 'b', '0', '']
function splitKey(key: string): string[] | null {
  const open = key.indexOf('[')
  if (open <= 0) return open === 0 ? null : [key]
  const parts = [key.slice(0, open)]
  const rest = key.slice(open)
  const re = /\[([^[\]]*)\]/gy
  let match: RegExpExecArray | null
  let consumed = 0
  while ((match = re.exec(rest)) !== null) {
    parts.push(match[1] ?? '')
    consumed = re.lastIndex
  }
  // Trailing garbage after the brackets: treat the whole thing as a flat key, as qs does.
  if (consumed !== rest.length || parts.length > MAX_DEPTH + 1) return [key]
  return parts
}

type Node = { [key: string]: Node | string } | string

function assign(target: { [key: string]: Node | string }, path: string[], value: string): void {
  let cursor = target
  for (let i = 0; i < path.length; i += 1) {
    let segment = path[i] as string
    const last = i === path.length - 1
    // `[]` appends: the next free numeric slot.
    if (segment === '') segment = String(Object.keys(cursor).length)
    if (last) {
      put(cursor, segment, value)
      return
    }
    // Own entries only: a `__proto__` or `constructor` segment is a plain key, never a way into a prototype.
    const existing = own(cursor, segment)
    if (existing === undefined || typeof existing === 'string') {
      const fresh: { [key: string]: Node | string } = {}
      put(cursor, segment, fresh)
      cursor = fresh
    } else {
      cursor = existing
    }
  }
}

// Objects whose keys are all small integers become arrays (in index order, gaps closed).
function finish(node: Node): FormValue {
  if (typeof node === 'string') return node
  const keys = Object.keys(node)
  const numeric = keys.length > 0 && keys.every((k) => /^\d+$/.test(k) && Number(k) <= MAX_INDEX)
  if (numeric) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => finish(own(node, String(k)) as Node))
  }
  const out: FormObject = {}
  for (const key of keys) put(out, key, finish(own(node, key) as Node))
  return out
}

export function parseForm(text: string): FormObject {
  const root: { [key: string]: Node | string } = {}
  if (!text) return {}
  for (const pair of text.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const rawKey = eq === -1 ? pair : pair.slice(0, eq)
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1))
    const path = splitKey(decode(rawKey))
    if (!path || path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue
    assign(root, path, value)
  }
  return finish(root) as FormObject
}
