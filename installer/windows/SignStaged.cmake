# CPack pre-build script of the Windows build (installer/windows/Nsis.cmake): signs cudnn-setup.exe and
# cudnn-probe.exe in the installer's staging folder, after cpack installed and stripped them (a signature does not
# survive strip) and before makensis packs them. scripts/sign-windows.sh does the signing, or says "unsigned" when
# no certificate is given (CUDNN_SETUP_SIGN_PFX).
file(GLOB_RECURSE _staged LIST_DIRECTORIES false "${CPACK_TEMPORARY_DIRECTORY}/*.exe")
set(_programs)
foreach(_file IN LISTS _staged)
    get_filename_component(_name "${_file}" NAME)
    if(_name STREQUAL "cudnn-setup.exe" OR _name STREQUAL "cudnn-probe.exe")
        list(APPEND _programs "${_file}")
    endif()
endforeach()
if(_programs)
    execute_process(COMMAND bash "${CPACK_CUDNN_SETUP_SIGN_SCRIPT}" ${_programs} RESULT_VARIABLE _result)
    if(NOT _result EQUAL 0)
        message(FATAL_ERROR "signing the staged programs failed (${_result})")
    endif()
endif()
