# The NSIS installer of the Windows build: per-machine into Program Files, a Start-menu entry, an uninstaller,
# an earlier version removed first, PATH left alone. Read by CPack's NSIS generator; included on every platform so
# installer/test-deb.sh can check that these settings make a script makensis compiles (makensis runs on Linux too).
set(CPACK_NSIS_DISPLAY_NAME "cudnn-setup ${PROJECT_VERSION}")
set(CPACK_NSIS_PACKAGE_NAME "cudnn-setup")
set(CPACK_NSIS_INSTALL_ROOT "$PROGRAMFILES64")
set(CPACK_NSIS_MUI_ICON "${CMAKE_CURRENT_LIST_DIR}/cudnn-setup.ico")
set(CPACK_NSIS_MUI_UNIICON "${CMAKE_CURRENT_LIST_DIR}/cudnn-setup.ico")
set(CPACK_NSIS_INSTALLED_ICON_NAME "cudnn-setup.exe")
set(CPACK_NSIS_EXECUTABLES_DIRECTORY ".")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH OFF) # deployment scripts call the full path; the installer leaves PATH alone
set(CPACK_NSIS_MANIFEST_DPI_AWARE ON)
set(CPACK_NSIS_UNINSTALL_NAME "Uninstall")
set(CPACK_NSIS_CONTACT "${CUDNN_SETUP_PACKAGE_CONTACT}")
# A 64-bit installer (NSIS 3's amd64-unicode target): the program is 64-bit only, the installer then sees the real
# Program Files and registry without WOW64 redirection, and a 64-bit-only wine runs it (the Windows test tier).
set(CPACK_NSIS_DEFINES "Target amd64-unicode")
# The last page offers "Run cudnn-setup now", started unelevated as the person at the desktop, through Explorer: the
# installer runs as an administrator, and a wizard started by it directly would be the administrator's (its
# "for me" search path fix in the wrong account, and every Python environment judged as by a privileged run).
# MUI's own MUI_FINISHPAGE_RUN (CPACK_NSIS_MUI_FINISHPAGE_RUN) would start it elevated. A silent install shows no
# pages, so deployment scripts start nothing. CPack writes this value into its config file as it is (without
# CPACK_VERBATIM_VARIABLES), so its quotes and backslashes are written escaped for that file.
string(APPEND CPACK_NSIS_DEFINES [[

  !define MUI_FINISHPAGE_RUN
  !define MUI_FINISHPAGE_RUN_TEXT \"Run cudnn-setup now\"
  !define MUI_FINISHPAGE_RUN_FUNCTION RunCudnnSetupUnelevated
  Function RunCudnnSetupUnelevated
    Exec '\"$WINDIR\\explorer.exe\" \"$INSTDIR\\cudnn-setup.exe\"'
  FunctionEnd]])
if(WIN32)
    # The programs inside the installer are signed like the ones in dist/ when a certificate is given.
    set(CPACK_PRE_BUILD_SCRIPTS "${CMAKE_CURRENT_LIST_DIR}/SignStaged.cmake")
    set(CPACK_CUDNN_SETUP_SIGN_SCRIPT "${PROJECT_SOURCE_DIR}/scripts/sign-windows.sh")
endif()
