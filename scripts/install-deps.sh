#!/usr/bin/env bash
# Installs everything cudnn-setup needs to build and test on Debian 12 (bookworm).
# Safe to run again: apt-get skips what is already there.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libqt6core5compat6-dev libqt6svg6 qt6-translations-l10n
    libquazip1-qt6-dev libarchive-dev liblzma-dev zlib1g-dev ccache
    clang-14 libclang-rt-14-dev
    xz-utils file hyperfine
    xvfb xauth fonts-wqy-microhei
    mingw-w64 libz-mingw-w64-dev wine wine64
    dpkg-dev desktop-file-utils librsvg2-bin jq ansible-core nsis
    libssl-dev libdnnl-dev help2man bash-completion zsh appstream man-db python3-jsonschema
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}"
