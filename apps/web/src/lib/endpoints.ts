// Calls an API endpoint by its contract name: the path comes from the endpoint with its parameters filled,
// the query and body are typed by its schemas, and the answer is parsed with its answer schema. The
// endpoint table is loaded with the rest of the contract (lib/contract.ts), so code on the login route
// pays for it only on its first call.
import type { EndpointName, Endpoints } from '@blueconsent/contract/endpoints'
import type { PathParams, SuccessAnswer } from '@blueconsent/contract/shared'
import type { z } from 'zod'
import { apiClient, type RequestOptions } from './api-client.ts'
import { loadContract } from './contract.ts'

type Endpoint<N extends EndpointName> = Endpoints[N]
type Query = NonNullable<RequestOptions<unknown>['query']>

type ParamsInput<E extends Endpoint<EndpointName>> =
  PathParams<E['path']> extends undefined ? { params?: undefined } : { params: PathParams<E['path']> }
type QueryInput<E extends Endpoint<EndpointName>> = E extends { query: z.ZodType }
  ? { query?: Partial<z.input<E['query']>> & Query }
  : { query?: undefined }
type BodyInput<E extends Endpoint<EndpointName>> = E extends { body: z.ZodType }
  ? { body: z.input<E['body']> | URLSearchParams }
  : { body?: undefined }

/** What a call sends: the path's parameters, the query and the body, as the endpoint declares them. */
export type EndpointInput<N extends EndpointName> = ParamsInput<Endpoint<N>> &
  QueryInput<Endpoint<N>> &
  BodyInput<Endpoint<N>>

/** How the call is made: cancellation, and the client's exceptions for public and sign-out calls. */
export type CallOptions = Pick<RequestOptions<unknown>, 'signal' | 'public' | 'timeoutMs' | 'skipRefresh'>

type InputArgument<N extends EndpointName> =
  Record<never, never> extends EndpointInput<N>
    ? [input?: EndpointInput<N> & CallOptions]
    : [input: EndpointInput<N> & CallOptions]

export type EndpointAnswer<N extends EndpointName> = SuccessAnswer<Endpoint<N>>

type LooseInput = CallOptions & { params?: Record<string, string>; query?: Query; body?: unknown }

async function send<T>(name: EndpointName, input: LooseInput = {}, parse: boolean): Promise<T> {
  const { ENDPOINTS, endpointPath, successAnswerOf } = await loadContract()
  const endpoint = ENDPOINTS[name]
  const { params, ...options } = input
  const schema = parse ? (successAnswerOf(endpoint) as z.ZodType<T> | undefined) : undefined
  return apiClient.request<T>(endpointPath(endpoint.path, params), {
    ...options,
    method: endpoint.method,
    ...(schema ? { schema } : {}),
  })
}

/** Calls the endpoint and answers its successful answer, parsed with the endpoint's answer schema. */
export function callEndpoint<N extends EndpointName>(
  name: N,
  ...[input]: InputArgument<N>
): Promise<EndpointAnswer<N>> {
  return send(name, input as LooseInput | undefined, true)
}

/** Calls the endpoint and answers its body unparsed (file exports, answers read only for their status). */
export function callEndpointUnparsed<N extends EndpointName>(
  name: N,
  ...[input]: InputArgument<N>
): Promise<unknown> {
  return send(name, input as LooseInput | undefined, false)
}
