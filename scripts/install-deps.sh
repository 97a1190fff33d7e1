#!/usr/bin/env bash
# Installs what building and running cudnn-setup needs on Debian 12 (bookworm): the compiler, CMake, Qt 6 (with
# its translation tools: the zh_CN interface is compiled in) and libarchive, xz, zlib, OpenSSL and libacl. Nothing for
# the tests or the Windows cross-build: scripts/install-test-deps.sh adds those (the test command runs it).
# Safe to run again: apt-get skips what is already there.
#   scripts/install-deps.sh [--print | PACKAGE...]   --print lists the packages and installs nothing; PACKAGEs are
#                                                    installed in the same apt-get run (install-test-deps.sh)
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libqt6svg6 qt6-translations-l10n
    libarchive-dev liblzma-dev zlib1g-dev libssl-dev libacl1-dev
)

if [ "${1:-}" = --print ]; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}" "$@"
