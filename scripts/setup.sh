#!/usr/bin/env bash
# Installs every Debian package that Sluice's build, tests, benchmarks, fuzzers and tools use.
# Idempotent: packages already present are left alone, and apt is only asked when something is missing.
set -euo pipefail

PACKAGES=(
  # Toolchain and build system.
  clang-22 lld-22 libclang-rt-22-dev cmake ninja-build ccache python3
  # LLVM/MLIR 22: libraries, CMake config, mlir-tblgen, lit and FileCheck.
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  # Test and benchmark frameworks; valgrind for the deterministic pass
  # benchmarks (bench/passes/pass-own-time.py --instructions / --cache-sim).
  libgtest-dev libgmock-dev libbenchmark-dev valgrind
  # Runtime I/O.
  liburing-dev
  # The compiler tools' heap allocator (docs/benchmarks-passes.md, "The allocator").
  libjemalloc-dev
  # Formatting (scripts/format.sh; the root .clang-format is LLVM style).
  clang-format-22
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
