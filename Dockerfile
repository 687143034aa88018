# The app image: API, SPA and worker (the worker runs from the same image with another command).
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production GRAPHILE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config web/vite.config.ts
EXPOSE 3000
CMD ["npx", "tsx", "server/main.ts"]
