#!/usr/bin/env bash
# Builds the Linux packages of cudnn-setup from a finished build and checks them as a user would meet them:
#   - cpack -G "DEB;TGZ" into a temporary folder;
#   - the .deb's control fields: Depends computed by dpkg-shlibdeps (Qt 6, libarchive with versions);
#   - its files: both programs in one folder, the desktop entry (desktop-file-validate), the hicolor icons, the
#     polkit action for the elevated copy (well-formed XML, exec.path /usr/bin/cudnn-setup, English and zh_CN);
#   - apt resolves its dependencies on this machine (apt-get install --simulate, nothing is installed);
#   - installed with dpkg into a clean throw-away root, `cudnn-setup --detect` run from there exits 0 and finds
#     the real CUDA toolkit of this machine (/usr/local/cuda-13.0, when it exists), with cudnn-probe beside it;
#   - removed (dpkg --remove, what apt remove runs) and purged (dpkg --purge, apt purge), the root holds exactly what
#     it held before the package: no program, polkit action, completion, man page, desktop file or metainfo left;
#   - the tarball unpacks into a folder that runs the same way;
#   - the licence: the DEP-5 copyright file and LICENSE in /usr/share/doc/cudnn-setup, the NSIS licence page, and
#     no Qt module outside the LGPL ones linked (readelf NEEDED of the installed programs; the probe links no Qt);
#   - `man` finds cudnn-setup(1) in the installed root and renders it; the bash completion completes every
#     option of --help (installer/linux/test-completion.sh drives bash-completion); appstreamcli validate accepts
#     the AppStream metainfo.
# Usage: installer/test-deb.sh BUILD_DIR   (ctest: test_packaging). Writes only inside its own temporary folder.
set -euo pipefail

build="$(cd "${1:?usage: test-deb.sh BUILD_DIR}" && pwd)"
real_cuda=/usr/local/cuda-13.0
work="$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-packaging.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
expect() { # expect DESCRIPTION COMMAND...
    local what="$1"; shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}

for tool in cpack dpkg-deb dpkg dpkg-shlibdeps jq; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (bash scripts/install-deps.sh)" >&2; exit 1; }
done
[ -x "$build/bin/cudnn-setup" ] && [ -x "$build/bin/cudnn-probe" ] \
    || { echo "FAIL: build $build first (cudnn-setup and cudnn-probe)" >&2; exit 1; }

# ---- Build the packages ----
start=$(date +%s%N)
if ! (cd "$build" && cpack -G "DEB;TGZ" -B "$work/packages" >"$work/cpack.log" 2>&1); then
    cat "$work/cpack.log" >&2
    echo "FAIL: cpack" >&2
    exit 1
fi
echo "cpack: $((($(date +%s%N) - start) / 1000000)) ms"
deb="$(ls "$work"/packages/cudnn-setup_*.deb)"
tgz="$(ls "$work"/packages/cudnn-setup-*.tar.gz)"
echo "packages: $(basename "$deb") $(stat -c %s "$deb") bytes, $(basename "$tgz") $(stat -c %s "$tgz") bytes"

# ---- Control fields ----
field() { dpkg-deb --field "$deb" "$1"; }
depends="$(field Depends)"
echo "Depends: $depends"
echo "Installed-Size: $(field Installed-Size) KiB"
expect "Package is cudnn-setup" test "$(field Package)" = cudnn-setup
expect "Architecture is this machine's ($(dpkg --print-architecture))" \
    test "$(field Architecture)" = "$(dpkg --print-architecture)"
# dpkg-shlibdeps writes a minimum version for each library package it derived from the binaries' NEEDED entries.
for lib in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libarchive13 liblzma5 libssl3; do
    expect "Depends names $lib with a version (computed)" grep -Eq "(^|, )${lib//+/\\+}[^ ,]* \(>= [^)]+\)" <<<"$depends"
done
expect "Depends names the SVG plugin Qt loads for the icon" grep -Eq "(^|, )libqt6svg6($|,| )" <<<"$depends"
expect "no Depends on a -dev package" bash -c '! grep -q -- "-dev" <<<"$1"' _ "$depends"

