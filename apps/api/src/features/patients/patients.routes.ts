// Patient routes. Signed-in roles with 'patients.view'; exports need
// 'patients.export' and writing notes 'patients.edit_notes' (ACO and physician roles). Claim detail needs
// 'patients.view_claims' too, checked here at the route (`hiddenWithout`) and again in the service; without it
// the answer is 404 rather than 403, like any claim the caller cannot see (agents have medications only).
import { PATIENT_ENDPOINTS } from '@blueconsent/contract/patients'
import { REPORT_ENDPOINTS } from '@blueconsent/contract/reports'
import { endpointPath, type Permission } from '@blueconsent/contract/shared'
import type { FastifyInstance, onRequestHookHandler } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
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

const E = PATIENT_ENDPOINTS

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
  const { ctx } = app
  const docs = { schema: { tags: ['patients'], security: [{ bearer: [] }] } }
  // Per app instance (tests build many apps in one process); keys carry the organisation's revision.
  const consolidatedAnswers = new AnswerCache()
  const searchAnswers = new AnswerCache()

  serveEndpoint(
    app,
    E.search,
    // Served from memory while nothing it shows has changed; still audited on every call.
    { ...docs, onSend: [fileAnswer, conditionalGet] },
    async (request, reply) => {
      const read = await searchPatientList(ctx, actorOf(request), request.query, E.search.path, searchAnswers)
      if ('held' in read) return sendAnswer(reply, read.held)
      searchAnswers.fileNext(request, reply, read.key, read.facts)
      return read.fresh
    },
  )
  serveEndpoint(
    app,
    E.read,
    // A 304 is still a read: the handler writes its audit row before the onSend hook compares ETags.
    { ...docs, onSend: conditionalGet },
    async (request) => readPatient(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, E.basicInfo, docs, async (request) =>
    readBasicInfo(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, E.riskScore, docs, async (request) =>
    readRiskScore(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(
    app,
    E.consolidated,
    // Served from memory while nothing it shows has changed; still scope-checked and audited each time.
    { ...docs, onSend: [fileAnswer, conditionalGet] },
    async (request, reply) => {
      const read = await readConsolidated(ctx, actorOf(request), request.params.id, consolidatedAnswers)
      if ('held' in read) return sendAnswer(reply, read.held)
      consolidatedAnswers.fileNext(request, reply, read.key, read.facts)
      return read.fresh
    },
  )
  serveEndpoint(
    app,
    E.claim,
    { ...docs, onRequest: hiddenWithout('patients.view_claims') },
    async (request) => readClaim(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, E.export, docs, async (request, reply) => {
    const file = await exportPatient(ctx, actorOf(request), request.params.id, request.query.format)
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body)
  })

  serveEndpoint(app, E.notes, docs, async (request) =>
    listNotes(
      ctx,
      actorOf(request),
      request.params.id,
      request.query.page,
      request.query.page_size,
      endpointPath(E.notes.path, request.params),
    ),
  )
  serveEndpoint(app, E.createNote, docs, async (request, reply) =>
    reply.status(201).send(await createNote(ctx, actorOf(request), request.params.id, request.body.body)),
  )
  serveEndpoint(app, E.updateNote, docs, async (request) =>
    updateNote(ctx, actorOf(request), request.params.id, request.params.noteId, request.body.body),
  )
  serveEndpoint(app, E.deleteNote, docs, async (request, reply) => {
    await deleteNote(ctx, actorOf(request), request.params.id, request.params.noteId)
    return reply.status(204).send()
  })

  serveEndpoint(app, E.coverage, docs, async (request) =>
    readCoverage(ctx, actorOf(request), request.params.id),
  )

  // The ACO's risk report (its users, scoped to their TINs like every patient read) and its CSV.
  const reportDocs = { schema: { tags: ['reports'], security: [{ bearer: [] }] } }
  serveEndpoint(app, REPORT_ENDPOINTS.risk, reportDocs, async (request) =>
    riskReport(ctx, actorOf(request), request.query),
  )
  serveEndpoint(app, REPORT_ENDPOINTS.riskExport, reportDocs, async (request, reply) => {
    const body = await riskReportCsv(ctx, actorOf(request), request.query)
    const day = ctx.clock().toISOString().slice(0, 10)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="risk-report-${day}.csv"`)
      .send(body)
  })
}
