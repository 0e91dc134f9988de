// The last line of defence before a span leaves the process: query strings, SQL literals, headers, exception
// messages and anything shaped like an email, a phone number or an MBI never reach the exporter.
import { describe, expect, it } from 'vitest'
import { REDACTED, redactAttributes, redactSpan } from './redact.ts'
import type { tracing } from '@opentelemetry/sdk-node'

describe('span redaction', () => {
  it('cuts query strings from URLs and masks token-like path segments', () => {
    expect(
      redactAttributes({
        'url.full': 'http://localhost:8000/api/patients/?search=Jane%20Doe',
        'url.path': '/api/consent/abcdefghijklmnopqrstuvwx/?mrn=123',
        'url.query': 'search=Jane+Doe',
        'http.target': '/api/patients/?search=Jane',
        'http.route': '/api/patients/:id/',
      }),
    ).toEqual({
      'url.full': 'http://localhost:8000/api/patients/',
      'url.path': `/api/consent/${REDACTED}/`,
      'http.route': '/api/patients/:id/',
    })
  })

  it('replaces SQL literals and drops parameter, header and exception attributes', () => {
    expect(
      redactAttributes({
        'db.query.text': "select * from patients where mrn = 'MRN-1' and id = $1",
        'db.statement.parameters': '["Jane"]',
        'db.query.parameter.0': 'Jane',
        'http.request.header.cookie': ['session=1'],
        'exception.message': 'duplicate key (email)=(jane@example.org)',
        'http.response.status_code': 200,
      }),
    ).toEqual({
      'db.query.text': "select * from patients where mrn = '?' and id = $1",
      'http.response.status_code': 200,
    })
  })

  it('masks emails, phone numbers and MBIs wherever they are left', () => {
    const kept = redactAttributes({
      'some.note': 'jane.doe@example.org called +1 (555) 010-1234 about 1EG4-TE5-MK73',
      'some.list': ['1EG4TE5MK73', 'fine'],
      'some.id': '3f1c2a9e-5b7d-4e2f-9a1b-2c3d4e5f6a7b',
    })
    expect(kept['some.note']).toBe(`${REDACTED} called ${REDACTED} about ${REDACTED}`)
    expect(kept['some.list']).toEqual([REDACTED, 'fine'])
    expect(kept['some.id']).toBe('3f1c2a9e-5b7d-4e2f-9a1b-2c3d4e5f6a7b')
  })

  it("keeps only an event's exception type, no status message, and a name without its query", () => {
    const span = {
      name: 'GET /api/patients/?search=Jane',
      attributes: {},
      events: [
        {
          name: 'exception',
          time: [0, 0],
          attributes: { 'exception.type': 'Error', 'exception.message': 'Jane' },
        },
      ],
      links: [],
      status: { code: 2, message: 'no patient Jane Doe' },
    } as unknown as tracing.ReadableSpan
    const redacted = redactSpan(span)
    expect(redacted.name).toBe('GET /api/patients/')
    expect(redacted.events[0]?.attributes).toEqual({ 'exception.type': 'Error' })
    expect(redacted.status).toEqual({ code: 2 })
    expect(JSON.stringify({ ...redacted })).not.toContain('Jane')
  })
})
