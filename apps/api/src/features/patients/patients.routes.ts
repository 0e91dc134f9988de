// Patient routes. Signed-in roles with 'patients.view'; exports need
// 'patients.export' and writing notes 'patients.edit_notes' (ACO and physician roles). Claim detail needs
// 'patients.view_claims' too, checked here at the route (`hiddenWithout`) and again in the service; without it
// the answer is 404 rather than 403, like any claim the caller cannot see (agents have medications only).
import {
  basicInfoSchema,
  claimDetailSchema,
  consolidatedSchema,
  coverageSchema,
  noteBodySchema,
  noteListSchema,
  noteSchema,
  patientExportQuerySchema,
  patientListSchema,
  patientRiskScoreSchema,
  patientSchema,
  patientSearchQuerySchema,
} from '@blueconsent/contract/patients'
import { riskReportQuerySchema, riskReportSchema } from '@blueconsent/contract/reports'
import { ACO_ROLES, type Permission } from '@blueconsent/contract/shared'
import type { FastifyInstance, onRequestHookHandler } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actorOf } from '../../platform/identity/index.ts'
import { notAuthenticated, notFound } from '../../platform/errors.ts'
import { AnswerCache, fileAnswer, sendAnswer } from '../../platform/lib/answer-cache.ts'
import { conditionalGet } from '../../platform/lib/etag.ts'
import { createNote, deleteNote, listNotes, updateNote } from './notes.service.ts'
import { exportPatient } from './patient-export.ts'
import { readCoverage } from './coverage.ts'
import { riskReport, riskReportCsv } from './risk-report.ts'
import {
  readBasicInfo,
  readClaim,
  readConsolidated,
  readPatient,
  readRiskScore,
  searchPatientList,
} from './patients.service.ts'

const VIEW = { access: { permissions: ['patients.view'] } } as const
const EDIT_NOTES = { access: { permissions: ['patients.view', 'patients.edit_notes'] } } as const
const params = z.object({ id: z.string().max(200) })
const noteParams = z.object({ id: z.string().max(200), noteId: z.string().max(200) })
const pageQuery = z.looseObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
})

/**
 * A route-level onRequest hook, run after the access plugin's (which authenticates and checks
 * `config.access`): without `permission` the route answers 404, as if the resource did not exist.
 */
export function hiddenWithout(permission: Permission): onRequestHookHandler {
  return async function requirePermission(request) {
    if (!request.principal) throw notAuthenticated()
    if (!request.principal.permissions.includes(permission)) throw notFound()
  }
}

