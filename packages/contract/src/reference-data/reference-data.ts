// Reference data management. Read-only tables (the health plan, the
// CMS-HCC payment years the engine supports, US states) and the patient-facing message templates, which
// platform administrators edit. A template is text with {{placeholders}} the messaging feature fills in; the
// built-in copy is version 0 and every save adds a version, the newest being the one sent.
import { z } from 'zod'
import { isoDateTimeSchema } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'
import { isOwnKey, ownValue } from '../shared/own-keys.ts'
import { smsEncoding, smsSegments } from './sms-segments.ts'

export const TEMPLATE_LANGUAGES = ['en', 'es'] as const
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number]
export const TEMPLATE_LANGUAGE_LABELS: Record<TemplateLanguage, string> = { en: 'English', es: 'Spanish' }

export type TemplateChannel = 'email' | 'sms'

/** Longest a patient text may be: two segments (see sms-segments.ts). */
export const SMS_MAX_SEGMENTS = 2

export const TEMPLATE_PLACEHOLDERS = {
  requester: 'Who asks: the staff member and their organization',
  organization: 'The organization’s name',
  data: 'What the patient is asked to share',
  duration: 'For how long, from when the patient agrees',
  link: 'The patient’s personal consent link',
  link_expires: 'When the link stops working: its date and time',
  expires_in: 'Whole days until the link stops working (older wording; the date and time is exact)',
  reminder_prefix: '“Reminder: ” on reminders, else nothing',
  replaces_note: 'On a fresh link: that earlier links no longer work, else nothing',
} as const
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS

type TemplateDefinition = {
  channel: TemplateChannel
  label: string
  description: string
  /** Placeholders the text may use. */
  placeholders: readonly TemplatePlaceholder[]
  /** Placeholders the text must keep: without them the message cannot do its job. */
  required: readonly TemplatePlaceholder[]
}

export const MESSAGE_TEMPLATES = {
  consent_request: {
    channel: 'email',
    label: 'Consent request email',
    description: 'Asks the patient to share their Medicare data, with their personal link.',
    placeholders: [
      'reminder_prefix',
      'requester',
      'organization',
      'data',
      'duration',
      'link',
      'replaces_note',
      'link_expires',
      'expires_in',
    ],
    required: ['requester', 'link'],
  },
  opt_in: {
    channel: 'sms',
    label: 'Opt-in text',
    description: 'The first text: asks the patient to reply YES before any link is sent.',
    placeholders: ['reminder_prefix', 'requester', 'organization', 'data', 'duration'],
    required: ['requester'],
  },
  link: {
    channel: 'sms',
    label: 'Consent link text',
    description: 'After YES: the patient’s personal link.',
    placeholders: [
      'reminder_prefix',
      'requester',
      'organization',
      'link',
      'link_expires',
      'expires_in',
      'replaces_note',
    ],
    required: ['link'],
  },
} as const satisfies Record<string, TemplateDefinition>
export type TemplateKey = keyof typeof MESSAGE_TEMPLATES
export const TEMPLATE_KEYS = Object.keys(MESSAGE_TEMPLATES) as TemplateKey[]
export const isTemplateKey = (value: string): value is TemplateKey => isOwnKey(MESSAGE_TEMPLATES, value)

/**
 * Values a preview (and the segment check) fills in: a provider's request on a reminder with a fresh link,
 * the longest wording the messaging feature sends, so a text that fits here fits every real one.
 */
export const TEMPLATE_SAMPLE_VALUES: Record<TemplateLanguage, Record<TemplatePlaceholder, string>> = {
  en: {
    requester: 'Casey Morgan at Riverbend Accountable Care',
    organization: 'Riverbend Accountable Care',
    data: 'your Medicare medications, claims and a health risk score',
    duration: '13 months from when you agree',
    link: `https://portal.blueconsent.app/consent/${'x'.repeat(43)}`,
    link_expires: 'December 24, 2026 at 12:24 PM ET',
    expires_in: '7 days',
    reminder_prefix: 'Reminder: ',
    replaces_note: ' Earlier links no longer work.',
  },
  es: {
    requester: 'Casey Morgan de Riverbend Accountable Care',
    organization: 'Riverbend Accountable Care',
    data: 'sus medicamentos, reclamos de Medicare y un puntaje de riesgo de salud',
    duration: '13 meses desde que usted acepte',
    link: `https://portal.blueconsent.app/consent/${'x'.repeat(43)}`,
    link_expires: '24 de septiembre de 2026 a las 12:24 p. m. ET',
    expires_in: '7 dias',
    reminder_prefix: 'Recordatorio: ',
    replaces_note: ' Los anteriores ya no sirven.',
  },
}

