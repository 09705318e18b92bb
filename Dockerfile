# Plinth as a container image: one platform node.
#
# UNTESTED HERE: no container engine runs on the machine Plinth is built on, so this recipe has
# never been built or run. It follows the README ("Several nodes") step by step; `npm start` stays
# the one-command way to run Plinth without containers.
#
#   docker build -t plinth .
#   docker run -p 8000:8000 -p 6543:6543 -p 5543:5543 \
#     -e PLINTH_DATABASE_URL=postgres://... -e PLINTH_PROJECT_SERVERS=postgres://... \
#     -e PLINTH_SECRET=... -e PUBLIC_URL=https://plinth.example.com \
#     -e PLINTH_S3_BUCKET=... -e PLINTH_S3_ACCESS_KEY_ID=... -e PLINTH_S3_SECRET_ACCESS_KEY=... \
#     plinth
#
# Several nodes: run this image N times with the same environment behind a load balancer that
# checks GET /api/health/ready (send requests) and GET /api/health/live (restart when it fails).
# A single container with the local or embedded engine keeps its data in the /data volume instead.

FROM node:22-bookworm-slim AS build
WORKDIR /plinth
# Dependencies first, so a source change does not reinstall them. tsx (which runs the platform's
# TypeScript) is a devDependency, so the full install is kept.
COPY package.json package-lock.json ./
COPY apps/platform/package.json apps/platform/
COPY apps/studio/package.json apps/studio/
COPY packages packages
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build-studio.mjs --force

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    PLINTH_DATA_DIR=/data \
    PLINTH_SHUTDOWN_GRACE_S=25
# glibc's mmap threshold fixed: closed embedded workers' memory goes back to the system (apps/platform/src/engines/embedded/allocator.ts).
ENV MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /plinth
COPY --from=build --chown=node:node /plinth /plinth
RUN mkdir -p /data && chown node:node /data
# Not root: the local engine's PostgreSQL refuses to run as root (as root Plinth would create a
# `plinth-postgres` user for it instead).
USER node
VOLUME /data
# HTTP (studio, platform API, project APIs), then the pooler's transaction and session ports.
EXPOSE 8000 6543 5543
# SIGTERM: unready at once, in-flight requests finish (PLINTH_SHUTDOWN_GRACE_S), jobs are handed
# back (PLINTH_JOB_STOP_GRACE_S); give the container a stop timeout longer than their sum.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "apps/platform/src/main.ts"]
