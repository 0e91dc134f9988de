// Reference data: the read-only tables every admin may consult (the health plan, the CMS-HCC payment years
// the engine scores with their blend, US states) and the patient-facing message templates. Templates are
// edited by platform administrators only: a save is checked against the template's rules (contract
// templateErrors), stored as the next version with its audit row in one transaction, and the messaging
// feature sends the newest version from then on. Restoring saves an older text again as a new version.
import {
  MESSAGE_TEMPLATES,
  TEMPLATE_LANGUAGES,
  TEMPLATE_MESSAGES,
  isTemplateKey,
  templateErrors,
  type MessageTemplateHistory,
  type MessageTemplateList,
  type ReferenceData,
  type TemplateKey,
  type TemplateLanguage,
  type TemplateVersion,
} from '@blueconsent/contract/reference-data'
import { HEALTH_PLAN } from '@blueconsent/contract/constants'
import { US_STATES } from '@blueconsent/contract/shared'
import { ENGINE_NAME, PAYMENT_YEARS, PAYMENT_YEAR_LIST, formatThousandths } from '@blueconsent/hcc'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { AppError, FieldValidationError, fieldError, notFound } from '../../platform/errors.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { BUILT_IN_TEMPLATES } from '../messaging/index.ts'
import {
  insertVersion,
  newestVersionNumber,
  selectVersions,
  type TemplateId,
} from './reference-data.repository.ts'

const SAVE_ATTEMPTS = 3

export function referenceData(): ReferenceData {
  return {
    health_plans: [{ slug: HEALTH_PLAN.slug, name: HEALTH_PLAN.name }],
    hcc: {
      engine: ENGINE_NAME,
      payment_years: PAYMENT_YEAR_LIST.map((year) => {
        const config = PAYMENT_YEARS[year]
        return {
          payment_year: year,
          blend: config.blend.map((part) => ({
            model: part.model,
            weight_percent: part.weightPercent,
            normalization: formatThousandths(part.normalization),
          })),
          ma_coding_adjustment: `${(config.maCodingAdjustment / 10).toFixed(1)}%`,
        }
      }),
    },
    us_states: US_STATES.map((state) => ({ code: state.code, name: state.name })),
  }
}

const idOf = (key: TemplateKey, language: TemplateLanguage): TemplateId => ({
  key,
  channel: MESSAGE_TEMPLATES[key].channel,
  language,
})

const builtIn = (key: TemplateKey, language: TemplateLanguage): TemplateVersion => ({
  version: 0,
  subject: BUILT_IN_TEMPLATES[key][language].subject,
  body: BUILT_IN_TEMPLATES[key][language].body,
  created_at: null,
  created_by_name: null,
})

async function versionsOf(
  ctx: AppContext,
  key: TemplateKey,
  language: TemplateLanguage,
  limit?: number,
): Promise<TemplateVersion[]> {
  const rows = await selectVersions(ctx.db, idOf(key, language), limit)
  return [
    ...rows.map((row) => ({
      version: row.version,
      subject: row.subject,
      body: row.body,
      created_at: row.createdAt.toISOString(),
      created_by_name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    })),
    builtIn(key, language),
  ]
}

const definitionOf = (key: TemplateKey) => {
  const definition = MESSAGE_TEMPLATES[key]
  return {
    key,
    channel: definition.channel,
    label: definition.label,
    description: definition.description,
    placeholders: [...definition.placeholders],
    required: [...definition.required],
  }
}

export async function listTemplates(ctx: AppContext): Promise<MessageTemplateList> {
  const results = []
  for (const key of Object.keys(MESSAGE_TEMPLATES) as TemplateKey[]) {
    const languages = []
    for (const language of TEMPLATE_LANGUAGES) {
      const [current] = await versionsOf(ctx, key, language, 1)
      languages.push({ language, current: current ?? builtIn(key, language) })
    }
    results.push({ ...definitionOf(key), languages })
  }
  return { results }
}

function keyOf(key: string): TemplateKey {
  if (!isTemplateKey(key)) throw notFound()
  return key
}

export async function templateHistory(
  ctx: AppContext,
  source: Actor,
  key: string,
  language: TemplateLanguage,
): Promise<MessageTemplateHistory> {
  const known = keyOf(key)
  return {
    ...definitionOf(known),
    language,
    versions: await versionsOf(ctx, known, language),
    editable: source.principal.isSuperuser,
  }
}

type TemplateInput = { subject?: string | null | undefined; body: string }

/** Stores the text as the next version with its audit row; answers the template's history. */
async function saveVersion(
  ctx: AppContext,
  source: Actor,
  key: TemplateKey,
  language: TemplateLanguage,
  input: TemplateInput,
  restoredFrom: number | null,
): Promise<MessageTemplateHistory> {
  if (!source.principal.isSuperuser)
    throw new AppError(403, 'permission_denied', TEMPLATE_MESSAGES.platformOnly)
  const errors = templateErrors(key, language, input)
  if (errors.subject || errors.body) throw new FieldValidationError(errors)
  const id = idOf(key, language)
  const subject = id.channel === 'email' ? (input.subject ?? '').trim() : null
  const body = input.body.trim()
  await ctx.db.transaction(async (tx) => {
    let version: number | null = null
    for (let attempt = 0; attempt < SAVE_ATTEMPTS && version === null; attempt += 1) {
      const next = (await newestVersionNumber(tx, id)) + 1
      version = await insertVersion(tx, id, {
        version: next,
        subject,
        body,
        createdBy: source.principal.userId,
        createdAt: ctx.clock(),
      })
    }
    if (version === null) throw new Error('could not take the next template version')
    // What changed and which version, never the text (it may be long and is kept in the version row).
    await writeAudit(tx, source, {
      action: 'admin.template_updated',
      patientId: null,
      targetType: 'message_template',
      targetId: null,
      details: { template: key, channel: id.channel, language, version, restored_from: restoredFrom },
      at: ctx.clock(),
    })
  })
  return templateHistory(ctx, source, key, language)
}

export async function saveTemplate(
  ctx: AppContext,
  source: Actor,
  key: string,
  language: TemplateLanguage,
  input: TemplateInput,
): Promise<MessageTemplateHistory> {
  return saveVersion(ctx, source, keyOf(key), language, input, null)
}

export async function restoreTemplate(
  ctx: AppContext,
  source: Actor,
  key: string,
  language: TemplateLanguage,
  version: number,
): Promise<MessageTemplateHistory> {
  const known = keyOf(key)
  const older = (await versionsOf(ctx, known, language)).find((entry) => entry.version === version)
  if (!older) throw fieldError('version', TEMPLATE_MESSAGES.unknownVersion)
  return saveVersion(ctx, source, known, language, { subject: older.subject, body: older.body }, version)
}
