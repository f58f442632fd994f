# `cmake --install <build> --prefix P` lays out P/bin (tools), P/lib (runtime, plugin), P/include
# (site.h) and P/lib/cmake/CommLedger (the find_package(CommLedger) package). The parts install
# their own targets; this file sets the RPATH policy and installs the package files.
# Included before the parts' add_subdirectory(): the RPATH variables seed each target's
# properties when it is created.
include(CMakePackageConfigHelpers)

# The tools find each other and the runtime as <their folder>/../{bin,lib,include}, so the layout
# is fixed rather than taken from GNUInstallDirs (lib64, lib/<multiarch> would break the lookup).
set(COMMLEDGER_INSTALL_CMAKEDIR lib/cmake/CommLedger)

# Installed binaries keep the out-of-tree folders they link from (LLVM's lib folder for the tools
# and the plugin) and drop the build tree's. None links a library of ours (the runtime is
# preloaded, never a dependency), so no $ORIGIN entry is needed and a moved prefix still loads.
set(CMAKE_INSTALL_RPATH_USE_LINK_PATH ON)

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/CommLedgerConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/CommLedgerConfig.cmake
  INSTALL_DESTINATION ${COMMLEDGER_INSTALL_CMAKEDIR})
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/CommLedgerConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_BINARY_DIR}/cmake/CommLedgerConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/CommLedgerConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/CommLedgerInstrument.cmake
  DESTINATION ${COMMLEDGER_INSTALL_CMAKEDIR})
