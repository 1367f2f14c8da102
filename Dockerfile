# syntax=docker/dockerfile:1
# Multi-stage image: build everything once, then ship the built API + web app with production
# dependencies only. The container applies pending migrations at start (apps/api/src/main.ts)
# before it listens, so `docker compose up` on a new volume gives a ready database.

# Node 26, the newest LTS line (the code also runs on Node 20 and 22+, see package.json engines).
ARG NODE_VERSION=26
ARG PNPM_VERSION=10.34.8

FROM node:${NODE_VERSION}-trixie-slim AS base
ARG PNPM_VERSION
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@${PNPM_VERSION}
WORKDIR /app

FROM base AS build
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile
COPY . .
RUN DATABASE_URL=postgresql://build@localhost/build pnpm run db:generate && pnpm run build

FROM base AS prod-deps
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile --prod --filter munegu --filter @munegu/api --filter @munegu/shared \
  # TypeScript arrives only as the Prisma packages' optional peer (the lockfile links the root's
  # dev copy); nothing runs it at run time. PGlite is a dev dependency: DATABASE_URL is required
  # in production (apps/api/src/config/env.ts).
  && rm -rf node_modules/.pnpm/typescript@* node_modules/.pnpm/node_modules/typescript \
  && ! ls -d node_modules/.pnpm/@electric-sql+pglite* 2>/dev/null

FROM node:${NODE_VERSION}-trixie-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /app/package.json /app/prisma.config.ts ./
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/apps/api/package.json ./apps/api/package.json
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Same command as `pnpm serve` (package.json), which `npm start` ends with; test/deploy checks it.
CMD ["node", "apps/api/dist/main.js"]
