// Demo only (DEV_TOOLS): every message the portal "sent", newest first, with its links pulled out so the
// demo can follow reset and consent links without a mailbox. Served only to clients on this machine unless
// DEV_TOOLS_REMOTE is set (the 'dev-tools' access rule); never registered without DEV_TOOLS.
import { DEV_OUTBOX_ENDPOINTS, type OutboxMessage } from '@blueconsent/contract/dev-outbox'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { listRecentMessages } from '../../platform/outbox/index.ts'

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g
const LIST_LIMIT = 100

export const extractLinks = (text: string): string[] => [...new Set(text.match(LINK_PATTERN) ?? [])]

export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  serveEndpoint(app, DEV_OUTBOX_ENDPOINTS.outbox, { schema: { tags: ['dev'] } }, async () => {
    const messages = await listRecentMessages(ctx, LIST_LIMIT)
    const results: OutboxMessage[] = messages.map(({ row, to, text }) => ({
      id: row.id,
      channel: row.channel,
      to,
      subject: row.subject,
      body_text: text,
      links: extractLinks(text),
      status: row.status,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
    }))
    return { results }
  })
}
