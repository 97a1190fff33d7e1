#!/usr/bin/env bash
# Prints how long the whole `cudnn-setup --detect --json` process takes with 20 Python environments (10 venvs, 10
# conda envs) of about 3000 files each under a temporary HOME, every one holding a cuDNN wheel or conda package
# whose records detection reads (not a test: figures only; docs/detect-json.md quotes them).
# Usage: bench/detect/python-envs.sh [build-dir] [runs]
set -euo pipefail
build="${1:-build}"
runs="${2:-15}"
setup="$(cd "$build" && pwd)/bin/cudnn-setup"
[ -x "$setup" ] || { echo "build first: $setup is missing" >&2; exit 1; }
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT

python3 "$(dirname "$0")/make-python-envs.py" "$home"
files=$(find "$home" -type f | wc -l)
echo "20 environments, $files files under a temporary HOME"

# One figure line: the whole process's wall time over $runs runs with HOME=$1.
measure() {
    local times=() start end
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        HOME="$1" "$setup" --detect --json >/dev/null
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000000 )))
    done
    local sorted=($(printf '%s\n' "${times[@]}" | sort -n))
    echo "$2, $runs runs: min ${sorted[0]} ms, median ${sorted[$((runs / 2))]} ms, max ${sorted[$((runs - 1))]} ms"
}
empty="$home/empty-home"
mkdir -p "$empty"
measure "$empty" "whole --detect --json process, no environment under HOME"
measure "$home" "whole --detect --json process, the 20 environments"
echo "copies found: $(HOME="$home" "$setup" --detect --json | grep -c '"origin"')"
