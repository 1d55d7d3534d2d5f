#!/usr/bin/env bash
# Formats C++ sources with clang-format-22 and the root .clang-format (LLVM style).
# Usage: scripts/format.sh            # files changed against main (committed or not)
#        scripts/format.sh --all      # every tracked C++ file
#        scripts/format.sh --check    # list files that are not formatted; non-zero exit if any
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cf=clang-format-22
mode="${1:-changed}"
if [ "$mode" = "--all" ] || [ "$mode" = "--check" ]; then
  files=$(git ls-files '*.cpp' '*.h')
else
  files=$( (git diff --name-only main -- '*.cpp' '*.h'; git diff --name-only -- '*.cpp' '*.h';
            git ls-files --others --exclude-standard -- '*.cpp' '*.h') | sort -u)
fi
bad=0
for f in $files; do
  [ -f "$f" ] || continue
  if [ "$mode" = "--check" ]; then
    if ! $cf --dry-run -Werror "$f" >/dev/null 2>&1; then echo "$f"; bad=1; fi
  else
    $cf -i "$f"
  fi
done
exit $bad
