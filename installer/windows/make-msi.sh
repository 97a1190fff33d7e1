#!/usr/bin/env bash
# Makes the MSI of the Windows build from its program folder with msitools' wixl (installer/windows/cudnn-setup.wxs;
# docs/deploying.md says how admins push it).
# Usage: installer/windows/make-msi.sh DIST VERSION OUT.msi
#   DIST     the program folder (build-windows/dist: cudnn-setup.exe, cudnn-probe.exe and what they load)
#   VERSION  the product version, x.y.z (the project's; the wine tier makes an older one to test the upgrade)
# Needs: wixl (Debian: apt-get install wixl).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dist="$(cd "${1:?usage: make-msi.sh DIST VERSION OUT.msi}" && pwd)"
version="${2:?usage: make-msi.sh DIST VERSION OUT.msi}"
out="${3:?usage: make-msi.sh DIST VERSION OUT.msi}"

command -v wixl >/dev/null || { echo "make-msi: wixl is missing (apt-get install wixl)" >&2; exit 1; }
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "make-msi: '$version' is not a version x.y.z" >&2; exit 2; }
[ -f "$dist/cudnn-setup.exe" ] && [ -f "$dist/cudnn-probe.exe" ] \
    || { echo "make-msi: $dist has no cudnn-setup.exe and cudnn-probe.exe" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-msi.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# Every file of the folder, one component each (wixl-heat names them from their paths, so they stay the same
# from build to build and the upgrade replaces them in place).
find "$dist" -type f | LC_ALL=C sort \
    | wixl-heat --prefix "$dist/" --directory-ref INSTALLDIR --component-group ProgramFiles --var var.Dist --win64 \
        >"$work/files.wxs"
# wixl takes source paths relative to the folder it runs in, never absolute ones.
ln -s "$dist" "$work/dist"
cp "$here/cudnn-setup.ico" "$here/cudnn-setup.wxs" "$work/"
(cd "$work" && wixl --arch x64 -D Version="$version" -D Dist=dist -D Icon=cudnn-setup.ico -D Win64=yes \
    -o out.msi cudnn-setup.wxs files.wxs)
mv "$work/out.msi" "$out"
