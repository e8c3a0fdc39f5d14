# syntax=docker/dockerfile:1
# The store's image (docs/deploy.md): dependencies and the production build in one stage; the
# runtime stage keeps the production dependencies, the build, the server and app sources (the
# server runs TypeScript through tsx) and the migrations, and runs as the unprivileged `node` user.
#   docker build -t vitec .
#   docker run -p 3000:3000 -e DATABASE_URL=... -e BETTER_AUTH_SECRET=... -e APP_URL=... vitec

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the lockfile leaves out other platforms' optional native packages.
RUN npm install --no-audit --no-fund
COPY . .
# The image's own Node 24 runs the server: the registry's node-linux-* packages (how `npm install`
# brings Node 24 to machines whose system Node is older) are dropped with the dev dependencies.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-* node_modules/.bin/node

FROM ${NODE_IMAGE}
# tini as PID 1, passing signals to the whole process group: `npm run` starts the server through
# `sh -c`, which dies on SIGTERM without passing it on; the group's SIGTERM reaches the server too.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts ./scripts
# DATA_DIR: the embedded database and local uploads of a one-machine demo (a volume); a deployment
# with PostgreSQL and a bucket keeps nothing there.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready = taking traffic and the database answers; 503 while draining after SIGTERM.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# On SIGTERM (docker stop, a rolling update) the server drains: /readyz 503 and Connection: close
# for SHUTDOWN_GRACE_MS, the requests in flight finish, the workers and the primary exit.
ENTRYPOINT ["/usr/bin/tini", "-g", "--"]
CMD ["npm", "run", "start:only"]
