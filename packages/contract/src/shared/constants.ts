// Business constants and limits, in one place for both apps (docs/spec-notes.md lists them).

export const COPYRIGHT_YEAR = 2025
export const PRODUCT_NAME = 'BlueConsent'

export const HEALTH_PLAN = { slug: 'medicare', name: 'Medicare Blue Button' } as const

export const SESSION = {
  requestTimeoutMs: 15_000,
  refreshLeadMs: 60_000,
  refreshAtLifetimeFraction: 0.75,
  refreshRetryAttempts: 3,
  refreshRetryDelayMs: 1_000,
  defaultTokenLifetimeMs: 60 * 60 * 1000,
  tokenValidMarginMs: 5_000,
  checkIntervalMs: 30_000,
  expiringWarningMs: 60_000,
  oauthExpiryReductionMs: 10_000,
  oauthRefreshCheckMs: 60_000,
  oauthCodeVerifierLength: 64,
} as const

export const LOGIN_LOCKOUT = { attempts: 5, durationMs: 60_000 } as const

/**
 * The sign-in refusal for a member of a deactivated organisation (shown on the sign-in page as is). A
 * constant rather than part of the auth schemas so the sign-in page can recognise it without loading zod.
 */
export const ORGANIZATION_SUSPENDED_MESSAGE =
  "Your organization's access to BlueConsent is suspended. Please contact your administrator."

/** Server-side session lifetimes. */
export const SERVER_SESSION = {
  accessTokenSeconds: 15 * 60,
  idleTimeoutSeconds: 30 * 60,
  absoluteLifetimeSeconds: 12 * 60 * 60,
  passwordResetTokenSeconds: 60 * 60,
  failedLoginWindowSeconds: 60,
  failedLoginLimit: 5,
  /**
   * How long a just-rotated refresh token may be presented again when nothing has used its successor yet:
   * the answer carrying the successor was lost (a reload or navigation mid-refresh, a dropped connection).
   */
  refreshReuseGraceSeconds: 20,
} as const

export const AUTHORIZATION = {
  listPageSize: 6,
  hideOlderThanMs: 24 * 60 * 60 * 1000,
  listRefreshMs: 60_000,
  renewalWindowDays: 30,
  providerValidityMonths: 13,
  agentValidityHours: 10,
  consentLinkValidityDays: 7,
  resendsPerDay: 3,
  /** How long 'Clear My Requests' offers Undo. */
  clearUndoMs: 15_000,
} as const

export const PATIENT_SEARCH = { debounceMs: 300, recentSearchesKept: 5 } as const
export const VALIDATION_DEBOUNCE_MS = 300

export const PASSWORD_MIN_LENGTH = 8
export const NAME_LENGTH = { min: 1, max: 50 } as const

export const CLAIMS_PER_PAGE = { aco: 20, physician: 15, other: 10 } as const

export const FEEDBACK_DISMISS_MS = {
  success: 5_000,
  error: 8_000,
  warning: 6_000,
  info: 5_000,
  profileFormBanner: 5_000,
  profileWidgetError: 7_000,
} as const

export const TOAST = { defaultMs: 3_000, shellMs: 5_000 } as const

export const NETWORK = {
  offlineRetryOfferedAfterMs: 30_000,
  offlineBannerDismissMs: 5 * 60_000,
  slowBannerDismissMs: 10 * 60_000,
  retryIndicatorMs: 2_000,
  restoredBannerMs: 3_000,
  slowRttMs: 400,
  slowDownlinkMbps: 0.5,
} as const

export const PROFILE = { saveThrottleMs: 2_000, messagesClearMs: 5_000 } as const
export const PROGRESS_SUCCESS_OVERLAY_MS = 2_000
export const DEFAULT_RETRY = { attempts: 3, initialDelayMs: 1_000 } as const

export const BILLING = {
  seatPriceCents: 1999,
  trialEndingWarningDays: 3,
  savedFormStateExpiryMs: 60 * 60 * 1000,
  undoHistoryEntries: 20,
  paymentSessionCacheMs: 30 * 60 * 1000,
  paymentConfirmationAttempts: 2,
  paymentConfirmationDelayMs: 1_000,
  viewAllPaymentsThreshold: 10,
} as const

export const SUPPORT = { subjectMax: 200, messageMin: 10, messageMax: 5000, replyHours: 24 } as const
export const INVITATIONS = { formResetMs: 2_000 } as const
export const SETUP_WIZARD = { progressRetentionDays: 30, historyCap: 50 } as const
export const TIN_LIST_CACHE_MS = 30_000

export const ERROR_TRACKING = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const

/** The 32 daisyUI 4 theme names (32 selectable themes). */
export const THEMES = [
  'light',
  'dark',
  'cupcake',
  'bumblebee',
  'emerald',
  'corporate',
  'synthwave',
  'retro',
  'cyberpunk',
  'valentine',
  'halloween',
  'garden',
  'forest',
  'aqua',
  'lofi',
  'pastel',
  'fantasy',
  'wireframe',
  'black',
  'luxury',
  'dracula',
  'cmyk',
  'autumn',
  'business',
  'acid',
  'lemonade',
  'night',
  'coffee',
  'winter',
  'dim',
  'nord',
  'sunset',
] as const
export type Theme = (typeof THEMES)[number]
export const DARK_THEMES: readonly Theme[] = [
  'dark',
  'synthwave',
  'halloween',
  'forest',
  'black',
  'luxury',
  'dracula',
  'business',
  'night',
  'coffee',
  'dim',
  'sunset',
]
export const STORAGE_KEYS = {
  theme: 'theme',
  hasSession: 'has_session',
  rememberedEmail: 'remembered_email',
  recentPatientSearches: 'recent_patient_searches',
  oauthCodeVerifier: 'oauth_code_verifier',
  oauthState: 'oauth_state',
  preferences: 'preferences',
} as const
