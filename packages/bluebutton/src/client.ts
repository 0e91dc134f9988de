// The public facade: one instance per registered CMS application (client id). Stateless apart from
// its configuration, so one instance serves every enrollee; tokens are passed in per call.
import {
  resolveConfig,
  type BlueButtonApiVersion,
  type BlueButtonClientConfig,
  type BlueButtonEndpoints,
  type ResolvedConfig,
} from './config.ts'
import { BlueButtonError } from './errors.ts'
import {
  coverageUrl,
  explanationOfBenefitUrl,
  iteratePages,
  patientIdFromResources,
  readPatient,
  readResource,
  readUserInfo,
  type AccessTokenSource,
  type BundlePage,
  type CoverageSearch,
  type ExplanationOfBenefitSearch,
  type FhirResource,
  type UserInfo,
} from './fhir/fhir.ts'
import {
  createAuthorizationRequest,
  exchangeCode,
  parseCallback,
  refreshTokens,
  revokeGrant,
  type AuthorizationRequest,
  type AuthorizationRequestOptions,
} from './oauth/oauth.ts'
import type { TokenSet } from './oauth/token-response.ts'

export class BlueButtonClient {
  private readonly config: ResolvedConfig

  constructor(config: BlueButtonClientConfig) {
    this.config = resolveConfig(config)
  }

  get endpoints(): BlueButtonEndpoints {
    return this.config.endpoints
  }

  get clientId(): string {
    return this.config.clientId
  }

  /** `v2` or `v3`: the `/vN/` of every URL this client calls. */
  get apiVersion(): BlueButtonApiVersion {
    return this.config.apiVersion
  }

  /** New state + PKCE verifier + the authorize URL. Store state and codeVerifier with the request. */
  createAuthorizationRequest(options?: AuthorizationRequestOptions): Promise<AuthorizationRequest> {
    return createAuthorizationRequest(this.config, options)
  }

  /** Validates the callback query (state, error) and returns the code. */
  parseCallback(callback: string | URL | URLSearchParams, expectedState: string): { code: string } {
    return parseCallback(this.config, callback, expectedState)
  }

  exchangeCode(input: { code: string; codeVerifier: string }): Promise<TokenSet> {
    return exchangeCode(this.config, input)
  }

  /** Rotation: store the returned refreshToken before using the returned accessToken. */
  refresh(refreshToken: string): Promise<TokenSet> {
    return refreshTokens(this.config, refreshToken)
  }

  /** Revokes the access token AND deletes the enrollee's grant for this app (`/vN/o/revoke/`). */
  revoke(accessToken: string): Promise<void> {
    return revokeGrant(this.config, accessToken)
  }

  /** Needs the `profile` scope; scope_denied when demographics were withheld. */
  userinfo(token: AccessTokenSource): Promise<UserInfo> {
    return readUserInfo(this.config, token)
  }

  /** The token's enrollee. Needs Patient scope; scope_denied when demographics were withheld. */
  readPatient(token: AccessTokenSource): Promise<FhirResource> {
    return readPatient(this.config, token)
  }

  readResource(
    token: AccessTokenSource,
    resourceType: 'Patient' | 'Coverage' | 'ExplanationOfBenefit',
    id: string,
  ): Promise<FhirResource> {
    return readResource(this.config, token, resourceType, id)
  }

  /** Pages of Coverage (one resource per Medicare part). */
  coveragePages(
    token: AccessTokenSource,
    search?: CoverageSearch,
  ): AsyncGenerator<BundlePage, void, undefined> {
    return iteratePages(this.config, coverageUrl(this.config, search), token)
  }

  /** Pages of ExplanationOfBenefit, `_count=50` by default, following `next` verbatim. */
  explanationOfBenefitPages(
    token: AccessTokenSource,
    search?: ExplanationOfBenefitSearch,
  ): AsyncGenerator<BundlePage, void, undefined> {
    return iteratePages(this.config, explanationOfBenefitUrl(this.config, search), token)
  }

  /** Follows any search URL (e.g. a saved `next` link) page by page. */
  pagesFrom(token: AccessTokenSource, url: string): AsyncGenerator<BundlePage, void, undefined> {
    return iteratePages(this.config, url, token)
  }

  /**
   * The enrollee's FHIR id when the token response lacked `patient`: tries /Patient (if granted),
   * then the `beneficiary` of a Coverage, then the `patient` of an EOB.
   */
  async resolvePatientId(tokens: Pick<TokenSet, 'accessToken' | 'patientId' | 'granted'>): Promise<string> {
    if (tokens.patientId) return tokens.patientId
    const token = tokens.accessToken
    if (tokens.granted.patient) {
      const patient = await readPatient(this.config, token).catch(ignoreScopeDenied)
      if (patient && typeof patient.id === 'string') return patient.id
    }
    for (const url of [
      coverageUrl(this.config, { count: 1 }),
      explanationOfBenefitUrl(this.config, { count: 1 }),
    ]) {
      const first = await iteratePages(this.config, url, token).next().catch(ignoreScopeDenied)
      const id = first && !first.done ? patientIdFromResources(first.value.resources) : null
      if (id) return id
    }
    throw new BlueButtonError({
      code: 'not_found',
      endpoint: 'fhir',
      detail: 'could not determine the patient id',
    })
  }
}

// A fallback source the grant does not cover is skipped; anything else (401, transient) is the caller's.
function ignoreScopeDenied(error: unknown): null {
  const skippable = ['scope_denied', 'forbidden', 'not_found']
  if (error instanceof BlueButtonError && skippable.includes(error.code)) return null
  throw error
}
