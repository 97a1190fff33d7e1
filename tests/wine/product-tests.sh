#!/usr/bin/env bash
# The Windows product tier: the real cudnn-setup.exe of build-windows/dist under wine, each scenario in a throw-away
# WINEPREFIX under its own temporary folder (tests/wine/ProductWineTest.cpp says what each one checks).
# Usage (through scripts/wine-tests.sh): product-tests.sh <build-dir> <dist-dir> build|detect|install|pitfalls|
#        nvidia-installer|readonly|elevation|wizard|installer|msi
# Exit: 0 passed, 1 failed, 77 skipped: wine cannot run programs here, or (without CI=true) no <dist-dir>.
set -uo pipefail
cd "$(dirname "$0")/../.."
build_dir=$1 dist=${2:-build-windows/dist} scenario=${3:-detect}

skip() {
    echo "SKIP: $*"
    exit 77
}
fail() {
    echo "FAIL: $*"
    exit 1
}

command -v x86_64-w64-mingw32-g++ >/dev/null || skip "x86_64-w64-mingw32-g++ not found (apt-get install mingw-w64)"
wine=$(command -v wine || command -v wine64) || skip "wine not found (apt-get install wine wine64)"

if [ "$scenario" = build ]; then
    generator=()
    command -v ninja >/dev/null && generator=(-G Ninja)
    if [ ! -f "$build_dir/CMakeCache.txt" ]; then
        cmake -S tests/wine -B "$build_dir" "${generator[@]}" \
            -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/mingw-w64-x86_64.cmake" -DCMAKE_BUILD_TYPE=Release || exit 1
    fi
    exec cmake --build "$build_dir" --target product-wine-test
fi

dist=$(realpath -m "$dist")
if [ ! -f "$dist/cudnn-setup.exe" ]; then
    [ "${CI:-}" = true ] && fail "$dist/cudnn-setup.exe is missing (scripts/build-windows.sh makes it); CI=true"
    skip "$dist/cudnn-setup.exe is missing: run scripts/build-windows.sh first"
fi
test_exe=$(realpath -m "$build_dir/product-wine-test.exe")
fixtures=$(realpath -m "$build_dir/product")
[ -f "$test_exe" ] || fail "$test_exe is missing: build it with '$0 $build_dir $dist build'"

# target_next_to_dist EXTENSION WHAT: $target becomes the newest cudnn-setup-*-windows-x86_64.EXTENSION next to
# <dist-dir>; a skip when there is none (a failure with CI=true).
target_next_to_dist() {
    target=$(ls -t "$dist"/../cudnn-setup-*-windows-x86_64."$1" 2>/dev/null | head -n 1)
    if [ -z "$target" ]; then
        [ "${CI:-}" = true ] && fail "no cudnn-setup-*-windows-x86_64.$1 next to $dist; CI=true"
        skip "no $2 cudnn-setup-*-windows-x86_64.$1 next to $dist (scripts/build-windows.sh makes it)"
    fi
    target=$(realpath "$target")
}
target=$dist
[ "$scenario" = msi ] && target_next_to_dist msi MSI
if [ "$scenario" = installer ]; then
    target_next_to_dist exe "NSIS installer"
    # NSIS installers are 32-bit programs; Debian's wine runs them only with wine32:i386 installed.
    if file -b "$target" | grep -q '^PE32 ' && [ ! -d /usr/lib/i386-linux-gnu/wine ]; then
        skip "$target is a 32-bit program and this wine has no 32-bit support (dpkg --add-architecture i386; apt-get install wine32:i386)"
    fi
fi

