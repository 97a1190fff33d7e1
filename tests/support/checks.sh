# Shell test helpers, sourced by the packaging and signing test scripts. Each check prints "ok: WHAT" or
# "FAIL: WHAT" (with the command's output); $failures counts the failed ones. Needs $work, the script's own
# temporary folder.
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
expect() { # expect DESCRIPTION COMMAND...: the command must succeed
    local what="$1"; shift
    if "$@" >"$work/check.log" 2>&1; then pass "$what"; else cat "$work/check.log" >&2; fail "$what"; fi
}
refuse() { # refuse DESCRIPTION COMMAND...: the command must fail
    local what="$1"; shift
    if "$@" >"$work/check.log" 2>&1; then cat "$work/check.log" >&2; fail "$what"; else pass "$what"; fi
}
# finish_checks SUMMARY: the script's exit, 1 when a check failed.
finish_checks() {
    if [ "$failures" -ne 0 ]; then
        echo "$failures check(s) failed" >&2
        exit 1
    fi
    echo "$1"
}
