#!/usr/bin/env bash
# Runs the example playbook (site.yml, role cudnn_setup) against this machine (-c local) the way an admin runs it
# against a lab, but into a TEMPORARY CUDA toolkit this script makes, with a synthetic cuDNN 9.19 archive:
#   --syntax-check passes;
#   check mode changes nothing;
#   run 1 installs: the recap says changed, the fetched report says "ok", the libraries are in the toolkit;
#   run 2 changes nothing: recap changed=0, report "unchanged" (idempotent);
#   a folder of archives: the folder is copied, cudnn-setup picks the one that fits;
#   a package that does not fit fails the host with exit 3 and its report is still fetched;
#   state=absent takes the install back: the toolkit is as it was.
# Usage: installer/ansible/test-role.sh BUILD_DIR MAKE_CUDNN_ARCHIVE   (ctest: test_ansible_role).
# Writes only inside its own temporary folder; the machine's real toolkits are never a target.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
build="$(cd "${1:?usage: test-role.sh BUILD_DIR MAKE_CUDNN_ARCHIVE}" && pwd)"
make_archive="${2:?usage: test-role.sh BUILD_DIR MAKE_CUDNN_ARCHIVE}"
for tool in ansible-playbook jq; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (bash scripts/install-deps.sh)" >&2; exit 1; }
done

work="$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-ansible.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
expect() { # expect DESCRIPTION COMMAND...
    local what="$1"; shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}

# A CUDA 13.0 toolkit as NVIDIA lays it out, reduced to what detection reads: include/cuda.h, lib/, lib64 -> lib.
toolkit="$work/toolkits/cuda-13.0"
mkdir -p "$toolkit/include" "$toolkit/lib"
echo "#define CUDA_VERSION 13000" >"$toolkit/include/cuda.h"
ln -s lib "$toolkit/lib64"
listing() { (cd "$toolkit" && find . -printf '%p %y %l\n' | sort); }
before="$(listing)"

archive="$("$make_archive" "$work/controller/files")"
misfit="$("$make_archive" "$work/controller/misfit" 12)" # cuDNN for CUDA 12: does not fit a CUDA 13 toolkit
# A folder of archives, as a lab mirror holds them: cudnn-setup picks the one that fits.
"$make_archive" "$work/controller/mirror" 12 >/dev/null
fitting_in_mirror="$("$make_archive" "$work/controller/mirror" 13)"
sha="$(sha256sum "$archive" | cut -d' ' -f1)"

export ANSIBLE_CONFIG="$here/ansible.cfg" ANSIBLE_NOCOLOR=1 ANSIBLE_FORCE_COLOR=0
export ANSIBLE_LOCAL_TEMP="$work/ansible-local" ANSIBLE_REMOTE_TEMP="$work/ansible-remote"
export ANSIBLE_HOME="$work/ansible-home" ANSIBLE_STDOUT_CALLBACK=default
reports="$work/controller/reports"
common=(-i localhost, -c local
    -e cudnn_setup_hosts=localhost -e ansible_python_interpreter=/usr/bin/python3
    -e "cudnn_setup_binary=$build/bin/cudnn-setup"
    -e "cudnn_setup_cuda_root=$toolkit"
    -e "cudnn_setup_work_dir=$work/workstation/cache"
    -e "cudnn_setup_report_dir=$work/workstation/log"
    -e "cudnn_setup_fetch_dir=$reports"
    # The synthetic archive's libraries cannot load: without this, verification rightly fails the host (exit 6).
    -e '{"cudnn_setup_extra_args": ["--no-verify"]}')
# Root needs no sudo: the play's become would otherwise ask for it.
if [ "$(id -u)" -eq 0 ]; then common+=(-e ansible_become=false); fi

play() { # play LABEL EXTRA_ARGS... -> exit code; output in $work/LABEL.log
    local label="$1" code=0; shift
    local start; start=$(date +%s%N)
    env -u LD_LIBRARY_PATH ansible-playbook "${common[@]}" "$@" "$here/site.yml" >"$work/$label.log" 2>&1 || code=$?
    echo "$label: ansible-playbook exited $code in $((($(date +%s%N) - start) / 1000000)) ms"
    return "$code"
}
recap() { # recap LABEL FIELD -> the number in the play recap for localhost
    sed -n "s/^localhost *:.* $2=\([0-9]*\).*/\1/p" "$work/$1.log"
}
show() { echo "---- $1.log ----" >&2; cat "$work/$1.log" >&2; }

# ---- Syntax ----
if ansible-playbook -i localhost, --syntax-check "$here/site.yml" >"$work/syntax.log" 2>&1; then
    pass "ansible-playbook --syntax-check"
else
    show syntax; fail "ansible-playbook --syntax-check"
fi

