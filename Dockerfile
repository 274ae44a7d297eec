# The site as one image: the same build runs every process of compose.yaml (or one process on its own).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=262144
COPY --from=build /app /app
EXPOSE 3000
# SIGTERM finishes requests in flight and writes the views it holds before the process exits.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=256", "--expose-gc", "server.ts"]
