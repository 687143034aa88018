# The app image: API, SPA and worker (the worker runs from the same image with another command).
# Two stages: the build stage installs every package (Vite is a dev dependency, pinned by the
# lock file) and builds the SPA; the runtime stage gets the production packages (tsx among them:
# it runs the TypeScript), the built SPA and the code, owned by root and run as the unprivileged
# `node` user. No secret is baked in: .dockerignore leaves .env* out, and every secret is given
# at run time (docker-compose.yml).
# Base image pinned to a release; pin its digest too (node:24.21.0-bookworm-slim@sha256:...) for
# byte-identical builds.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Dev dependencies included (NODE_ENV is not production here): the build needs Vite.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    GRAPHILE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/web ./dist/web
COPY --from=build /app/server ./server
COPY --from=build /app/worker ./worker
COPY --from=build /app/shared ./shared
COPY --from=build /app/domain ./domain
COPY --from=build /app/db ./db
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/data ./data
# Uploads, images and generated files live in DATA_DIR, the only place the app writes (a volume).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# node itself as PID 1 (no npm/npx in between), so SIGTERM reaches the app and it drains.
# scripts/start.ts --deployed: the server, and the worker beside it unless RUN_WORKER=false
# (docker-compose.yml runs the worker in a container of its own); DATABASE_URL is required.
CMD ["node", "--import", "tsx", "scripts/start.ts", "--deployed"]