# Z: is wine's view of /; the test program gets Windows paths.
winpath() { printf 'Z:%s' "${1//\//\\}"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-wine-product.XXXXXX")
chmod 755 "$tmp" # the read-only case runs wine as another user, who must reach its prefix in here
cleanup() {
    for p in "$tmp"/prefix*; do
        [ -d "$p" ] || continue
        if [ "$(stat -c %u "$p")" = "$(id -u)" ]; then
            WINEPREFIX="$p" wineserver -k 2>/dev/null || true
        else
            setpriv --reuid="$(stat -c %u "$p")" --regid="$(stat -c %g "$p")" --clear-groups \
                env HOME="$tmp/home" WINEPREFIX="$p" wineserver -k 2>/dev/null || true
        fi
    done
    rm -rf "$tmp"
}
trap cleanup EXIT

# run_wine <prefix> <scenario> [as-user...]: one run of the test program; sets $output and $status.
run_wine() {
    local prefix=$1 step=$2
    shift 2
    mkdir -p "$tmp/work-$step"
    [ $# -gt 0 ] && chown "${UNPRIVILEGED:-65534}:${UNPRIVILEGED:-65534}" "$tmp/work-$step"
    local start=$(date +%s)
    # HOME and the XDG folders inside the run's folder, and no winemenubuilder: the installer's Start-menu entry
    # must not become a .desktop file in the real home.
    output=$("$@" env WINEPREFIX="$prefix" WINEARCH=win64 WINEDEBUG=-all \
        WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d" HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" \
        XDG_CONFIG_HOME="$tmp/home/.config" XDG_CACHE_HOME="$tmp/home/.cache" timeout 500 "$wine" "$test_exe" "$step" "$(winpath "$target")" \
        "$(winpath "$fixtures")" "$(winpath "$tmp/work-$step")" 2>&1)
    status=$?
    echo "$output"
    echo "$step: wine run took $(($(date +%s) - start)) s"
    case "$output" in
    *"wine-tests: started"*) ;;
    *) skip "wine could not run a Windows program here (exit $status)" ;;
    esac
}

mkdir -p "$tmp/home"
if [ "$scenario" = wizard ]; then
    # The wizard itself, as the Windows build draws it: every page from Welcome to Finish over the standard machine
    # (install, verify, benchmark on the CPU-backed fake), driven by the page renderer under Xvfb. One fresh machine
    # per language (WIZARD_LANGUAGES, default en): a second install would be "nothing to do". WIZARD_PAGES_DIR keeps
    # the pictures (scripts/render-screenshots.sh --windows).
    command -v xvfb-run >/dev/null || fail "xvfb-run is needed (apt-get install xvfb)"
    sdk_qt=$(bash scripts/windows-sdk.sh --print | cut -d';' -f1) || fail "the Windows SDK is not built"
    program=$tmp/program
    cp -r "$dist" "$program"
    cp "$dist/../bin/render-wizard-pages.exe" "$sdk_qt/bin/Qt6Test.dll" "$program/" \
        || fail "render-wizard-pages.exe is missing (scripts/build-windows.sh)"
    pages_dir=${WIZARD_PAGES_DIR:-$tmp/pages}
    mkdir -p "$pages_dir"
    for lang in ${WIZARD_LANGUAGES:-en}; do
        prefix=$tmp/prefix-$lang
        run_wine "$prefix" machine
        [ "$status" -eq 0 ] || fail "the machine could not be set up"
        WINEPREFIX="$prefix" wineserver -w # the renderer, with a display, starts its own desktop process
        # Where a person's copy is: under Program Files. From Z:\tmp, whose DACL lets Everyone delete, the trust rule
        # (wine runs as an administrator) rightly refuses to load the probe's libraries, and Verify shows only that.
        installed="$prefix/drive_c/Program Files/cudnn-setup"
        cp -r "$program" "$installed"
        start=$(date +%s)
        env WINEPREFIX="$prefix" WINEARCH=win64 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d" \
            HOME="$tmp/home" timeout 400 xvfb-run -a -s "-screen 0 1280x900x24" "$wine" \
            "$installed/render-wizard-pages.exe" --lang "$lang" \
            --this-machine "$(winpath "$fixtures/cudnn-11.3-windows-x64-v8.2.0.53.zip")" "$(winpath "$pages_dir")"
        code=$?
        pages=$(ls "$pages_dir" | grep -c "^$lang-")
        echo "wizard ($lang): exit $code, $pages pages, $(($(date +%s) - start)) s"
        [ "$code" -ne 3 ] || fail "a page of the wizard cuts what it says or uses Linux's words (above)"
        [ "$code" -eq 0 ] || fail "a page of the wizard did not finish (exit $code)"
        # the install's 9 pages, then the repair and uninstall journeys: Welcome, System, the task's page, Finish at least
        [ "$pages" -ge 17 ] || fail "$pages pages were drawn, not the install's 9 and the repair's and uninstall's 4 or more each"
        WINEPREFIX="$prefix" wineserver -k 2>/dev/null || true
    done
    exit 0
