# The Windows product tier (label `windows`): the real cudnn-setup.exe of build-windows/dist under wine, each test
# in its own throw-away WINEPREFIX (tests/wine/product-tests.sh, tests/wine/ProductWineTest.cpp). Included by the
# main build (tests/unit/verify/CMakeLists.txt). wine_product_build builds the test program and its fakes once, in
# its own folder, for the others. Skipped (77) where wine cannot run programs, or where build-windows/dist is
# missing, except with CI=true, where a missing dist fails.
set(CUDNN_SETUP_WINDOWS_DIST ${PROJECT_SOURCE_DIR}/build-windows/dist
    CACHE PATH "The cross-built Windows program folder the wine product tests run (scripts/build-windows.sh)")
set(wine_product_dir ${CMAKE_BINARY_DIR}/wine-product)
set(wine_product_script ${PROJECT_SOURCE_DIR}/scripts/wine-tests.sh)

add_test(NAME wine_product_build
         COMMAND bash ${wine_product_script} ${wine_product_dir} product ${CUDNN_SETUP_WINDOWS_DIST} build)
set_tests_properties(wine_product_build PROPERTIES FIXTURES_SETUP wine_product LABELS windows TIMEOUT 600
                                                   SKIP_RETURN_CODE 77)
foreach(scenario detect install pitfalls nvidia-installer readonly elevation wizard installer msi)
    add_test(NAME wine_product_${scenario}
             COMMAND bash ${wine_product_script} ${wine_product_dir} product ${CUDNN_SETUP_WINDOWS_DIST} ${scenario})
    set_tests_properties(wine_product_${scenario} PROPERTIES FIXTURES_REQUIRED wine_product LABELS windows
                                                             TIMEOUT 600 SKIP_RETURN_CODE 77)
endforeach()
# Authenticode signing of the two programs, the NSIS installer and the MSI with a throw-away certificate
# (scripts/sign-windows.sh; installer/windows/test-signing.sh).
add_test(NAME windows_signing COMMAND bash ${PROJECT_SOURCE_DIR}/installer/windows/test-signing.sh
                                      ${CUDNN_SETUP_WINDOWS_DIST})
set_tests_properties(windows_signing PROPERTIES LABELS windows TIMEOUT 600 SKIP_RETURN_CODE 77)
