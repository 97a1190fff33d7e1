#!/usr/bin/env bash
# Builds the Windows x64 SDK that cudnn-setup.exe is cross-built against, from Debian's own source packages with
# Debian's mingw-w64: Qt 6.4.2 (qtbase), xz (liblzma) and libarchive, which reads every archive cudnn-setup opens
# (.zip, .tar.xz, .tgz); zlib is Debian's libz-mingw-w64-dev. Every library is a DLL (Qt under the LGPL, nothing
# linked in).
#
# Usage: scripts/windows-sdk.sh [--print]
#   Builds what is missing and prints, last, the SDK's prefixes separated by ';' (CMAKE_PREFIX_PATH form).
#   --print prints them without building (exit 1 when the SDK is not complete).
#
# Each component lands in its own folder of the cache, named after a hash of its recipe (this script's text for
# that component, the toolchain file, the source package's version and the components it is built on), so a second
# run is a no-op, a changed recipe rebuilds only what it changes, and CI on the same machine reuses the cache.
#   CUDNN_SETUP_SDK_CACHE   the cache (default: ${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-setup/windows-sdk)
#   CUDNN_SETUP_SDK_JOBS    parallel build jobs (default: nproc)
# Measured figures (cold and warm) are in docs/building-windows.md.
set -euo pipefail
shopt -s inherit_errexit # a failed build inside $(component ...) must stop the script
cd "$(dirname "$0")/.."
repo=$PWD
toolchain=$repo/cmake/mingw-w64-x86_64.cmake
cache=${CUDNN_SETUP_SDK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-setup/windows-sdk}
jobs=${CUDNN_SETUP_SDK_JOBS:-$(nproc)}
print_only=0
[ "${1:-}" = "--print" ] && print_only=1

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

log() { echo "windows-sdk: $*" >&2; }

# apt-get source needs a deb-src entry: mirror the machine's own Debian entry with Types: deb-src.
ensure_deb_src() {
    if apt-get source --print-uris qt6-base >/dev/null 2>&1; then return; fi
    local sources=/etc/apt/sources.list.d/debian.sources
    [ -f "$sources" ] || { log "no $sources to mirror as a deb-src entry"; exit 1; }
    log "adding a deb-src entry (mirrors $sources)"
    sed 's/^Types: deb$/Types: deb-src/' "$sources" | $SUDO tee /etc/apt/sources.list.d/cudnn-setup-deb-src.sources >/dev/null
    $SUDO apt-get update -qq
}

source_version() { apt-cache showsrc "$1" | sed -n 's/^Version: //p' | sort -V | tail -n 1; }

# The recipe text of one component: the body of its build function, so editing it changes its key.
recipe_of() { declare -f "build_$1"; }

key_of() { # name, source package, keys of the components it is built on...
    local name=$1 package=$2
    shift 2
    { recipe_of "$name"; cat "$toolchain"; source_version "$package"; echo "$@"; } | sha256sum | cut -c1-12
}

# Unpacks a Debian source package into $work and prints the folder it made.
unpack_source() {
    local package=$1
    (cd "$work" && apt-get source -qq "$package=$(source_version "$package")" >/dev/null 2>&1) \
        || (cd "$work" && apt-get source "$package" >&2)
    find "$work" -mindepth 1 -maxdepth 1 -type d -newer "$work/.start" | head -n 1
}

cmake_cross() { # source, build dir, prefix, extra args...
    local src=$1 build=$2 prefix=$3
    shift 3
    cmake -S "$src" -B "$build" -G Ninja -Wno-dev \
        -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$prefix" "$@" >&2
    cmake --build "$build" --parallel "$jobs" >&2
    cmake --install "$build" >&2
}

build_qtbase() { # prefix
    local src
    src=$(unpack_source qt6-base)
    # Debian's +dfsg source drops the non-free wintab.h, hence no tablet events. Only what the program loads is
    # built: it ships the qwindows platform and the Vista style plugins and uses Qt's default font database (GDI,
    # with DirectWrite drawing), so the Direct2D platform plugin (58 compiles), the DirectWrite font database that
    # Qt 6.4 builds only with Direct2D (the opt-in fontengine=directwrite), FreeType, the JPEG and GIF readers and
    # TUIO touch are left out. Sized for a download rather than for speed (-Os): a wizard draws a few pages, and the
    # archives are read by libarchive.
    cmake_cross "$src" "$work/qtbase-build" "$1" \
        -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
        -DFEATURE_sql=OFF -DINPUT_opengl=no -DFEATURE_dbus=OFF -DFEATURE_printsupport=OFF \
        -DINPUT_openssl=no -DFEATURE_schannel=ON -DFEATURE_tabletevent=OFF \
        -DFEATURE_direct2d=OFF -DFEATURE_directwrite3=OFF -DFEATURE_freetype=OFF -DFEATURE_jpeg=OFF -DFEATURE_gif=OFF -DFEATURE_tuiotouch=OFF \
        -DFEATURE_optimize_size=ON -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF
}