# ---- Files ----
dpkg-deb --contents "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/contents"
for path in /usr/bin/cudnn-setup /usr/bin/cudnn-probe /usr/share/applications/cudnn-setup.desktop \
    /usr/share/icons/hicolor/scalable/apps/cudnn-setup.svg /usr/share/polkit-1/actions/org.cudnn-setup.install.policy \
    /usr/share/doc/cudnn-setup/copyright /usr/share/doc/cudnn-setup/LICENSE /usr/share/man/man1/cudnn-setup.1.gz \
    /usr/share/bash-completion/completions/cudnn-setup /usr/share/zsh/vendor-completions/_cudnn-setup \
    /usr/share/metainfo/io.github.cudnn_setup.metainfo.xml; do
    expect "the .deb holds $path" grep -qx "$path" "$work/contents"
done
if grep -q "^CUDNN_SETUP_RSVG_CONVERT:FILEPATH=/" "$build/CMakeCache.txt"; then # the build rendered PNGs
    for size in 16 32 48 256; do
        expect "the .deb holds the ${size}x${size} PNG icon" \
            grep -qx "/usr/share/icons/hicolor/${size}x${size}/apps/cudnn-setup.png" "$work/contents"
    done
fi
expect "nothing outside /usr" bash -c '! grep -v "^/usr" "$1" | grep -v "^/$" | grep -q .' _ "$work/contents"

mkdir "$work/extracted"
dpkg-deb --extract "$deb" "$work/extracted"
desktop="$work/extracted/usr/share/applications/cudnn-setup.desktop"
policy="$work/extracted/usr/share/polkit-1/actions/org.cudnn-setup.install.policy"
# The polkit action the wizard's pkexec uses: well-formed, naming the installed program, worded in both languages.
expect "the polkit action is well-formed XML" python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$policy"
expect "the polkit action lets pkexec run exactly /usr/bin/cudnn-setup" python3 -c '
import sys, xml.etree.ElementTree as ET
action = ET.parse(sys.argv[1]).getroot().find("action")
paths = [a.text for a in action.findall("annotate") if a.get("key") == "org.freedesktop.policykit.exec.path"]
langs = {m.get("{http://www.w3.org/XML/1998/namespace}lang") for m in action.findall("message")}
sys.exit(0 if paths == ["/usr/bin/cudnn-setup"] and langs == {None, "zh_CN"}
         and action.find("defaults/allow_active").text in ("auth_admin", "auth_admin_keep") else 1)' "$policy"
if command -v desktop-file-validate >/dev/null; then
    expect "desktop-file-validate accepts the desktop entry" desktop-file-validate "$desktop"
else
    echo "skip: desktop-file-validate is not installed (Debian: desktop-file-utils)"
fi
expect "the desktop entry starts cudnn-setup with the cudnn-setup icon" \
    bash -c 'grep -qx "Exec=cudnn-setup" "$1" && grep -qx "Icon=cudnn-setup" "$1"' _ "$desktop"
expect "the installed programs are stripped" \
    bash -c '! file "$1"/usr/bin/cudnn-setup "$1"/usr/bin/cudnn-probe | grep -q "not stripped"' _ "$work/extracted"

# ---- apt resolves the dependencies on this machine (simulation: nothing is installed) ----
if apt-get install --simulate --no-install-recommends "$deb" >"$work/apt.log" 2>&1; then
    pass "apt-get install --simulate resolves the dependencies"
    expect "apt would install cudnn-setup" grep -q "^Inst cudnn-setup " "$work/apt.log"
    others="$(grep '^Inst ' "$work/apt.log" | grep -v '^Inst cudnn-setup ' || true)"
    [ -z "$others" ] || echo "note: on this machine apt would also install: $(echo "$others" | awk '{print $2}' | xargs)"
else
    cat "$work/apt.log" >&2
    fail "apt-get install --simulate resolves the dependencies"
fi

# ---- Install into a clean root and run from it ----
root="$work/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/log"
touch "$root/var/lib/dpkg/status"
# What the root holds before the package (dpkg's own database aside, which the remove and purge checks read).
tree() { (cd "$root" && find . \( -path ./var/lib/dpkg -o -path ./var/log \) -prune -o -printf '%y %m %p\n' | LC_ALL=C sort); }
tree >"$work/tree-before"
# The throw-away root has no libraries: dependencies come from this machine, so they are checked above instead.
if dpkg --root="$root" --log=/dev/null --force-depends --force-not-root --install "$deb" >"$work/dpkg.log" 2>&1; then
    pass "dpkg installs the package into a clean root"
