# syntax=docker/dockerfile:1
#
# The gateway: nginx with the built console under /ui/, deploy/nginx/nginx.conf, the routes map
# generated from the route table (deploy/nginx/routes.conf) and the security headers generated from
# the console's policy (deploy/nginx/security-headers.conf).
#
# Build from the repository root (deploy/docker-compose.yml does this for you):
#   docker build -f deploy/console.Dockerfile -t beacon-gateway .
#
# The manifests and build stages are the same as in deploy/Dockerfile on purpose, so BuildKit
# builds them once for both images. Keep them identical.

ARG NODE_IMAGE=node:20-bookworm
ARG NGINX_IMAGE=nginx:1.27-alpine

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json .npmrc* ./
COPY libs ./libs
COPY apps ./apps
RUN mkdir -p /manifests \
 && cp package.json package-lock.json /manifests/ \
 && if [ -f .npmrc ]; then cp .npmrc /manifests/; fi \
 && for manifest in libs/*/package.json apps/*/package.json; do \
      mkdir -p "/manifests/$(dirname "$manifest")" && cp "$manifest" "/manifests/$manifest"; \
    done

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json nx.json ./
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps
RUN rm -rf libs/*/dist apps/*/dist \
 && npx nx run-many -t build --outputStyle=static

FROM ${NGINX_IMAGE} AS gateway
RUN rm -rf /usr/share/nginx/html/* /etc/nginx/conf.d/default.conf
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/routes.conf /etc/nginx/routes.conf
COPY deploy/nginx/security-headers.conf /etc/nginx/security-headers.conf
COPY --from=build /repo/apps/console/dist/ /usr/share/nginx/html/ui/
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1/healthz"]
