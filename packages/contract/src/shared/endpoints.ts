// One description per HTTP endpoint, read by both sides: the server registers its route from it (method,
// path, validation, answers, who may call) and the web client calls it by name (path filled, query sent,
// answer parsed). A path is written here and nowhere else.
import { z } from 'zod'
import { ACO_ROLES, ADMIN_ROLES, PROVIDER_ROLES, type Permission, type Role } from './access.ts'

export const ENDPOINT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type EndpointMethod = (typeof ENDPOINT_METHODS)[number]

/**
 * Who may call a route, as the server's access plugin applies it: `'public'`, `'dev-tools'` (the demo's
 * tools, this machine only), or a signed-in caller with all of the given roles' one, every permission and,
 * with `admin`, the admin guard.
 */
export type AccessRule =
  'public' | 'dev-tools' | { roles?: readonly Role[]; permissions?: readonly Permission[]; admin?: true }

/** The access rules by name; an endpoint names one of them. */
export const ACCESS_RULES = {
  PUBLIC: 'public',
  DEV_TOOLS: 'dev-tools',
  SIGNED_IN: {},
  /** A superuser or a member of an admin group; which organisations they act on is the route's business. */
  ADMIN_GUARD: { admin: true },
  /** The platform's own admin (the ADMIN role) behind the admin guard. */
  PLATFORM_ADMIN: { admin: true, roles: ['ADMIN'] },
  ADMIN_ROLES: { roles: ADMIN_ROLES },
  /** An organisation's member list: its admins, and an ACO's users too. */
  MEMBERS_VIEW: { roles: [...ADMIN_ROLES, 'ACO_USER'] },
  ACO: { roles: ACO_ROLES },
  ACO_ADMIN: { roles: ['ACO_ADMIN'] },
  /** An organisation's own admins, without the platform's (which has no organisation). */
  ORGANIZATION_ADMINS: { roles: ['ACO_ADMIN', 'PHYSICIAN_ADMIN', 'AGENT_ADMIN'] },
  ACO_ADMIN_OR_ADMIN: { roles: ['ACO_ADMIN', 'ADMIN'] },
  AUDIT_VIEW: { permissions: ['audit.view'] },
  PATIENTS_VIEW: { permissions: ['patients.view'] },
  PATIENT_NOTES_EDIT: { permissions: ['patients.view', 'patients.edit_notes'] },
  PATIENT_EXPORT: { permissions: ['patients.view', 'patients.export'] },
  /** Patients with their claims: what adherence, the visit planner and the brief are read from. */
  CLAIMS_VIEW: { permissions: ['patients.view', 'patients.view_claims'] },
  ACO_REPORTS: { roles: ACO_ROLES, permissions: ['patients.view'] },
  REQUESTS_CREATE: { permissions: ['authorization_requests.create'] },
  /** Provider roles that see patients: the MRN check and the risk-gap worklist (agents do neither). */
  PROVIDER_PATIENTS_VIEW: { permissions: ['patients.view'], roles: PROVIDER_ROLES },
  PROVIDER_REQUESTS_CREATE: { permissions: ['authorization_requests.create'], roles: PROVIDER_ROLES },
  /** Identity review: an admin role that also sees patients (so not the platform admin). */
  ADMIN_REQUESTS_VIEW: { permissions: ['patients.view'], roles: ADMIN_ROLES },
} as const satisfies Record<string, AccessRule>
export type AccessRuleName = keyof typeof ACCESS_RULES

type Schema = z.ZodType

/** The `:id` of a path, length-capped; whether it names a row is the server's question (404 if not). */
export const idParamsSchema = z.object({ id: z.string().max(200) })
/** Answer schemas by HTTP status, as the server validates and serialises them. */
export type EndpointAnswers = Partial<Record<number, Schema>>

export type EndpointDefinition = {
  method: EndpointMethod
  /** The route path with `:name` parameters, trailing slash included. */
  path: string
  access: AccessRuleName
  params?: Schema
  query?: Schema
  body?: Schema
  answers?: EndpointAnswers
}

/** Checks an endpoint's shape and keeps its literal types (method, path, schemas) for both sides. */
export const defineEndpoint = <const E extends EndpointDefinition>(endpoint: E): E => endpoint

/** The names of a path's `:parameters`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type PathParams<P extends string> = [PathParamNames<P>] extends [never]
  ? undefined
  : Record<PathParamNames<P>, string>

/** The endpoint's path with its parameters filled in (each one URL-encoded). */
export function endpointPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`)
    return encodeURIComponent(value)
  })
}

/** `METHOD /path/`, the key a route is known by in tables (access matrix, docs). */
export const endpointKey = (endpoint: Pick<EndpointDefinition, 'method' | 'path'>): string =>
  `${endpoint.method} ${endpoint.path}`

/** The schema of the endpoint's successful answer (the first 2xx it declares), if it declares one. */
export function successAnswerOf(endpoint: EndpointDefinition): Schema | undefined {
  const answers = endpoint.answers ?? {}
  const status = Object.keys(answers)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b)[0]
  return status === undefined ? undefined : answers[status]
}

type SuccessStatus = 200 | 201 | 202 | 203
/** The type of the endpoint's successful answer, `unknown` when it declares none. */
export type SuccessAnswer<E extends EndpointDefinition> = E['answers'] extends EndpointAnswers
  ? {
      [S in SuccessStatus]: S extends keyof E['answers']
        ? E['answers'][S] extends Schema
          ? z.output<E['answers'][S]>
          : never
        : never
    }[SuccessStatus] extends infer A
    ? [A] extends [never]
      ? unknown
      : A
    : unknown
  : unknown

/** Builds the registry of a feature list: every endpoint by `feature.name`. */
export type EndpointRegistry<F extends Record<string, Record<string, EndpointDefinition>>> = {
  [
    K in {
      [Feature in keyof F & string]: `${Feature}.${keyof F[Feature] & string}`
    }[keyof F & string]
  ]: K extends `${infer Feature}.${infer Name}` ? F[Feature][Name] : never
}

export function endpointRegistry<F extends Record<string, Record<string, EndpointDefinition>>>(
  features: F,
): EndpointRegistry<F> {
  const entries = Object.entries(features).flatMap(([feature, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => [`${feature}.${name}`, endpoint] as const),
  )
  return Object.fromEntries(entries) as EndpointRegistry<F>
}
