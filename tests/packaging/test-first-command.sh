#!/usr/bin/env bash
# The README's first command is lean: it installs only what building and running needs (scripts/install-deps.sh,
# none of the packages the tests and the Windows cross-build add) and builds only the product's targets (a
# configure with its CMake options has no test target, and `all` is the two programs' build plus at most the
# man page and icons), then runs --detect. The set-up section keeps exactly two commands: that one and the test
# command, which installs both sets (scripts/install-test-deps.sh).
# Usage: tests/packaging/test-first-command.sh   (ctest: test_first_command). Writes only in its temporary folder.
set -uo pipefail
source_dir="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-first-command.XXXXXX")"
trap 'rm -rf "$work"' EXIT
source "$source_dir/tests/support/checks.sh"

# The shell blocks of README.md's "Set up on a fresh Debian 12 machine" section, one command per block.
awk '/^## Set up on a fresh Debian 12 machine/ {on = 1; next} on && /^## / {exit}
     on && /^```sh$/ {block = 1; next} on && block && /^```$/ {block = 0; print ""; next}
     on && block {printf "%s ", $0}' "$source_dir/README.md" | sed '/^$/d; s/ *$//' >"$work/commands"
echo "set-up commands:"; sed 's/^/  /' "$work/commands"
expect "the set-up section has exactly two commands" test "$(wc -l <"$work/commands")" -eq 2
first=$(sed -n 1p "$work/commands")
expect "the first command installs with scripts/install-deps.sh" grep -q "^bash scripts/install-deps.sh && " <<<"$first"
expect "the first command ends by running --detect" grep -q -- "cudnn-setup --detect$" <<<"$first"
expect "the second command is the test command" test "$(sed -n 2p "$work/commands")" = "bash scripts/test.sh"
expect "the test command installs both sets" grep -qx "bash scripts/install-test-deps.sh" "$source_dir/scripts/test.sh"

# ---- The two package sets ----
bash "$source_dir/scripts/install-deps.sh" --print | sort >"$work/lean"
bash "$source_dir/scripts/install-test-deps.sh" --print | sort >"$work/test-side"
echo "install-deps.sh: $(wc -l <"$work/lean") packages; install-test-deps.sh adds $(wc -l <"$work/test-side")"
expect "the sets do not overlap" test -z "$(comm -12 "$work/lean" "$work/test-side")"
for package in wine mingw-w64 clang-14 nsis wixl msitools osslsigncode ansible-core xvfb ccache help2man libdnnl-dev \
    libquazip1-qt6-dev; do
    expect "$package is on the test side only" bash -c 'grep -qx "$1" "$2" && ! grep -qx "$1" "$3"' _ "$package" \
        "$work/test-side" "$work/lean"
done
for package in qt6-base-dev qt6-l10n-tools libarchive-dev libssl-dev; do
    expect "$package is in the lean set" grep -qx "$package" "$work/lean"
done

# ---- The first command's configure builds the product only ----
configure=$(grep -o 'cmake -S \. -B build[^&]*' <<<"$first" | sed 's/ *$//')
read -r -a options <<<"${configure#cmake -S . -B build}"
echo "configure options: ${options[*]:-(none)}"
if ! cmake -S "$source_dir" -B "$work/build" "${options[@]}" >"$work/configure.log" 2>&1; then
    cat "$work/configure.log" >&2
    fail "the first command's configure fails"
else
    all=$(ninja -C "$work/build" -t commands all | wc -l)
    product=$(ninja -C "$work/build" -t commands cudnn-setup cudnn-probe | wc -l)
    tests=$(ninja -C "$work/build" -t targets all | grep -cE '^(test_|fuzz_|tests/)' || true)
    echo "build steps: all $all, cudnn-setup + cudnn-probe $product, test targets $tests"
    expect "the build has no test target" test "$tests" -eq 0
    expect "its build is the two programs' ($product steps) plus at most the man page and icons ($all)" \
        test "$all" -le $((product + 12))
fi

finish_checks "the first command is lean"
