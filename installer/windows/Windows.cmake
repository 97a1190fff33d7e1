# Windows: the manifest and version resources of both programs, the Qt runtime next to them (windeployqt), the
# other DLLs they load (QuaZip, libarchive and its codecs, zlib), the compiler runtime, and the NSIS installer.
# How to build it: docs/building-windows.md. Included from installer/Packaging.cmake on WIN32 only.

# ---- Resources: manifest (asInvoker, PerMonitorV2, long paths, Windows 10/11), version info, icon ----
string(REPLACE "." "," _version_commas "${PROJECT_VERSION}.0")
set(CUDNN_SETUP_VERSION_COMMAS "${_version_commas}")
set(CUDNN_SETUP_VERSION_QUAD "${PROJECT_VERSION}.0")

function(cudnn_setup_windows_resources target description with_icon)
    set(CUDNN_SETUP_RC_NAME ${target})
    set(CUDNN_SETUP_MANIFEST_NAME ${target})
    set(CUDNN_SETUP_MANIFEST_DESCRIPTION "${description}")
    set(manifest ${CMAKE_BINARY_DIR}/installer/${target}.manifest)
    configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cudnn-setup.manifest ${manifest} @ONLY)
    file(TO_NATIVE_PATH "${manifest}" native_manifest)
    string(REPLACE "\\" "\\\\" CUDNN_SETUP_RC_MANIFEST "${native_manifest}")
    set(CUDNN_SETUP_RC_ICON_LINE "")
    if(with_icon)
        file(TO_NATIVE_PATH "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cudnn-setup.ico" native_icon)
        string(REPLACE "\\" "\\\\" native_icon "${native_icon}")
        set(CUDNN_SETUP_RC_ICON_LINE "IDI_ICON1 ICON \"${native_icon}\"")
    endif()
    set(rc ${CMAKE_BINARY_DIR}/installer/${target}.rc)
    configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/program.rc.in ${rc} @ONLY)
    target_sources(${target} PRIVATE ${rc})
    # Source properties are per directory: set it where the target lives, so editing the manifest rebuilds the .rc.
    set_property(SOURCE ${rc} TARGET_DIRECTORY ${target} APPEND PROPERTY OBJECT_DEPENDS ${manifest})
    if(MSVC)
        # The manifest is in the .rc; without this the linker would add a second, default one (CVT1100).
        target_link_options(${target} PRIVATE /MANIFEST:NO)
    endif()
endfunction()

cudnn_setup_windows_resources(cudnn-probe "cudnn-setup probe: loads NVIDIA libraries in a separate process" OFF)
if(TARGET cudnn-setup)
    cudnn_setup_windows_resources(cudnn-setup "cudnn-setup: installs NVIDIA cuDNN into a CUDA toolkit" ON)
    # A console program on purpose (no WIN32_EXECUTABLE): cmd, PowerShell and deployment agents then wait for
    # `--silent` and see its exit code and output. The wizard started from Explorer gets a console window too
    # until main() detaches from a console it owns alone (docs/building-windows.md, "Console").
endif()

# ---- Runtime files next to the programs ----
if(TARGET cudnn-setup)
    if(TARGET Qt6::windeployqt)
        get_target_property(CUDNN_SETUP_WINDEPLOYQT Qt6::windeployqt IMPORTED_LOCATION)
    endif()
    if(NOT CUDNN_SETUP_WINDEPLOYQT)
        find_program(CUDNN_SETUP_WINDEPLOYQT windeployqt
                     HINTS "${QT6_INSTALL_PREFIX}/bin" "${VCPKG_INSTALLED_DIR}/${VCPKG_TARGET_TRIPLET}/tools/Qt6/bin")
    endif()
    if(NOT CUDNN_SETUP_WINDEPLOYQT)
        message(FATAL_ERROR "windeployqt not found: set CMAKE_PREFIX_PATH to Qt (docs/building-windows.md)")
    endif()
    set(CUDNN_SETUP_COMPILER_RUNTIME --compiler-runtime)
    if(MSVC)
        set(CUDNN_SETUP_COMPILER_RUNTIME --no-compiler-runtime) # InstallRequiredSystemLibraries copies them
    endif()
    # Where the DLLs of QuaZip, libarchive (and its zlib, bzip2, lzma, zstd, lz4...) and of Qt's own third-party
    # libraries (pcre2, harfbuzz, freetype, libpng... in a vcpkg Qt) are found.
    set(_dll_dirs)
    if(DEFINED VCPKG_INSTALLED_DIR AND DEFINED VCPKG_TARGET_TRIPLET)
        list(APPEND _dll_dirs "${VCPKG_INSTALLED_DIR}/${VCPKG_TARGET_TRIPLET}/bin")
    endif()
    foreach(prefix IN LISTS CMAKE_PREFIX_PATH)
        list(APPEND _dll_dirs "${prefix}/bin")
    endforeach()
    get_filename_component(_compiler_dir "${CMAKE_CXX_COMPILER}" DIRECTORY)
    list(APPEND _dll_dirs "${_compiler_dir}") # MinGW: libstdc++-6.dll, libgcc_s_seh-1.dll, libwinpthread-1.dll
    set(CUDNN_SETUP_RUNTIME_DLL_DIRS "${_dll_dirs}" CACHE STRING "Folders searched for the DLLs the programs load")
    configure_file(${CMAKE_CURRENT_LIST_DIR}/DeployRuntime.cmake.in ${CMAKE_BINARY_DIR}/installer/DeployRuntime.cmake
                   @ONLY)
    install(SCRIPT ${CMAKE_BINARY_DIR}/installer/DeployRuntime.cmake COMPONENT application)
endif()

if(MSVC)
    set(CMAKE_INSTALL_SYSTEM_RUNTIME_DESTINATION ${CMAKE_INSTALL_BINDIR})
    set(CMAKE_INSTALL_SYSTEM_RUNTIME_COMPONENT application)
    include(InstallRequiredSystemLibraries) # the MSVC runtime app-local: no vc_redist needed on the workstation
endif()
