// Routes registered from the contract's endpoint descriptions: method, path, validation, answers and the
// access rule come from the endpoint; the route file adds only its handler and HTTP details (docs tags,
// rate limits, hooks). The endpoint rides along in the route's config, so a test can tell every /api/
// route came from the contract.
import { ACCESS_RULES, type EndpointDefinition } from '@blueconsent/contract/shared'
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from. */
    endpoint?: EndpointDefinition
  }
}

/** The Fastify schema an endpoint's route validates with. */
export type EndpointSchema<E extends EndpointDefinition> = {
  params: E['params']
  querystring: E['query']
  body: E['body']
  response: E['answers']
}

export type EndpointHandler<E extends EndpointDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider
>

/** What a route adds to its endpoint: documentation, rate limits and the other HTTP-only details. */
export type EndpointRouteOptions = Omit<
  RouteOptions,
  'method' | 'url' | 'handler' | 'schema' | 'config' | 'path'
> & {
  schema?: Pick<FastifySchema, 'tags' | 'security' | 'description' | 'summary' | 'hide'> & {
    [key: string]: unknown
  }
  config?: Omit<FastifyContextConfig, 'access' | 'endpoint'>
}

function schemaOf(endpoint: EndpointDefinition, extra: EndpointRouteOptions['schema']): FastifySchema {
  const schema: Record<string, unknown> = { ...extra }
  if (endpoint.params) schema.params = endpoint.params
  if (endpoint.query) schema.querystring = endpoint.query
  if (endpoint.body) schema.body = endpoint.body
  if (endpoint.answers) schema.response = endpoint.answers
  return schema
}

/** Registers the endpoint's route on `app` (in its plugin scope) with the given handler. */
export function serveEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const { schema, config, ...rest } = options
  app.route({
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    schema: schemaOf(endpoint, schema),
    config: { ...config, access: ACCESS_RULES[endpoint.access], endpoint },
    handler: handler as RouteOptions['handler'],
  })
}
