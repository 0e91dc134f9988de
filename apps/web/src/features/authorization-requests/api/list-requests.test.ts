import { vi, describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeRequest } from '../testing/fixtures.ts'
import { fetchRequests, LIST_MAX_PAGES } from './list-requests.ts'

const ROUTE = 'GET /api/healthplans/requests/'

describe('fetchRequests', () => {
  it('reads every page at the API maximum of 100 and keeps the server total', async () => {
    const [a, b, c] = [makeRequest(), makeRequest(), makeRequest()]
    const fake = createFakeFetch().on(
      ROUTE,
      json(200, { count: 3, next: '/api/healthplans/requests/?page=2', previous: null, results: [a, b] }),
      json(200, { count: 3, next: null, previous: '/api/healthplans/requests/?page=1', results: [c] }),
    )
    vi.stubGlobal('fetch', fake.fetch)
    const list = await fetchRequests({ scope: 'organization', status: 'authorized' })
    expect(list.results.map((request) => request.request_id)).toEqual(
      [a, b, c].map((request) => request?.request_id),
    )
    expect(list.count).toBe(3)
    const params = fake.callsTo(ROUTE).map((call) => new URL(call.url, 'http://localhost').searchParams)
    expect(params.map((search) => search.get('page'))).toEqual(['1', '2'])
    expect(
      params.every((search) => search.get('page_size') === '100' && search.get('scope') === 'organization'),
    ).toBe(true)
    expect(params[0]?.get('status')).toBe('authorized')
  })

  it('stops at the page ceiling', async () => {
    const fake = createFakeFetch().on(
      ROUTE,
      json(200, { count: 5000, next: '/next', previous: null, results: [makeRequest()] }),
    )
    vi.stubGlobal('fetch', fake.fetch)
    const list = await fetchRequests({})
    expect(fake.callsTo(ROUTE)).toHaveLength(LIST_MAX_PAGES)
    expect(list.next).toBe('/next')
  })
})
