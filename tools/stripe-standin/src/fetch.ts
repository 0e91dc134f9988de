// Point the official SDK at a stand-in mounted inside the same Fastify app, without a socket:
//   new Stripe(key, { httpClient: Stripe.createFetchHttpClient(standinFetch(app, '/stripe-standin')) })
// The SDK always calls https://api.stripe.com/v1/…; this fetch answers those calls from `app.inject`
// under the mount prefix (any host is accepted, so `host`/`port` options need not be set).

type InjectResponse = {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  rawPayload: Buffer
}

type Injectable = {
  inject: (options: {
    method: string
    url: string
    headers: Record<string, string>
    payload?: Buffer
  }) => PromiseLike<InjectResponse>
}

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export function standinFetch(app: Injectable, prefix = ''): FetchFn {
  const base = prefix.replace(/\/+$/, '')
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    const response = await app.inject({
      method: request.method,
      url: `${base}${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(hasBody ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item)
    }
    const empty =
      response.statusCode === 204 || response.statusCode === 304 || response.rawPayload.length === 0
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    })
  }
}