export async function patientRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['patients'], security: [{ bearer: [] }] }
  // Per app instance (tests build many apps in one process); keys carry the organisation's revision.
  const consolidatedAnswers = new AnswerCache()
  const searchAnswers = new AnswerCache()

  routes.get(
    '/api/patients/',
    {
      config: VIEW,
      // Served from memory while nothing it shows has changed; still audited on every call.
      onSend: [fileAnswer, conditionalGet],
      schema: { ...schema, querystring: patientSearchQuerySchema, response: { 200: patientListSchema } },
    },
    async (request, reply) => {
      const read = await searchPatientList(
        ctx,
        actorOf(request),
        request.query,
        '/api/patients/',
        searchAnswers,
      )
      if ('held' in read) return sendAnswer(reply, read.held)
      searchAnswers.fileNext(request, reply, read.key, read.facts)
      return read.fresh
    },
  )
  routes.get(
    '/api/patients/:id/',
    // A 304 is still a read: the handler writes its audit row before the onSend hook compares ETags.
    { config: VIEW, onSend: conditionalGet, schema: { ...schema, params, response: { 200: patientSchema } } },
    async (request) => readPatient(ctx, actorOf(request), request.params.id),
  )
  routes.get(
    '/api/patients/:id/basic_info/',
    { config: VIEW, schema: { ...schema, params, response: { 200: basicInfoSchema } } },
    async (request) => readBasicInfo(ctx, actorOf(request), request.params.id),
  )
  routes.get(
    '/api/patients/:id/risk_score/',
    { config: VIEW, schema: { ...schema, params, response: { 200: patientRiskScoreSchema } } },
    async (request) => readRiskScore(ctx, actorOf(request), request.params.id),
  )
  routes.get(
    '/api/patients/:id/consolidated/',
    {
      config: VIEW,
      // Served from memory while nothing it shows has changed; still scope-checked and audited each time.
      onSend: [fileAnswer, conditionalGet],
      schema: { ...schema, params, response: { 200: consolidatedSchema } },
    },
    async (request, reply) => {
      const read = await readConsolidated(ctx, actorOf(request), request.params.id, consolidatedAnswers)
      if ('held' in read) return sendAnswer(reply, read.held)
      consolidatedAnswers.fileNext(request, reply, read.key, read.facts)
      return read.fresh
    },
  )
  routes.get(
    '/api/claims/:id/',
    {
      config: VIEW,
      onRequest: hiddenWithout('patients.view_claims'),
      schema: { ...schema, params, response: { 200: claimDetailSchema } },
    },
    async (request) => readClaim(ctx, actorOf(request), request.params.id),
  )
  routes.get(
    '/api/patients/:id/export/',
    {
      config: { access: { permissions: ['patients.view', 'patients.export'] } },
      schema: { ...schema, params, querystring: patientExportQuerySchema },
    },
    async (request, reply) => {
      const file = await exportPatient(ctx, actorOf(request), request.params.id, request.query.format)
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body)
    },
  )

  routes.get(
    '/api/patients/:id/notes/',
    {
      config: VIEW,
      schema: { ...schema, params, querystring: pageQuery, response: { 200: noteListSchema } },
    },
    async (request) =>
      listNotes(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.page,
        request.query.page_size,
        `/api/patients/${request.params.id}/notes/`,
      ),
  )
  routes.post(
    '/api/patients/:id/notes/',
    {
      config: EDIT_NOTES,
      schema: { ...schema, params, body: noteBodySchema, response: { 201: noteSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createNote(ctx, actorOf(request), request.params.id, request.body.body)),
  )
  routes.patch(
    '/api/patients/:id/notes/:noteId/',
    {
      config: EDIT_NOTES,
      schema: { ...schema, params: noteParams, body: noteBodySchema, response: { 200: noteSchema } },
    },
    async (request) =>
      updateNote(ctx, actorOf(request), request.params.id, request.params.noteId, request.body.body),
  )
  routes.delete(
    '/api/patients/:id/notes/:noteId/',
    { config: EDIT_NOTES, schema: { ...schema, params: noteParams } },
    async (request, reply) => {
      await deleteNote(ctx, actorOf(request), request.params.id, request.params.noteId)
      return reply.status(204).send()
    },
  )

  // Medicare coverage (parts, plan numbers): what an agent compares plans against.
  routes.get(
    '/api/patients/:id/coverage/',
    {
      config: VIEW,
      schema: { tags: ['patients'], security: [{ bearer: [] }], params, response: { 200: coverageSchema } },
    },
    async (request) => readCoverage(app.ctx, actorOf(request), request.params.id),
  )

  // The ACO's risk report (its users, scoped to their TINs like every patient read) and its CSV.
  const REPORT = { access: { roles: ACO_ROLES, permissions: ['patients.view'] } } as const
  routes.get(
    '/api/reports/risk/',
    {
      config: REPORT,
      schema: {
        tags: ['reports'],
        security: [{ bearer: [] }],
        querystring: riskReportQuerySchema,
        response: { 200: riskReportSchema },
      },
    },
    async (request) => riskReport(app.ctx, actorOf(request), request.query),
  )
  routes.get(
    '/api/reports/risk/export/',
    {
      config: REPORT,
      schema: { tags: ['reports'], security: [{ bearer: [] }], querystring: riskReportQuerySchema },
    },
    async (request, reply) => {
      const body = await riskReportCsv(app.ctx, actorOf(request), request.query)
      const day = app.ctx.clock().toISOString().slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="risk-report-${day}.csv"`)
        .send(body)
    },
  )
}
