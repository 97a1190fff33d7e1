# Windows: the manifest and version resources of both programs, the Qt runtime next to them (windeployqt), the
# other DLLs they load (libarchive, liblzma, zlib), the compiler runtime, and the NSIS installer.
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
# Native builds use windeployqt. A cross build (mingw-w64 on Linux, scripts/build-windows.sh) has none: the install
# step copies the two plugins the wizard loads and Qt's translations itself, and walks the PE imports with objdump.
if(TARGET cudnn-setup)
    if(TARGET Qt6::windeployqt)
        get_target_property(CUDNN_SETUP_WINDEPLOYQT Qt6::windeployqt IMPORTED_LOCATION)
    endif()
    if(NOT CUDNN_SETUP_WINDEPLOYQT AND NOT CMAKE_CROSSCOMPILING)
        find_program(CUDNN_SETUP_WINDEPLOYQT windeployqt
                     HINTS "${QT6_INSTALL_PREFIX}/bin" "${VCPKG_INSTALLED_DIR}/${VCPKG_TARGET_TRIPLET}/tools/Qt6/bin")
        if(NOT CUDNN_SETUP_WINDEPLOYQT)
            message(FATAL_ERROR "windeployqt not found: set CMAKE_PREFIX_PATH to Qt (docs/building-windows.md)")
        endif()
    endif()
    if(NOT CUDNN_SETUP_WINDEPLOYQT)
        find_program(CUDNN_SETUP_OBJDUMP NAMES x86_64-w64-mingw32-objdump objdump REQUIRED)
        set(CUDNN_SETUP_QT_PLUGINS_DIR "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_PLUGINS}")
        # Qt's own strings (the wizard's buttons) in Simplified Chinese: .qm files are the same on every platform.
        find_file(CUDNN_SETUP_QTBASE_ZH_CN qtbase_zh_CN.qm
                  HINTS "${QT6_INSTALL_PREFIX}/translations" "${QT_HOST_PATH}/share/qt6/translations"
                  NO_CMAKE_FIND_ROOT_PATH)
        set(CUDNN_SETUP_QT_TRANSLATIONS)
        if(CUDNN_SETUP_QTBASE_ZH_CN)
            get_filename_component(_translations "${CUDNN_SETUP_QTBASE_ZH_CN}" DIRECTORY)
            file(GLOB CUDNN_SETUP_QT_TRANSLATIONS "${_translations}/qt_zh_CN.qm" "${_translations}/qtbase_zh_CN.qm")
        endif()
    endif()
    set(CUDNN_SETUP_COMPILER_RUNTIME --compiler-runtime)
    if(MSVC)
        set(CUDNN_SETUP_COMPILER_RUNTIME --no-compiler-runtime) # InstallRequiredSystemLibraries copies them
    endif()
    # Where the DLLs of libarchive (and its zlib, lzma), Qt and the compiler runtime are found.
    set(_dll_dirs)
    if(DEFINED VCPKG_INSTALLED_DIR AND DEFINED VCPKG_TARGET_TRIPLET)
        list(APPEND _dll_dirs "${VCPKG_INSTALLED_DIR}/${VCPKG_TARGET_TRIPLET}/bin")
    endif()
    foreach(prefix IN LISTS CMAKE_PREFIX_PATH)
        list(APPEND _dll_dirs "${prefix}/bin")
    endforeach()
    if(CMAKE_CROSSCOMPILING)
        # MinGW's runtime: libstdc++-6.dll and libgcc_s_seh-1.dll beside the compiler's libraries, winpthread and
        # zlib1.dll in the target root.
        execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++-6.dll
                        OUTPUT_VARIABLE _libstdcxx OUTPUT_STRIP_TRAILING_WHITESPACE)
        get_filename_component(_runtime_dir "${_libstdcxx}" DIRECTORY)
        list(APPEND _dll_dirs "${_runtime_dir}")
        foreach(root IN LISTS CMAKE_FIND_ROOT_PATH)
            list(APPEND _dll_dirs "${root}/bin" "${root}/lib")
        endforeach()
    else()
        get_filename_component(_compiler_dir "${CMAKE_CXX_COMPILER}" DIRECTORY)
        list(APPEND _dll_dirs "${_compiler_dir}") # MinGW: libstdc++-6.dll, libgcc_s_seh-1.dll, libwinpthread-1.dll
    endif()
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
