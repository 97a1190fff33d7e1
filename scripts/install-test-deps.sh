#!/usr/bin/env bash
# Installs what the tests and the Windows cross-build add to scripts/install-deps.sh, together with that set in
# one apt-get run (the test command, scripts/test.sh, runs this). Debian 12 (bookworm).
#   scripts/install-test-deps.sh [--print]     --print lists only the packages this script adds
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
    ccache libqt6core5compat6-dev libquazip1-qt6-dev
    clang-14 libclang-rt-14-dev lld-14
    xz-utils file hyperfine acl
    xvfb xauth fonts-wqy-microhei
    mingw-w64 libz-mingw-w64-dev wine wine64 wixl msitools osslsigncode openssl
    dpkg-dev desktop-file-utils librsvg2-bin jq ansible-core nsis
    libdnnl-dev help2man bash-completion zsh appstream man-db python3-jsonschema
)

if [ "${1:-}" = --print ]; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

bash scripts/install-deps.sh "${packages[@]}"
