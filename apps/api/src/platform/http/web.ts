// Production: the built SPA from apps/web/dist on the same port as the API. Hashed assets are cached
// forever; index.html never, so a deploy is picked up on the next navigation.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { webDistAvailable, type AppConfig } from '../config.ts'

const isServerPath = (path: string): boolean =>
  path === '/api' || path.startsWith('/api/') || path === '/o' || path.startsWith('/o/')

const isAppPath = (path: string): boolean => path === '/app' || path.startsWith('/app/')

export async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  const available = webDistAvailable(config)
  const indexHtml = available ? readFileSync(join(config.webDistDir, 'index.html'), 'utf8') : null
  if (available) {
    await app.register(async (scope) => {
      scope.markRoutesPublic()
      await scope.register(fastifyStatic, {
        root: config.webDistDir,
        wildcard: false,
        index: false,
        decorateReply: false,
        // The web build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders: (reply, path) => {
          const immutable =
            path.includes(`${join('/', 'assets', '/')}`) || /-[A-Za-z0-9_-]{8,}\.\w+$/.test(path)
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
      // index.html is served by the fallback below, so its own path stays no-cache too.
    })
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/'
    // The app's own routes get the app whatever the client accepts (curl, link checkers, prefetchers);
    // other unknown paths get it only when a browser asks for a page.
    const wantsHtml = isAppPath(path) || (request.headers.accept ?? '').includes('text/html')
    if (
      indexHtml &&
      !isServerPath(path) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml
    ) {
      // The SPA renders its own routes, including its 404 page.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml)
    }
    return reply.status(404).send({ detail: 'Not found.', code: 'not_found' })
  })
}
