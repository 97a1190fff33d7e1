# SPDX-License-Identifier: Apache-2.0
# The licence as Debian wants it: a machine-readable copyright file (DEP-5) in /usr/share/doc/cudnn-setup/, and
# the full Apache-2.0 text beside it. The Windows installer shows LICENSE on its licence page (Nsis.cmake).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT application)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT application)