else
    cat "$work/dpkg.log" >&2
    fail "dpkg installs the package into a clean root"
fi
expect "dpkg records it as installed" \
    bash -c '[ "$(dpkg-query --admindir="$1/var/lib/dpkg" -W -f="\${Status}" cudnn-setup)" = "install ok installed" ]' \
    _ "$root"

run_detect() { # run_detect BIN_DIR LABEL
    local bin="$1" label="$2" out="$work/detect-$2.json" code=0
    env -u LD_LIBRARY_PATH -u CUDA_PATH "$bin/cudnn-setup" --detect --json >"$out" 2>"$work/detect-$label.err" || code=$?
    expect "$label: cudnn-setup --detect exits 0" test "$code" -eq 0
    expect "$label: --detect --json keeps docs/schemas/detect.schema.json" \
        python3 "$(dirname "$0")/../tests/support/validate-json.py" detect "$out"
    expect "$label: --detect --json is a detect report" \
        test "$(jq -r '.command + " " + .status' "$out" 2>/dev/null)" = "detect ok"
    expect "$label: cudnn-probe was found next to cudnn-setup" \
        bash -c '! grep -q "cudnn-probe was not found" "$1" "$2"' _ "$out" "$work/detect-$label.err"
    if [ -d "$real_cuda" ]; then
        expect "$label: the real $real_cuda is detected" \
            bash -c 'jq -e --arg root "$1" "[.toolkits[].root] | index(\$root) != null" "$2" >/dev/null' _ "$real_cuda" "$out"
    else
        echo "skip: $real_cuda does not exist on this machine"
    fi
    code=0
    env -u LD_LIBRARY_PATH "$bin/cudnn-setup" --detect >"$work/detect-$label.txt" 2>&1 || code=$?
    expect "$label: cudnn-setup --detect (text) exits 0" test "$code" -eq 0
}
# ---- Licence: the copyright file, and only LGPL Qt modules linked ----
copyright="$work/extracted/usr/share/doc/cudnn-setup/copyright"
expect "the copyright file is machine-readable (DEP-5) and says Apache-2.0 for every file" bash -c '
    head -1 "$1" | grep -qx "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" &&
    grep -A2 -x "Files: \*" "$1" | grep -qx "License: Apache-2.0" && grep -qx "License: Apache-2.0" "$1"' _ "$copyright"
expect "LICENSE in the .deb is the Apache-2.0 text" cmp -s "$work/extracted/usr/share/doc/cudnn-setup/LICENSE" \
    "$(dirname "$0")/../LICENSE"
# Qt's LGPL-3 modules in Debian; Charts, Data Visualization, Virtual Keyboard and the rest are GPL-3 only there.
lgpl_qt='^libQt6(Core|Gui|Widgets|Concurrent|DBus|Network|Xml|OpenGL|PrintSupport|Svg|Core5Compat)\.so\.6$'
readelf -d "$work/extracted/usr/bin/cudnn-setup" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' >"$work/needed-setup.txt"
readelf -d "$work/extracted/usr/bin/cudnn-probe" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' >"$work/needed-probe.txt"
echo "cudnn-setup links: $(grep '^libQt6' "$work/needed-setup.txt" | xargs)"
expect "cudnn-setup links Qt (readelf sees its NEEDED entries)" grep -q '^libQt6Core\.so\.6$' "$work/needed-setup.txt"
expect "cudnn-setup links no Qt module outside the LGPL ones (no Qt Charts)" \
    bash -c '! grep "^libQt6" "$1" | grep -Evq "$2"' _ "$work/needed-setup.txt" "$lgpl_qt"
expect "cudnn-probe links no Qt at all" bash -c '! grep -q "^libQt" "$1"' _ "$work/needed-probe.txt"

# ---- The manual page, the shell completions, the AppStream metainfo ----
manpath="$work/extracted/usr/share/man"
expect "man finds cudnn-setup(1) in the installed root" \
    test "$(man --manpath="$manpath" -w cudnn-setup 2>/dev/null)" = "$manpath/man1/cudnn-setup.1.gz"
