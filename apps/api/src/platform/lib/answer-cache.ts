// Serialized answers of hot reads, kept in this process and keyed by everything the answer depends on,
// including the organisation's data revision (organization_data_revisions, raised by triggers on every
// committed change the answer could show). A key is therefore never stale: a change makes a new key, and
// old keys simply stop being asked for and age out. Nothing here decides who may see what: the key carries
// the caller's whole scope, and a route only consults the cache after its access rule has passed.
//
// Bounded by bytes (least recently used out first) and by age, so a large organisation's pages cannot
// crowd the process's memory. Answers hold patients' names and contacts: they live only in memory, never
// on disk, exactly as long as a request that produced them could have held them.
import { gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import Negotiator from 'negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { etagOf } from './etag.ts'

/**
 * `facts`: what a handler must still know when it serves the answer from here (an audit row's counts).
 * `body`: the serialized JSON as UTF-8 bytes, encoded once, so a 150 kB answer is not turned into bytes
 * (and garbage) on every send. `gzip`: the body compressed, made the first time a client that takes gzip is
 * sent it (about a tenth of the body, not counted in the cache's bound).
 */
export type CachedAnswer = { body: Buffer; etag: string; facts?: Record<string, number>; gzip?: Buffer }

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024
const DEFAULT_TTL_MS = 10 * 60_000

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route that missed its answer cache: where onSend files the serialized answer. */
    answerCacheSlot?: { cache: AnswerCache; key: string; facts?: Record<string, number> }
  }
}

export class AnswerCache {
  private readonly entries: LRUCache<string, CachedAnswer>
  /** Keys whose answer a request is computing now, settled when it is filed or the response ends. */
  private readonly computing = new Map<string, { settled: Promise<void>; settle: () => void }>()

  constructor(options: { maxBytes?: number; ttlMs?: number } = {}) {
    this.entries = new LRUCache<string, CachedAnswer>({
      maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
      sizeCalculation: (answer, key) => answer.body.length + key.length + 64,
      ttl: options.ttlMs ?? DEFAULT_TTL_MS,
    })
  }

  get size(): number {
    return this.entries.size
  }

  held(key: string): CachedAnswer | undefined {
    return this.entries.get(key)
  }

  /** Marks the request so that `fileAnswer` keeps the answer its handler goes on to produce under `key`. */
  fileNext(request: FastifyRequest, reply: FastifyReply, key: string, facts?: Record<string, number>): void {
    request.answerCacheSlot = { cache: this, key, ...(facts ? { facts } : {}) }
    if (this.computing.has(key)) return
    let settle = (): void => {}
    const settled = new Promise<void>((resolve) => {
      settle = resolve
    })
    const computation = { settled, settle }
    this.computing.set(key, computation)
    // Whatever becomes of this response (filed, refused, failed, the client gone), its waiters go on.
    const done = (): void => this.settle(key, computation)
    reply.raw.once('finish', done).once('close', done)
  }

  private settle(key: string, computation: { settled: Promise<void>; settle: () => void }): void {
    if (this.computing.get(key) === computation) this.computing.delete(key)
    computation.settle()
  }

  /**
   * Sends the answer held under `key` (true), or marks the request so that `fileAnswer` keeps the answer
   * the handler goes on to produce (false). When another request is computing that answer, waits for it
   * first: a change of revision makes every caller of a busy page miss at once, and without this 64 of them
   * would each build the same page. Checking and marking happen in one synchronous step, so exactly one of
   * the callers that miss together computes.
   */
  async sendHeld(request: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> {
    let answer = this.entries.get(key)
    const computation = this.computing.get(key)
    if (!answer && computation) {
      await computation.settled
      answer = this.entries.get(key)
    }
    if (!answer) {
      this.fileNext(request, reply, key)
      return false
    }
    void sendAnswer(reply, answer)
    return true
  }

  store(key: string, body: string, facts?: Record<string, number>): CachedAnswer {
    const answer = { body: Buffer.from(body), etag: etagOf(body), ...(facts ? { facts } : {}) }
    this.entries.set(key, answer)
    const computation = this.computing.get(key)
    if (computation) this.settle(key, computation)
    return answer
  }
}

/** Below this, gzip's framing costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024

/**
 * Whether the client takes gzip (browsers always do). A held answer is compressed once, the first time a
 * client asks for it so, and its compressed bytes are then sent as they are: a 150 kB patient record
 * crosses the network as about a tenth of that without compressing it on every poll.
 */
const takesGzip = (request: FastifyRequest, answer: CachedAnswer): boolean =>
  answer.body.length >= COMPRESS_FROM_BYTES &&
  new Negotiator(request).encoding(['gzip', 'identity']) === 'gzip'

/** Sends a held answer as the handler would have: JSON, with its ETag for conditionalGet. */
export function sendAnswer(reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8')
  if (!takesGzip(reply.request, answer)) return reply.header('etag', answer.etag).send(answer.body)
  answer.gzip ??= gzipSync(answer.body)
  // Another representation, so another strong ETag (RFC 9110 8.8.3).
  const etag = `${answer.etag.slice(0, -1)}-gzip"`
  return reply.header('etag', etag).header('content-encoding', 'gzip').send(answer.gzip)
}

/**
 * Route-level onSend hook, before conditionalGet: files a 200's serialized body under the key the handler
 * marked, and names its ETag so conditionalGet does not hash it again.
 */
export async function fileAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const slot = request.answerCacheSlot
  if (!slot || reply.statusCode !== 200 || typeof payload !== 'string') return payload
  reply.header('etag', slot.cache.store(slot.key, payload, slot.facts).etag)
  return payload
}