fi
if [ "$scenario" = msi ]; then
    # The upgrade needs an older build: the same program folder as an MSI of a lower version (make-msi.sh).
    command -v wixl >/dev/null || fail "wixl is needed to make the older MSI (apt-get install wixl)"
    mkdir -p "$tmp/work-msi"
    bash installer/windows/make-msi.sh "$dist" 0.0.1 "$tmp/work-msi/older.msi" || fail "the older MSI could not be made"
fi
if [ "$scenario" != readonly ] && [ "$scenario" != elevation ]; then
    run_wine "$tmp/prefix" "$scenario"
    exit $([ "$status" -eq 0 ] && echo 0 || echo 1)
fi

# readonly: a real refusal, not a fake. The toolkit folder's unix directories belong to root, 0755, and wine runs as
# a user who may not write there: root (CI) runs it as nobody (65534) with a prefix and HOME of that user's; anyone
# else runs it as themselves against a toolkit made read-only (0555), which the kernel enforces for them.
toolkit_rel="drive_c/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.3"
prefix=$tmp/prefix
mkdir -p "$prefix"
as_user=()
if [ "$(id -u)" -eq 0 ]; then
    command -v setpriv >/dev/null || fail "setpriv (util-linux) is needed to run wine unprivileged"
    chown 65534:65534 "$prefix" "$tmp/home"
    as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
run_wine "$prefix" readonly-setup "${as_user[@]}"
[ "$status" -eq 0 ] || fail "readonly-setup failed"
[ -d "$prefix/$toolkit_rel" ] || fail "the toolkit was not created at $prefix/$toolkit_rel"
if [ "$(id -u)" -eq 0 ]; then
    chown -R root:root "$prefix/$toolkit_rel"
    chmod -R u+rwX,go+rX,go-w "$prefix/$toolkit_rel"
else
    chmod -R a-w "$prefix/$toolkit_rel"
fi
stat -c '%U %a %n' "$prefix/$toolkit_rel" "$prefix/$toolkit_rel/bin"
if [ "$scenario" = readonly ]; then
    run_wine "$prefix" readonly-check "${as_user[@]}"
    [ "$(id -u)" -eq 0 ] || chmod -R u+w "$prefix/$toolkit_rel"
    exit $([ "$status" -eq 0 ] && echo 0 || echo 1)
fi

# elevation: the engine hands the install to an elevated copy (ShellExecuteExW "runas"; then a declining launcher),
# as the same unprivileged user (ElevationWineTest.cpp). The test program links the engine, so it runs beside the
# product's DLLs.
program=$tmp/program
cp -r "$dist" "$program"
cp "$dist/../bin/elevation-wine-test.exe" "$program/" || fail "elevation-wine-test.exe is missing (scripts/build-windows.sh)"
chmod -R a+rX "$program"
failed=0
for step in runas declined; do
    mkdir -p "$tmp/work-$step"
    [ ${#as_user[@]} -gt 0 ] && chown 65534:65534 "$tmp/work-$step"
    start=$(date +%s)
    "${as_user[@]}" env WINEPREFIX="$prefix" WINEARCH=win64 WINEDEBUG=-all \
        WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d" HOME="$tmp/home" timeout 300 "$wine" \
        "$program/elevation-wine-test.exe" "$step" "$(winpath "$program/cudnn-setup.exe")" \
        "$(winpath "$fixtures/cudnn-11.3-windows-x64-v8.2.0.53.zip")" \
        'C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.3' "$(winpath "$tmp/work-$step/report.json")"
    code=$?
    echo "elevation $step: wine run took $(($(date +%s) - start)) s, exit $code"
    [ "$code" -eq 0 ] || failed=1
done
[ "$(id -u)" -eq 0 ] || chmod -R u+w "$prefix/$toolkit_rel"
exit $failed
