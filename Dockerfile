# syntax=docker/dockerfile:1
# The production image: build everything in one stage, then keep only the bundles, the built web app and the
# production dependencies in a small runtime stage that runs as the unprivileged `node` user.
# Build: docker build -t blueconsent .   Run: see deploy/kubernetes/ and README "Deploying".

FROM node:20-bookworm-slim AS build
# Behind a TLS-inspecting proxy, name its CA bundle (mounted into the build) so npm can reach the registry.
# A build argument is not kept in the runtime stage.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY . .
# npm ci refuses this registry's lockfile (optional packages of other platforms); install honours it.
RUN npm install --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    MIGRATE_ON_START=false \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/tools ./tools
COPY --from=build --chown=node:node /app/apps/api/package.json ./apps/api/package.json
# npm keeps some of the API's dependencies (drizzle-orm among them) in the workspace's own node_modules.
COPY --from=build --chown=node:node /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build --chown=node:node /app/apps/api/dist ./apps/api/dist
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
USER node
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/api/health/ready/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The migration job runs: node apps/api/dist/migrate.js (as the database owner, with APP_DATABASE_ROLE).
# The preload starts OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, and does nothing otherwise.
CMD ["node", "--import", "./apps/api/dist/telemetry.js", "apps/api/dist/server.js"]
