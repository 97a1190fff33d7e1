# Installing and packaging cudnn-setup itself: install() rules for both programs, the desktop entry and icons,
# and CPack for a Debian package and a tarball (Linux) or an NSIS installer and a zip (Windows).
# Included once from the top-level CMakeLists.txt, after the targets exist. `cpack -G "DEB;TGZ"` in the build
# folder makes the packages; installer/test-deb.sh checks them (ctest: test_packaging).
#
# The compatibility data, icons and translations are compiled into the program as Qt resources
# (core/compat, resources/), so the two executables are the whole program; the rest is for the desktop.

include(GNUInstallDirs)

set(CUDNN_SETUP_PACKAGE_CONTACT "cudnn-setup maintainers <cudnn-setup@localhost>"
    CACHE STRING "Maintainer written into the packages (a lab building its own should put its own address)")

# cudnn-setup looks for cudnn-probe next to itself, so both go to the same folder: bin/ on Linux, the top of the
# program's folder on Windows (C:\Program Files\cudnn-setup\cudnn-setup.exe, its DLLs and plugins beside it).
if(WIN32)
    set(CUDNN_SETUP_PROGRAM_DIR .)
else()
    set(CUDNN_SETUP_PROGRAM_DIR ${CMAKE_INSTALL_BINDIR})
endif()
set(_cudnn_setup_programs cudnn-probe)
if(TARGET cudnn-setup)
    list(APPEND _cudnn_setup_programs cudnn-setup)
endif()
install(TARGETS ${_cudnn_setup_programs} RUNTIME DESTINATION ${CUDNN_SETUP_PROGRAM_DIR} COMPONENT application)

if(WIN32)
    include(${CMAKE_CURRENT_LIST_DIR}/windows/Windows.cmake)
elseif(UNIX AND NOT APPLE AND TARGET cudnn-setup)
    include(${CMAKE_CURRENT_LIST_DIR}/linux/Desktop.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/linux/Polkit.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/linux/Licence.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/linux/Manual.cmake)
endif()

# ---- CPack ----
set(CPACK_PACKAGE_NAME "cudnn-setup")
set(CPACK_PACKAGE_VENDOR "cudnn-setup")
set(CPACK_PACKAGE_CONTACT "${CUDNN_SETUP_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "A setup wizard and a silent deployment tool that detects the NVIDIA driver, GPUs, CUDA toolkits and any cuDNN "
    "already installed, checks that a cuDNN archive fits them, merges it into a toolkit as a transaction that can "
    "be undone, fixes the library search path and verifies which libraries really load. cuDNN itself is not part "
    "of this package: the user supplies NVIDIA's archive.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "cudnn-setup")
set(CPACK_PACKAGE_EXECUTABLES "cudnn-setup" "cudnn-setup")
set(CPACK_RESOURCE_FILE_README "${PROJECT_SOURCE_DIR}/README.md")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE") # the NSIS licence page shows it
set(CPACK_STRIP_FILES TRUE) # RelWithDebInfo builds carry debug info the packages do not need
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
set(CPACK_PACKAGE_CHECKSUM SHA256)

if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    set(_cudnn_setup_arch x86_64)
else()
    set(_cudnn_setup_arch ${CMAKE_SYSTEM_PROCESSOR})
endif()

if(WIN32)
    set(CPACK_GENERATOR "NSIS;ZIP")
    set(CPACK_PACKAGE_FILE_NAME "cudnn-setup-${PROJECT_VERSION}-windows-${_cudnn_setup_arch}")
else()
    set(CPACK_GENERATOR "DEB;TGZ")
    set(CPACK_PACKAGE_FILE_NAME "cudnn-setup-${PROJECT_VERSION}-linux-${_cudnn_setup_arch}")

    # Debian 12 / Ubuntu 22.04 on: the library dependencies are computed by dpkg-shlibdeps from the binaries,
    # so they name exactly the Qt 6 and libarchive packages (and minimum versions) this build linked.
    set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
    set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
    set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
    # What dpkg-shlibdeps cannot see because Qt loads it as a plugin: the SVG icon engine (the window icon is SVG).
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6svg6")
    # Qt's own strings in Simplified Chinese (buttons of standard dialogs); the program runs without them.
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
    # A CJK font for the zh_CN interface on a machine that has none.
    set(CPACK_DEBIAN_PACKAGE_SUGGESTS "fonts-noto-cjk | fonts-wqy-microhei")
endif()

include(${CMAKE_CURRENT_LIST_DIR}/windows/Nsis.cmake)
include(CPack)