/** An email says a fresh link replaces earlier ones in its own words (the text is longer than an SMS's). */
const EMAIL_REPLACES_NOTE: Record<TemplateLanguage, string> = {
  en: ' (it replaces any earlier link, which no longer works)',
  es: ' (reemplaza cualquier enlace anterior, que ya no funciona)',
}

/** The sample values of one template in one language, as its preview shows them. */
export function templateSampleValues(
  key: TemplateKey,
  language: TemplateLanguage,
): Record<TemplatePlaceholder, string> {
  const values = TEMPLATE_SAMPLE_VALUES[language]
  if (MESSAGE_TEMPLATES[key].channel !== 'email') return values
  return {
    ...values,
    replaces_note: EMAIL_REPLACES_NOTE[language],
    expires_in: language === 'es' ? '7 días' : values.expires_in,
  }
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g

/** The placeholder names a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))]
}

/** The text with each {{placeholder}} replaced by its value (unknown ones by nothing). */
export const renderTemplate = (text: string, values: Partial<Record<string, string>>): string =>
  text.replace(PLACEHOLDER, (_, name: string) => ownValue(values, name) ?? '')

export const TEMPLATE_MESSAGES = {
  subjectRequired: 'Enter a subject line.',
  subjectTooLong: 'The subject must be 200 characters or less.',
  subjectOneLine: 'The subject must be one line.',
  bodyRequired: 'Enter the message text.',
  bodyTooLong: 'The message must be 5000 characters or less.',
  platformOnly: 'Only a platform administrator can edit message templates.',
  saved: 'The template was saved. New messages use it from now on.',
  restored: 'The older version was restored as a new version.',
  unknownVersion: 'That version does not exist.',
  unknownPlaceholder: (name: string, allowed: readonly string[]) =>
    `{{${name}}} is not a placeholder of this template. Use: ${allowed.map((p) => `{{${p}}}`).join(', ')}.`,
  missingPlaceholder: (name: string) =>
    `The template must keep the {{${name}}} placeholder (${TEMPLATE_PLACEHOLDERS[name as TemplatePlaceholder]?.toLowerCase() ?? name}).`,
  tooManySegments: (segments: number) =>
    `With sample values this text needs ${segments} SMS segments; keep it within ${SMS_MAX_SEGMENTS} (about 300 plain characters, or 130 with accents such as á).`,
} as const

export type TemplateErrors = { subject?: string[]; body?: string[] }

/**
 * The rules a template's text must follow: only its own placeholders, every required one kept, a one-line
 * subject for an email, and an SMS within two segments with the longest sample values. Empty when it passes.
 */
export function templateErrors(
  key: TemplateKey,
  language: TemplateLanguage,
  text: { subject?: string | null | undefined; body: string },
): TemplateErrors {
  const definition: TemplateDefinition = MESSAGE_TEMPLATES[key]
  const errors: TemplateErrors = {}
  const add = (field: keyof TemplateErrors, message: string) => {
    errors[field] = [...(errors[field] ?? []), message]
  }
  const body = text.body.trim()
  if (body === '') add('body', TEMPLATE_MESSAGES.bodyRequired)
  if (body.length > 5000) add('body', TEMPLATE_MESSAGES.bodyTooLong)
  const subject = (text.subject ?? '').trim()
  if (definition.channel === 'email') {
    if (subject === '') add('subject', TEMPLATE_MESSAGES.subjectRequired)
    if (subject.length > 200) add('subject', TEMPLATE_MESSAGES.subjectTooLong)
    if (/[\r\n]/.test(subject)) add('subject', TEMPLATE_MESSAGES.subjectOneLine)
  }
  const allowed: readonly string[] = definition.placeholders
  for (const [field, value] of [
    ['subject', subject],
    ['body', body],
  ] as const)
    for (const name of placeholdersIn(value))
      if (!allowed.includes(name)) add(field, TEMPLATE_MESSAGES.unknownPlaceholder(name, allowed))
  const used = placeholdersIn(body)
  for (const name of definition.required)
    if (!used.includes(name)) add('body', TEMPLATE_MESSAGES.missingPlaceholder(name))
  if (definition.channel === 'sms' && body !== '') {
    const segments = smsSegments(renderTemplate(body, templateSampleValues(key, language)))
    if (segments > SMS_MAX_SEGMENTS) add('body', TEMPLATE_MESSAGES.tooManySegments(segments))
  }
  return errors
}

/** What a preview shows of an SMS: its segments and encoding with the sample values. */
export function smsPreviewFacts(text: string): { segments: number; encoding: 'GSM-7' | 'UCS-2' } {
  return { segments: smsSegments(text), encoding: smsEncoding(text) }
}

export const templateSaveSchema = z.object({
  subject: z.string().max(1000).nullable().optional(),
  body: z.string().max(20_000),
})
export type TemplateSave = z.infer<typeof templateSaveSchema>

export const templateRestoreSchema = z.object({ version: z.number().int().min(0) })
export type TemplateRestore = z.infer<typeof templateRestoreSchema>

export const templateKeyParamsSchema = z.object({
  key: z.string().max(50),
  language: z.enum(TEMPLATE_LANGUAGES),
})

export const templateVersionSchema = z.object({
  version: z.number().int(),
  subject: z.string().nullable(),
  body: z.string(),
  /** null for the built-in copy (version 0). */
  created_at: isoDateTimeSchema.nullable(),
  created_by_name: z.string().nullable(),
})
export type TemplateVersion = z.infer<typeof templateVersionSchema>

const templateBaseSchema = z.object({
  key: z.string(),
  channel: z.enum(['email', 'sms']),
  label: z.string(),
  description: z.string(),
  placeholders: z.array(z.string()),
  required: z.array(z.string()),
})

/** One template in both languages, each with the version in use. */
export const messageTemplateSchema = templateBaseSchema.extend({
  languages: z.array(z.object({ language: z.enum(TEMPLATE_LANGUAGES), current: templateVersionSchema })),
})
export type MessageTemplate = z.infer<typeof messageTemplateSchema>
export const messageTemplateListSchema = z.object({ results: z.array(messageTemplateSchema) })
export type MessageTemplateList = z.infer<typeof messageTemplateListSchema>

/** One language of a template: the version in use first, then every older one down to the built-in copy. */
export const messageTemplateHistorySchema = templateBaseSchema.extend({
  language: z.enum(TEMPLATE_LANGUAGES),
  versions: z.array(templateVersionSchema),
  /** Whether the reader may save (platform administrators). */
  editable: z.boolean(),
})
export type MessageTemplateHistory = z.infer<typeof messageTemplateHistorySchema>

export const referenceDataSchema = z.object({
  health_plans: z.array(z.object({ slug: z.string(), name: z.string() })),
  hcc: z.object({
    engine: z.string(),
    payment_years: z.array(
      z.object({
        payment_year: z.number().int(),
        blend: z.array(
          z.object({ model: z.string(), weight_percent: z.number(), normalization: z.string() }),
        ),
        ma_coding_adjustment: z.string(),
      }),
    ),
  }),
  us_states: z.array(z.object({ code: z.string(), name: z.string() })),
})
export type ReferenceData = z.infer<typeof referenceDataSchema>

/** Behind the admin guard; patient-facing wording is the platform's, so only its admin edits it. */
export const REFERENCE_DATA_ENDPOINTS = {
  tables: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reference-data/',
    access: 'ADMIN_GUARD',
    answers: { 200: referenceDataSchema },
  }),
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reference-data/templates/',
    access: 'ADMIN_GUARD',
    answers: { 200: messageTemplateListSchema },
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reference-data/templates/:key/:language/',
    access: 'ADMIN_GUARD',
    params: templateKeyParamsSchema,
    answers: { 200: messageTemplateHistorySchema },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/reference-data/templates/:key/:language/',
    access: 'PLATFORM_ADMIN',
    params: templateKeyParamsSchema,
    body: templateSaveSchema,
    answers: { 200: messageTemplateHistorySchema },
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/api/admin/reference-data/templates/:key/:language/restore/',
    access: 'PLATFORM_ADMIN',
    params: templateKeyParamsSchema,
    body: templateRestoreSchema,
    answers: { 200: messageTemplateHistorySchema },
  }),
}
