# SPDX-License-Identifier: Apache-2.0
# What a Debian user expects beside the program: the manual page, generated at build time by help2man from
# `cudnn-setup --help` and `--version` (so it never disagrees with the program) plus installer/linux/cudnn-setup.h2m;
# bash and zsh completion; the AppStream metainfo software centres read. test-deb.sh checks all three.

find_program(CUDNN_SETUP_HELP2MAN help2man)
if(CUDNN_SETUP_HELP2MAN AND NOT CMAKE_CROSSCOMPILING)
    set(_manual ${CMAKE_BINARY_DIR}/man/cudnn-setup.1.gz)
    add_custom_command(OUTPUT ${_manual}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
        COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C.UTF-8 --unset=LANGUAGE QT_QPA_PLATFORM=offscreen
                ${CUDNN_SETUP_HELP2MAN} --no-info --section=1
                --include=${CMAKE_CURRENT_LIST_DIR}/cudnn-setup.h2m --output=${CMAKE_BINARY_DIR}/man/cudnn-setup.1
                $<TARGET_FILE:cudnn-setup>
        COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/man/cudnn-setup.1
        DEPENDS cudnn-setup ${CMAKE_CURRENT_LIST_DIR}/cudnn-setup.h2m
        COMMENT "Writing the manual page cudnn-setup.1 (help2man)"
        VERBATIM)
    add_custom_target(cudnn_setup_manual ALL DEPENDS ${_manual})
    install(FILES ${_manual} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT application)
else()
    message(STATUS "help2man not found (Debian: help2man): the packages carry no manual page")
endif()

install(FILES ${CMAKE_CURRENT_LIST_DIR}/cudnn-setup.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME cudnn-setup COMPONENT application)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/_cudnn-setup
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions COMPONENT application)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/io.github.cudnn_setup.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT application)