MANWIDTH=120 man --manpath="$manpath" cudnn-setup 2>"$work/man.err" | col -b >"$work/man.txt" || true
expect "the manual page renders, with every option of --help and the exit codes" bash -c '
    grep -q "EXIT STATUS" "$1" && grep -q "QT_LOGGING_RULES" "$1" &&
    for option in $("$2" --help | grep -oE -- "--[a-z0-9-]+" | sort -u); do grep -q -- "$option" "$1" || exit 1; done' \
    _ "$work/man.txt" "$work/extracted/usr/bin/cudnn-setup"
expect "the installed version is the one in the manual page" \
    grep -q "cudnn-setup $("$work/extracted/usr/bin/cudnn-setup" --version | awk '{print $2}')" "$work/man.txt"
if bash "$(dirname "$0")/linux/test-completion.sh" "$work/extracted/usr/share/bash-completion/completions/cudnn-setup" \
    "$work/extracted/usr/share/zsh/vendor-completions/_cudnn-setup" "$work/extracted/usr/bin/cudnn-setup" \
    >"$work/completion.log" 2>&1; then
    pass "the installed bash and zsh completions complete every option (test-completion.sh)"
else
    cat "$work/completion.log" >&2
    fail "the installed bash and zsh completions complete every option (test-completion.sh)"
fi
metainfo="$work/extracted/usr/share/metainfo/io.github.cudnn_setup.metainfo.xml"
if command -v appstreamcli >/dev/null; then
    expect "appstreamcli validate accepts the AppStream metainfo" appstreamcli validate --no-net "$metainfo"
else
    fail "appstreamcli is missing (Debian: appstream)"
fi
expect "the metainfo has an English and a Chinese summary, the screenshots in docs/screenshots, a release" python3 -c '
import os, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
lang = "{http://www.w3.org/XML/1998/namespace}lang"
summaries = {s.get(lang) for s in root.findall("summary")}
shots = [i.text.rsplit("/docs/screenshots/", 1)[-1] for i in root.findall("screenshots/screenshot/image")]
ok = summaries == {None, "zh-CN"} and shots and all(os.path.isfile(os.path.join(sys.argv[2], s)) for s in shots)
sys.exit(0 if ok and root.find("releases/release") is not None else 1)' "$metainfo" "$(dirname "$0")/../docs/screenshots"

ldd "$root/usr/bin/cudnn-setup" >"$work/ldd.txt" 2>&1 || true
expect "every library of the installed cudnn-setup resolves on this machine" \
    bash -c '! grep -q "not found" "$1"' _ "$work/ldd.txt"
run_detect "$root/usr/bin" deb

# ---- apt remove and apt purge leave the root as it was before the package ----
# apt runs dpkg --remove and --purge for them (nothing depends on cudnn-setup); here dpkg runs them on the root.
package_state() { dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status}' cudnn-setup 2>/dev/null || true; }
leftovers() { # leftovers LABEL: what the root holds now that it did not before the package
    tree >"$work/tree-$1"
    diff "$work/tree-before" "$work/tree-$1" | sed -n 's/^> //p' >"$work/leftovers-$1"
    [ ! -s "$work/leftovers-$1" ] || { echo "left by $1:"; cat "$work/leftovers-$1"; } >&2
    [ ! -s "$work/leftovers-$1" ]
}
shipped=(/usr/bin/cudnn-setup /usr/bin/cudnn-probe /usr/share/polkit-1/actions/org.cudnn-setup.install.policy
    /usr/share/bash-completion/completions/cudnn-setup /usr/share/zsh/vendor-completions/_cudnn-setup
    /usr/share/man/man1/cudnn-setup.1.gz /usr/share/applications/cudnn-setup.desktop
    /usr/share/metainfo/io.github.cudnn_setup.metainfo.xml /usr/share/icons/hicolor/scalable/apps/cudnn-setup.svg
    /usr/share/doc/cudnn-setup)