# ---- Check mode: nothing is copied or installed ----
if play check --check -e "cudnn_setup_archive=$archive"; then
    pass "check mode runs"
    expect "check mode would change something (the archive is not there yet)" test "$(recap check changed)" -gt 0
else
    show check; fail "check mode runs"
fi
expect "check mode left the toolkit alone" test "$(listing)" = "$before"
expect "check mode copied no archive" test ! -e "$work/workstation/cache/$(basename "$archive")"

schema_ok() { # schema_ok REPORT: the fetched report keeps docs/schemas/report.schema.json (what the role reads)
    python3 "$here/../../tests/support/validate-json.py" report "$1"
}

# ---- Run 1: installs ----
if play first -e "cudnn_setup_archive=$archive" -e "cudnn_setup_archive_sha256=$sha"; then
    pass "run 1 succeeds"
else
    show first; fail "run 1 succeeds"
fi
report="$reports/localhost.json"
expect "run 1: the recap says changed" test "$(recap first changed)" -gt 0
expect "run 1: the report was fetched to the controller" test -f "$report"
expect "run 1: the report keeps its schema" schema_ok "$report"
expect "run 1: report status ok, command install" \
    test "$(jq -r '.status + " " + .command' "$report" 2>/dev/null)" = "ok install"
expect "run 1: the report names the temporary toolkit" test "$(jq -r '.toolkit.root' "$report")" = "$toolkit"
expect "run 1: the checksum written beside the archive was verified" \
    bash -c 'jq -e "[.diagnostics[].code] | index(\"PKG-CHECKSUM-VERIFIED\") != null" "$1" >/dev/null' _ "$report"
expect "run 1: libcudnn.so.9 is in the toolkit" test -e "$toolkit/lib/libcudnn.so.9"
expect "run 1: the log was written on the workstation" test -s "$work/workstation/log/cudnn-setup.log"
installed="$(listing)"

# ---- Run 2: idempotent ----
if play second -e "cudnn_setup_archive=$archive" -e "cudnn_setup_archive_sha256=$sha"; then
    pass "run 2 succeeds"
else
    show second; fail "run 2 succeeds"
fi
expect "run 2: the recap says changed=0" test "$(recap second changed)" = 0
expect "run 2: the report keeps its schema" schema_ok "$report"
expect "run 2: report status unchanged" test "$(jq -r '.status' "$report" 2>/dev/null)" = unchanged
expect "run 2: the toolkit is exactly as run 1 left it" test "$(listing)" = "$installed"

# ---- A folder of archives (given with a trailing slash): the fitting one is picked, and it is already there ----
if play mirror -e "cudnn_setup_archive=$work/controller/mirror/"; then
    pass "a folder of archives succeeds"
else
    show mirror; fail "a folder of archives succeeds"
fi
expect "mirror: the folder was copied as a folder" \
    test -f "$work/workstation/cache/mirror/$(basename "$fitting_in_mirror")"
expect "mirror: cudnn-setup picked the CUDA 13 archive from the copied folder" \
    test "$(jq -r '.package.file' "$report" 2>/dev/null)" = "$work/workstation/cache/mirror/$(basename "$fitting_in_mirror")"
expect "mirror: the report keeps its schema" schema_ok "$report"
expect "mirror: report status unchanged (the same files are installed)" \
    test "$(jq -r '.status' "$report" 2>/dev/null)" = unchanged
expect "mirror: the toolkit is exactly as run 1 left it" test "$(listing)" = "$installed"

# ---- A package that does not fit: the host fails, with exit 3 and the report fetched ----
if play misfit -e "cudnn_setup_archive=$misfit"; then
    show misfit; fail "a CUDA 12 package fails the host"
else
    pass "a CUDA 12 package fails the host"
fi
expect "misfit: the recap says failed=1" test "$(recap misfit failed)" = 1
expect "misfit: the failure names exit code 3 (package rejected)" grep -Eq '"exit_code": "?3"?,' "$work/misfit.log"
expect "misfit: report status rejected, fetched all the same" \
    test "$(jq -r '.status' "$report" 2>/dev/null)" = rejected
expect "misfit: the toolkit is untouched" test "$(listing)" = "$installed"

# ---- state=absent takes it back ----
if play absent -e cudnn_setup_state=absent; then
    pass "state=absent succeeds"
else
    show absent; fail "state=absent succeeds"
fi
expect "absent: the recap says changed" test "$(recap absent changed)" -gt 0
expect "absent: report status uninstalled" test "$(jq -r '.status' "$report" 2>/dev/null)" = uninstalled
expect "absent: the toolkit is as it was before run 1 (cudnn-setup's own state folder aside)" \
    test "$(listing | grep -v '^\./\.cudnn-setup')" = "$before"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all ansible role checks passed"