build_xz() { # prefix
    local src
    src=$(unpack_source xz-utils)
    mkdir -p "$work/xz-build"
    (cd "$work/xz-build" && "$src/configure" --host=x86_64-w64-mingw32 --prefix="$1" \
        --enable-shared --disable-static --disable-xz --disable-xzdec --disable-lzmadec --disable-lzmainfo \
        --disable-lzma-links --disable-scripts --disable-doc --disable-nls >&2 &&
        make -j"$jobs" >&2 && make install >&2)
}

build_libarchive() { # prefix, xz prefix
    local src
    src=$(unpack_source libarchive)
    # Only what cudnn-setup reads: zip, tar, gzip (zlib) and xz (liblzma); no tools, no crypto, no ACLs. The one
    # check that runs a program (is zlib built with ZLIB_WINAPI?) crashes CMake 3.25 when cross-compiling without an
    # emulator; /bin/false as the emulator answers it "no", which is right for mingw's zlib.
    cmake_cross "$src" "$work/libarchive-build" "$1" \
        -DCMAKE_FIND_ROOT_PATH="$2" -DCMAKE_PREFIX_PATH="$2" -DCMAKE_CROSSCOMPILING_EMULATOR=/bin/false \
        -DENABLE_TEST=OFF -DENABLE_TAR=OFF -DENABLE_CPIO=OFF -DENABLE_CAT=OFF -DENABLE_INSTALL=ON \
        -DENABLE_LZMA=ON -DENABLE_ZLIB=ON -DENABLE_BZip2=OFF -DENABLE_LZ4=OFF -DENABLE_ZSTD=OFF \
        -DENABLE_LZO=OFF -DENABLE_LIBB2=OFF -DENABLE_OPENSSL=OFF -DENABLE_MBEDTLS=OFF -DENABLE_NETTLE=OFF \
        -DENABLE_CNG=OFF -DENABLE_LIBXML2=OFF -DENABLE_EXPAT=OFF -DENABLE_PCREPOSIX=OFF -DENABLE_PCRE2POSIX=OFF \
        -DENABLE_ICONV=OFF -DENABLE_ACL=OFF -DENABLE_XATTR=OFF -DENABLE_WERROR=OFF
}


# Builds one component unless its keyed folder is complete; prints that folder.
component() { # name, source package, build args..., with the keys of what it is built on in $deps
    local name=$1 package=$2
    shift 2
    local prefix
    prefix="$cache/$name-$(key_of "$name" "$package" "$deps")"
    if [ -f "$prefix/.complete" ]; then
        echo "$prefix"
        return
    fi
    [ "$print_only" -eq 1 ] && { log "$name is not built yet"; exit 1; }
    log "building $name into $prefix"
    local start=$SECONDS
    rm -rf "$prefix"
    work=$(mktemp -d "$cache/.work-$name.XXXXXX")
    touch "$work/.start"
    "build_$name" "$prefix" "$@"
    rm -rf "$work"
    date -u +%FT%TZ >"$prefix/.complete"
    log "$name built in $((SECONDS - start)) s"
    echo "$prefix"
}

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
rm -rf "$cache"/.work-* # what an interrupted build left
if [ "$print_only" -eq 0 ]; then
    command -v x86_64-w64-mingw32-g++-posix >/dev/null || { log "mingw-w64 is missing (scripts/install-deps.sh)"; exit 1; }
    ensure_deb_src
fi

deps=""
qtbase=$(component qtbase qt6-base)
xz=$(component xz xz-utils)
deps=$xz
libarchive=$(component libarchive libarchive "$xz")

# Stale folders of earlier recipes would only fill the disk.
for old in "$cache"/*-*; do
    case " $qtbase $xz $libarchive " in *" $old "*) ;; *) rm -rf "$old" ;; esac
done
echo "$qtbase;$xz;$libarchive"
