# Install rules and the CMake package `plc`, included at the end of the
# top-level CMakeLists.txt so that every target already exists.
#
#   cmake --install <build> --prefix <P>
#
# installs
#   <P>/bin/plc
#   <P>/lib/libplrt.a, <P>/include/plrt/*.h   (rules in runtime/CMakeLists.txt)
#   <P>/lib/cmake/plc/plcConfig.cmake, plcConfigVersion.cmake,
#                    plcTargets.cmake, PlcAddProgram.cmake
#
# and find_package(plc) then provides the imported targets plc::plc (the
# compiler) and plc::plrt (the runtime library) and plc_add_program().

include(CMakePackageConfigHelpers)

set(PLC_INSTALL_CMAKEDIR lib/cmake/plc)

if(NOT TARGET plc OR NOT TARGET plrt)
  message(WARNING "plc or plrt is not part of this build: no install rules")
  return()
endif()

# The compiler. The runtime library installs itself into the same export set
# (runtime/CMakeLists.txt: install(TARGETS plrt EXPORT plcTargets ...)).
install(TARGETS plc EXPORT plcTargets RUNTIME DESTINATION bin)

# The same names inside this build as in an installed package, so that
# plc_add_program() also works in-tree.
if(NOT TARGET plc::plc)
  add_executable(plc::plc ALIAS plc)
endif()

install(EXPORT plcTargets
  NAMESPACE plc::
  FILE plcTargets.cmake
  DESTINATION ${PLC_INSTALL_CMAKEDIR})

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/plcConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/plcConfig.cmake
  INSTALL_DESTINATION ${PLC_INSTALL_CMAKEDIR})
# 0.x releases: a minor version bump may break the generated-code API.
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/plcConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)

install(FILES
  ${CMAKE_BINARY_DIR}/cmake/plcConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/plcConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/PlcAddProgram.cmake
  DESTINATION ${PLC_INSTALL_CMAKEDIR})
