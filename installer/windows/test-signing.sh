#!/usr/bin/env bash
# Authenticode signing of the Windows build (scripts/sign-windows.sh), with a throw-away self-signed code-signing
# certificate made here with openssl: copies of cudnn-setup.exe, cudnn-probe.exe, the NSIS installer and the MSI
#   - stay unsigned without a certificate, and the script says so;
#   - are left as they were when the PFX's password is wrong;
#   - are signed with it (password from the environment or from a file), and `osslsigncode verify` accepts each
#     against the certificate, not against another one, and not once a signed byte is changed;
#   - the signed cudnn-setup.exe still runs under wine (--version).
# Usage: installer/windows/test-signing.sh DIST   (ctest: windows_signing; DIST is build-windows/dist, the NSIS
# installer and the MSI lie next to it). Exit 77 (skip) without DIST, except with CI=true. Writes only in its own
# temporary folder.
set -uo pipefail
source_dir="$(cd "$(dirname "$0")/../.." && pwd)"
dist="$(realpath -m "${1:?usage: test-signing.sh DIST}")"

if [ ! -f "$dist/cudnn-setup.exe" ]; then
    [ "${CI:-}" = true ] && { echo "FAIL: $dist/cudnn-setup.exe is missing (scripts/build-windows.sh); CI=true"; exit 1; }
    echo "SKIP: $dist/cudnn-setup.exe is missing: run scripts/build-windows.sh first"
    exit 77
fi
for tool in osslsigncode openssl; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (scripts/install-test-deps.sh)"; exit 1; }
done

work="$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-signing.XXXXXX")"
cleanup() {
    WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
source "$source_dir/tests/support/checks.sh"

mkdir "$work/files"
files=("$dist/cudnn-setup.exe" "$dist/cudnn-probe.exe")
for pattern in 'cudnn-setup-*-windows-x86_64.exe' 'cudnn-setup-*-windows-x86_64.msi'; do
    found=$(ls -t "$dist"/../$pattern 2>/dev/null | head -n 1)
    [ -n "$found" ] && files+=("$found") || fail "no $pattern next to $dist (scripts/build-windows.sh makes it)"
done
cp "${files[@]}" "$work/files/"
copies=("$work"/files/*)
echo "files: $(cd "$work/files" && ls | xargs)"
sums() { sha256sum "${copies[@]}"; }
verify() { # verify CA_PEM FILE
    osslsigncode verify -in "$2" -CAfile "$1"
}
sign() { bash "$source_dir/scripts/sign-windows.sh" "$@"; }

# ---- Without a certificate: unsigned, said, unchanged ----
sums >"$work/before"
output=$(env -u CUDNN_SETUP_SIGN_PFX bash "$source_dir/scripts/sign-windows.sh" "${copies[@]}" 2>&1)
expect "without CUDNN_SETUP_SIGN_PFX the script succeeds" test $? -eq 0
expect "and says the files are unsigned" grep -q "unsigned" <<<"$output"
expect "and leaves them as they were" bash -c 'sha256sum -c --quiet "$1"' _ "$work/before"

# ---- A throw-away code-signing certificate, and another one that did not sign ----
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 2 \
    -subj "/CN=cudnn-setup test signing (throw-away)" -addext "extendedKeyUsage=codeSigning" \
    -addext "keyUsage=digitalSignature" 2>/dev/null || fail "openssl made no certificate"
openssl pkcs12 -export -inkey "$work/key.pem" -in "$work/cert.pem" -out "$work/cert.pfx" -passout pass:"throw away" \
    || fail "openssl made no PFX"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/other-key.pem" -out "$work/other.pem" -days 2 \
    -subj "/CN=someone else" 2>/dev/null || fail "openssl made no second certificate"

for file in "${copies[@]}"; do
    refuse "$(basename "$file") is unsigned before signing (verify fails)" verify "$work/cert.pem" "$file"
done

# ---- A wrong password: refused, nothing changed ----
refuse "a wrong password fails" env CUDNN_SETUP_SIGN_PFX="$work/cert.pfx" CUDNN_SETUP_SIGN_PASSWORD=wrong \
    bash "$source_dir/scripts/sign-windows.sh" "${copies[@]}"
expect "and leaves every file as it was" bash -c 'sha256sum -c --quiet "$1"' _ "$work/before"

# ---- Signed: the executables with the password in the environment, the installers with it in a file ----
printf 'throw away' >"$work/password"
expect "the two programs are signed (password in CUDNN_SETUP_SIGN_PASSWORD)" \
    env CUDNN_SETUP_SIGN_PFX="$work/cert.pfx" CUDNN_SETUP_SIGN_PASSWORD="throw away" \
    bash "$source_dir/scripts/sign-windows.sh" "$work/files/cudnn-setup.exe" "$work/files/cudnn-probe.exe"
installers=("$work"/files/cudnn-setup-*)
expect "the NSIS installer and the MSI are signed (password in CUDNN_SETUP_SIGN_PASSWORD_FILE)" \
    env CUDNN_SETUP_SIGN_PFX="$work/cert.pfx" CUDNN_SETUP_SIGN_PASSWORD_FILE="$work/password" \
    bash "$source_dir/scripts/sign-windows.sh" "${installers[@]}"
for file in "${copies[@]}"; do
    name=$(basename "$file")
    expect "$name: osslsigncode verify accepts the signature against the certificate" verify "$work/cert.pem" "$file"
    refuse "$name: and not against another certificate" verify "$work/other.pem" "$file"
done
# A changed byte in the signed part (the middle of the file, far from the signature at its end) breaks it.
tampered="$work/tampered.exe"
cp "$work/files/cudnn-setup.exe" "$tampered"
offset=$(($(stat -c %s "$tampered") / 2))
printf '\x5a' | dd of="$tampered" bs=1 seek="$offset" conv=notrunc status=none
cmp -s "$tampered" "$work/files/cudnn-setup.exe" && printf '\xa5' | dd of="$tampered" bs=1 seek="$offset" conv=notrunc status=none
refuse "a signed cudnn-setup.exe with one byte changed no longer verifies" verify "$work/cert.pem" "$tampered"

# ---- The signed program still runs ----
if wine=$(command -v wine || command -v wine64); then
    mkdir "$work/program"
    cp -r "$dist"/. "$work/program/"
    cp "$work/files/cudnn-setup.exe" "$work/files/cudnn-probe.exe" "$work/program/"
    version=$(WINEPREFIX="$work/prefix" WINEARCH=win64 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" \
        HOME="$work" timeout 300 "$wine" "$work/program/cudnn-setup.exe" --version 2>&1)
    expect "the signed cudnn-setup.exe runs under wine: $(tail -1 <<<"$version")" grep -q "^cudnn-setup " <<<"$version"
else
    echo "skip: wine is not installed: the signed program is not run"
fi

finish_checks "all signing checks passed"