none_shipped() { for path in "${shipped[@]}"; do [ ! -e "$root$path" ] || { echo "still there: $path" >&2; return 1; }; done; }
dpkg_on_root() { # dpkg_on_root DESCRIPTION ARGUMENTS...: dpkg on the throw-away root; its log shown when it fails
    local what="$1"; shift
    if dpkg --root="$root" --log=/dev/null --force-depends --force-not-root "$@" >"$work/dpkg-step.log" 2>&1; then
        pass "$what"
    else
        cat "$work/dpkg-step.log" >&2
        fail "$what"
    fi
}
expect_gone() { # expect_gone remove|purge
    expect "after $1: the programs, polkit action, completions, man page, desktop file and metainfo are gone" none_shipped
    expect "after $1: nothing is left that was not there before the package" leftovers "$1"
}
dpkg_on_root "dpkg --remove (apt remove) removes the package" --remove cudnn-setup
expect_gone remove
expect "after remove: dpkg keeps no configuration of it (nothing for purge to do): '$(package_state)'" \
    bash -c 'case "$1" in "" | *not-installed) exit 0 ;; *) exit 1 ;; esac' _ "$(package_state)"
dpkg_on_root "dpkg installs it again" --install "$deb"
dpkg_on_root "dpkg --purge (apt purge) purges the package" --purge cudnn-setup
expect_gone purge
expect "after purge: dpkg knows nothing of it, not even its file list" bash -c \
    '[ -z "$(ls "$1"/var/lib/dpkg/info/cudnn-setup.* 2>/dev/null)" ] && case "$2" in "" | *not-installed) exit 0 ;; *) exit 1 ;; esac' \
    _ "$root" "$(package_state)"

# ---- The tarball ----
mkdir "$work/tgz"
tar -xzf "$tgz" -C "$work/tgz"
top="$work/tgz/$(basename "$tgz" .tar.gz)"
expect "the tarball unpacks into $(basename "$top")/ with bin/ and share/" \
    test -x "$top/bin/cudnn-setup" -a -x "$top/bin/cudnn-probe" -a -f "$top/share/applications/cudnn-setup.desktop"
run_detect "$top/bin" tgz

# ---- The NSIS settings of the Windows installer make a script makensis compiles ----
# (The Windows build cannot be made here; this packs the Linux programs only to check installer/windows/Nsis.cmake.)
if command -v makensis >/dev/null; then
    if (cd "$build" && cpack -G NSIS -B "$work/nsis" >"$work/nsis.log" 2>&1); then
        exe="$(ls "$work"/nsis/cudnn-setup-*.exe 2>/dev/null | head -1)"
        expect "makensis compiled the NSIS installer script" test -n "$exe"
        [ -z "$exe" ] || expect "the NSIS installer is a Windows executable" \
            bash -c 'file "$1" | grep -q "PE32"' _ "$exe"
        expect "the installer installs per machine into Program Files, with an uninstaller and no PATH change" \
            bash -c 'f="$1"; grep -q "InstallDir \"\$PROGRAMFILES64\\\\cudnn-setup\"" "$f" &&
                grep -q "WriteUninstaller" "$f" && grep -q "StrCmp \"OFF\" \"ON\" 0 doNotAddToPath" "$f"' \
            _ "$work/nsis/_CPack_Packages/$(ls "$work/nsis/_CPack_Packages")/NSIS/project.nsi"
        expect "the last page offers to run cudnn-setup, started unelevated through Explorer" \
            bash -c 'grep -q "MUI_FINISHPAGE_RUN_FUNCTION RunCudnnSetupUnelevated" "$1" &&
                grep -Eq "^ *Exec .\"[$]WINDIR[\\]explorer[.]exe\" \"[$]INSTDIR[\\]cudnn-setup[.]exe\"" "$1" &&
                ! grep -q "MUI_FINISHPAGE_RUN \"" "$1"' \
            _ "$work/nsis/_CPack_Packages/$(ls "$work/nsis/_CPack_Packages")/NSIS/project.nsi"
        expect "the installer shows the Apache-2.0 licence page (LICENSE)" \
            bash -c 'grep -Eq "^ *!insertmacro MUI_PAGE_LICENSE \"[^\"]*LICENSE\"" "$1"' \
            _ "$work/nsis/_CPack_Packages/$(ls "$work/nsis/_CPack_Packages")/NSIS/project.nsi"
    else
        tail -20 "$work/nsis.log" >&2
        fail "cpack -G NSIS (makensis) with installer/windows/Nsis.cmake"
    fi
else
    echo "skip: makensis is not installed (Debian: nsis): the NSIS settings are not checked"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all packaging checks passed"
