# The desktop entry and the icon in the hicolor theme. PNGs are rendered from the SVG at build time when
# rsvg-convert is there (Debian: librsvg2-bin); the scalable SVG is installed either way, which every current
# desktop (GNOME, KDE, Xfce) uses when no PNG of the size is present.

install(FILES ${CMAKE_CURRENT_LIST_DIR}/cudnn-setup.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT application)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/cudnn-setup.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT application)

find_program(CUDNN_SETUP_RSVG_CONVERT rsvg-convert)
if(CUDNN_SETUP_RSVG_CONVERT)
    set(_icon_svg ${PROJECT_SOURCE_DIR}/resources/icons/cudnn-setup.svg)
    set(_icon_pngs)
    foreach(size 16 24 32 48 64 128 256)
        set(png ${CMAKE_BINARY_DIR}/icons/${size}x${size}/cudnn-setup.png)
        add_custom_command(OUTPUT ${png}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/icons/${size}x${size}
            COMMAND ${CUDNN_SETUP_RSVG_CONVERT} --width=${size} --height=${size} --keep-aspect-ratio
                    --output=${png} ${_icon_svg}
            DEPENDS ${_icon_svg}
            COMMENT "Rendering the ${size}x${size} icon"
            VERBATIM)
        list(APPEND _icon_pngs ${png})
        install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
                COMPONENT application)
    endforeach()
    add_custom_target(cudnn_setup_icons ALL DEPENDS ${_icon_pngs})
else()
    message(STATUS "rsvg-convert not found: the packages carry the scalable icon only")
endif()
