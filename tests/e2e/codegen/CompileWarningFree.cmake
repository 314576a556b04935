# Emits the C++ of EXAMPLE into DIR with `plc --emit=cpp -o DIR`, then
# compiles every file with CXX -std=c++17 -Wall -Wextra -Werror.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${PLC} --emit=cpp ${EXAMPLE} -o ${DIR}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "plc --emit=cpp failed (${rc})")
endif()
foreach(file orchestration.cpp kernels.cpp)
  if(NOT EXISTS ${DIR}/${file})
    message(FATAL_ERROR "plc --emit=cpp did not write ${file}")
  endif()
  execute_process(
    COMMAND ${CXX} -std=c++17 -Wall -Wextra -Werror -I${INCLUDE}
            -c ${DIR}/${file} -o ${DIR}/${file}.o
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${file} does not compile warning-free")
  endif()
endforeach()
