# The stratum CLI, for batch runs under an orchestrator (README: "Batch runs").
# Build: docker build -t stratum-cli .     Run: docker run --rm -v "$PWD:/data" stratum-cli chunk docs -o out --shard 0/4
# Everything is installed at build time; a run needs no network.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npx electron-vite build

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/out ./out
COPY --from=build /app/bin ./bin
USER node
WORKDIR /data
ENTRYPOINT ["node", "/app/bin/stratum.js"]
CMD ["--help"]
