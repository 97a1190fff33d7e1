#!/usr/bin/env bash
# Prints how long `cudnn-setup --detect --json` takes on this machine (not a test: figures only).
# Usage: bench/detect/time-detect.sh [build-dir]
set -euo pipefail
build="${1:-build}"
setup="$build/bin/cudnn-setup"
[ -x "$setup" ] || { echo "build first: $setup is missing" >&2; exit 1; }

if command -v hyperfine >/dev/null; then
    hyperfine --warmup 3 --runs 30 --export-markdown /dev/stdout "$setup --detect --json"
else
    echo "hyperfine is not installed (apt-get install hyperfine); one timed run:"
    time "$setup" --detect --json >/dev/null
fi
echo
echo "engine's own measurement (elapsed_ms in the report):"
"$setup" --detect --json | grep '"elapsed_ms"'
