#!/usr/bin/env bash
# Authenticode-signs Windows files in place with osslsigncode (SHA-256), when a certificate is provided
# (docs/building-windows.md, "Signing"). scripts/build-windows.sh calls it for cudnn-setup.exe and cudnn-probe.exe
# before they are packed, then for the NSIS installer and the MSI.
#   CUDNN_SETUP_SIGN_PFX             the PKCS#12 file with the code-signing certificate and its key; unset: nothing
#                                    is signed, and the script says so (an unsigned build is fine for testing)
#   CUDNN_SETUP_SIGN_PASSWORD        the PFX's password (or CUDNN_SETUP_SIGN_PASSWORD_FILE: a file holding it)
#   CUDNN_SETUP_SIGN_TIMESTAMP_URL   an RFC 3161 timestamp server, so the signature outlives the certificate
#   CUDNN_SETUP_SIGN_URL             the URL shown in the signature's details (optional)
# Usage: scripts/sign-windows.sh FILE...
# Exit: 0 all signed, or none because no certificate was given; 1 a file could not be signed (every file is left as
# it was: signing writes a copy and replaces the file only when osslsigncode succeeded); 2 usage.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: sign-windows.sh FILE..." >&2; exit 2; }

if [ -z "${CUDNN_SETUP_SIGN_PFX:-}" ]; then
    echo "sign-windows: unsigned (no CUDNN_SETUP_SIGN_PFX): $*"
    exit 0
fi
command -v osslsigncode >/dev/null || { echo "sign-windows: osslsigncode is missing (apt-get install osslsigncode)" >&2; exit 1; }
[ -r "$CUDNN_SETUP_SIGN_PFX" ] || { echo "sign-windows: cannot read $CUDNN_SETUP_SIGN_PFX" >&2; exit 1; }
for file in "$@"; do
    [ -f "$file" ] || { echo "sign-windows: $file does not exist" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-sign.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The password goes to osslsigncode in a file of this run's own, never on a command line (ps shows those).
password=$work/password
(umask 077 && if [ -n "${CUDNN_SETUP_SIGN_PASSWORD_FILE:-}" ]; then cat "$CUDNN_SETUP_SIGN_PASSWORD_FILE"
    else printf '%s' "${CUDNN_SETUP_SIGN_PASSWORD:-}"; fi >"$password")
options=(-pkcs12 "$CUDNN_SETUP_SIGN_PFX" -readpass "$password" -h sha256 -n cudnn-setup)
[ -z "${CUDNN_SETUP_SIGN_URL:-}" ] || options+=(-i "$CUDNN_SETUP_SIGN_URL")
[ -z "${CUDNN_SETUP_SIGN_TIMESTAMP_URL:-}" ] || options+=(-ts "$CUDNN_SETUP_SIGN_TIMESTAMP_URL")

status=0
for file in "$@"; do
    signed=$work/signed-$(basename "$file")
    if osslsigncode sign "${options[@]}" -in "$file" -out "$signed" >"$work/log" 2>&1; then
        cat "$signed" >"$file" # in place: the file keeps its owner and mode
        echo "sign-windows: signed $file${CUDNN_SETUP_SIGN_TIMESTAMP_URL:+ (timestamped)}"
    else
        echo "sign-windows: could not sign $file:" >&2
        cat "$work/log" >&2
        status=1
    fi
done
exit $status
