# Cross-compiling for 64-bit Windows with Debian's mingw-w64 (apt-get install mingw-w64): the one toolchain file of
# the Windows SDK (scripts/windows-sdk.sh), the Windows product (scripts/build-windows.sh) and the wine tests.
# The -posix compilers: Qt 6 and the probe's watchdog need std::thread, which GCC 12's win32 thread model lacks.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
if(EXISTS /usr/bin/x86_64-w64-mingw32-g++-posix)
    set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
    set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
else()
    set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc)
    set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++)
endif()
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
# Libraries, headers and CMake packages come from mingw's own root and from the SDK prefixes the caller adds with
# -DCMAKE_FIND_ROOT_PATH=...; never from the Linux host. Programs (moc, rcc, lrelease) are the host's.
list(APPEND CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
