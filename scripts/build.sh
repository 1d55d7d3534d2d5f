#!/usr/bin/env bash
# Configures (once) and builds Sluice. Usage: scripts/build.sh [build-dir] [extra cmake args...]
# Environment: SLUICE_BUILD_DIR (default build), SLUICE_JOBS (default: nproc).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-${SLUICE_BUILD_DIR:-$root/build}}"
shift || true
jobs="${SLUICE_JOBS:-$(nproc)}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "$@"
fi
cmake --build "$build" -j "$jobs"
