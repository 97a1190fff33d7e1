# The polkit action pkexec uses for the wizard's elevated copy (docs/elevation.md). Its exec.path must be the
# installed program exactly: /usr/bin/cudnn-setup in the .deb, whose files live under /usr.
set(CUDNN_SETUP_POLKIT_EXEC_PATH "/usr/${CMAKE_INSTALL_BINDIR}/cudnn-setup"
    CACHE STRING "The installed cudnn-setup that the polkit action lets pkexec run as root")
configure_file(${CMAKE_CURRENT_LIST_DIR}/org.cudnn-setup.install.policy.in
               ${CMAKE_BINARY_DIR}/polkit/org.cudnn-setup.install.policy @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/polkit/org.cudnn-setup.install.policy
        DESTINATION ${CMAKE_INSTALL_DATADIR}/polkit-1/actions COMPONENT application)
