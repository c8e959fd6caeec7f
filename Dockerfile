# syntax=docker/dockerfile:1
# Parley's production images (docs/deployment.md): `--target server` (the console, the API and the
# widgets) and `--target voice-agent` (the voice worker). compose.yaml builds both.
#
# The build runs the same npm commands as CI (.ci/run: `npm ci --no-audit --no-fund`; `npm test`:
# `npm run build`); a test in `npm test` (apps/server/test/deployment.test.ts) keeps them equal.
# The runtime stages hold production dependencies only, run as the unprivileged `node` user, and
# start the apps with their package's own `start` command (tsx runs the TypeScript sources).

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build: every workspace's dependencies, then every package's build (console, widgets, chat page).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN npm install -g npm@11.19.1
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build
# The sources and built assets, without any node_modules (the runtime stages bring their own).
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules .storybook e2e bench

# 2. Production dependencies of one app (and the contract package it imports), nothing else.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/voice-agent/package.json apps/voice-agent/
COPY apps/console/package.json apps/console/
COPY packages/api-client/package.json packages/api-client/
COPY packages/ui/package.json packages/ui/
COPY packages/dashboard/package.json packages/dashboard/
COPY packages/chat-widget/package.json packages/chat-widget/
COPY packages/voice-widget/package.json packages/voice-widget/

FROM manifests AS server-deps
RUN npm ci --omit=dev --no-audit --no-fund -w @parley/server -w @parley/api-client

FROM manifests AS voice-agent-deps
RUN npm ci --omit=dev --no-audit --no-fund -w @parley/voice-agent -w @parley/api-client

# 3. The server: API, console, widgets and the public chat page on one port.
FROM ${NODE_IMAGE} AS server
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=server-deps /app /app
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# apps/server's `start` script (tsx src/main.ts), without npm in between (signals reach the server).
WORKDIR /app/apps/server
CMD ["/app/node_modules/.bin/tsx", "src/main.ts"]

# 4. The voice worker, with Debian's offline speech (espeak-ng, pocketsphinx) for keyless calls.
FROM ${NODE_IMAGE} AS voice-agent
RUN apt-get update \
  && apt-get install -y --no-install-recommends espeak-ng pocketsphinx pocketsphinx-en-us ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=voice-agent-deps /app /app
COPY --from=build /app /app
USER node
EXPOSE 8790
# apps/voice-agent's `start` script (tsx src/main.ts start).
WORKDIR /app/apps/voice-agent
CMD ["/app/node_modules/.bin/tsx", "src/main.ts", "start"]
