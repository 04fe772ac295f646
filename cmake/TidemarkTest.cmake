# tidemark_add_test(NAME SOURCES ... LIBS ... [GUI] [LABELS ...] [FIXTURES ...])
# One Qt Test executable per call. Tests run on the offscreen platform; a GUI test runs a second time
# under Xvfb on the xcb platform (NAME_xvfb) when xvfb-run is installed. FIXTURES lists required ctest
# fixtures (e.g. demo) for both runs.
find_program(XVFB_RUN xvfb-run)
function(tidemark_add_test name)
  cmake_parse_arguments(T "GUI" "" "SOURCES;LIBS;LABELS;FIXTURES" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE Qt6::Test ${T_LIBS})
  target_compile_definitions(${name} PRIVATE TIDEMARK_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                                             TIDEMARK_BINARY_DIR="${PROJECT_BINARY_DIR}")
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 900)
  set(runs ${name})
  if(T_GUI AND XVFB_RUN)
    add_test(NAME ${name}_xvfb COMMAND ${XVFB_RUN} -a -s "-screen 0 1920x1200x24" $<TARGET_FILE:${name}>)
    set_tests_properties(${name}_xvfb PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=xcb;TIDEMARK_TEST_RUN=xvfb"
                                                 TIMEOUT 900)
    list(APPEND runs ${name}_xvfb)
  endif()
  foreach(run IN LISTS runs)
    if(T_LABELS)
      set_tests_properties(${run} PROPERTIES LABELS "${T_LABELS}")
    endif()
    if(T_FIXTURES)
      set_tests_properties(${run} PROPERTIES FIXTURES_REQUIRED "${T_FIXTURES}")
    endif()
  endforeach()
endfunction()
