import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from './context.ts'
import type { JsonObject } from './synthetic/fhir.ts'
import { routeBothSlashes } from './http.ts'
import { scopesSupported } from './oauth/scopes.ts'
import { fixturePath } from './fixtures-dir.ts'
import { carinProfile } from './synthetic/v3/v3-codes.ts'
import { API_VERSIONS, type ApiVersion } from './versions.ts'

function endpoints(ctx: SandboxContext, v: ApiVersion): Record<string, string> {
  return {
    issuer: ctx.url(''),
    authorization_endpoint: ctx.url(`/${v}/o/authorize/`),
    token_endpoint: ctx.url(`/${v}/o/token/`),
    revocation_endpoint: ctx.url(`/${v}/o/revoke_token/`),
    userinfo_endpoint: ctx.url(`/${v}/connect/userinfo`),
  }
}

function openidConfiguration(ctx: SandboxContext, v: ApiVersion): JsonObject {
  return {
    ...endpoints(ctx, v),
    ui_locales_supported: ['en-US', 'es-US'],
    service_documentation: 'https://bluebutton.cms.gov/developers',
    op_tos_uri: 'https://bluebutton.cms.gov/terms',
    grant_types_supported: ['authorization_code', 'refresh_token'],
    response_types_supported: ['code', 'token'],
    fhir_metadata_uri: ctx.url(`/${v}/fhir/metadata`),
  }
}

function smartConfiguration(ctx: SandboxContext, v: ApiVersion): JsonObject {
  const { issuer: _issuer, ...rest } = endpoints(ctx, v)
  return {
    ...rest,
    scopes_supported: scopesSupported(true),
    response_types_supported: ['code', 'token'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    capabilities: [
      'client-confidential-symmetric',
      'context-standalone-patient',
      'launch-standalone',
      'permission-offline',
      'permission-patient',
      'permission-v1',
      'permission-v2',
      'authorize-post',
    ],
  }
}

// The CARIN Blue Button profiles v3's resources claim in meta.profile.
const V3_PROFILES: Readonly<Record<string, readonly string[]>> = {
  Coverage: [carinProfile('Coverage')],
  ExplanationOfBenefit: [
    'ExplanationOfBenefit-Inpatient-Institutional',
    'ExplanationOfBenefit-Outpatient-Institutional',
    'ExplanationOfBenefit-Pharmacy',
    'ExplanationOfBenefit-Professional-NonClinician',
  ].map(carinProfile),
  Patient: [carinProfile('Patient')],
}

// v3 is served by BFD's v3 server (FHIR 4.0.1), which states the profiles each resource conforms to.
function v3Statement(statement: JsonObject, rest: JsonObject): void {
  statement['fhirVersion'] = '4.0.1'
  statement['implementation'] = {
    ...(statement['implementation'] as JsonObject),
    description: 'gov.cms.bfd:bfd-server-ng',
  }
  for (const resource of (rest['resource'] as JsonObject[] | undefined) ?? []) {
    const profiles = V3_PROFILES[String(resource['type'])]
    if (profiles) resource['supportedProfile'] = [...profiles]
  }
}

// Blue Button's CapabilityStatement (fixture bb2-metadata-v2.json) with this host's URLs.
function capabilityStatement(ctx: SandboxContext, template: JsonObject, v: ApiVersion): JsonObject {
  const statement = structuredClone(template)
  statement['implementation'] = { description: 'gov.cms.bfd:bfd-server-war', url: ctx.url(`/${v}/fhir`) }
  const rest = (statement['rest'] as JsonObject[])[0] ?? {}
  if (v === 'v3') v3Statement(statement, rest)
  const security = (rest['security'] ?? {}) as JsonObject
  security['extension'] = [
    {
      url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
      extension: [
        { url: 'token', valueUri: ctx.url(`/${v}/o/token/`) },
        { url: 'authorize', valueUri: ctx.url(`/${v}/o/authorize/`) },
        { url: 'revoke', valueUri: ctx.url(`/${v}/o/revoke_token/`) },
      ],
    },
  ]
  rest['security'] = security
  return statement
}

export function registerDiscoveryRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  let template: JsonObject | undefined
  const loadTemplate = (): JsonObject =>
    (template ??= JSON.parse(readFileSync(fixturePath('bb2-metadata-v2.json'), 'utf8')) as JsonObject)
  for (const v of API_VERSIONS) {
    routeBothSlashes(app, 'GET', `/.well-known/openid-configuration-${v}`, async (_req, reply) =>
      reply.send(openidConfiguration(ctx, v)),
    )
    routeBothSlashes(app, 'GET', `/${v}/connect/.well-known/openid-configuration`, async (_req, reply) =>
      reply.send(openidConfiguration(ctx, v)),
    )
    routeBothSlashes(app, 'GET', `/${v}/fhir/.well-known/smart-configuration`, async (_req, reply) =>
      reply.send(smartConfiguration(ctx, v)),
    )
    routeBothSlashes(app, 'GET', `/${v}/fhir/metadata`, async (_req, reply) =>
      reply
        .type('application/fhir+json; charset=utf-8')
        .send(JSON.stringify(capabilityStatement(ctx, loadTemplate(), v))),
    )
  }
}
