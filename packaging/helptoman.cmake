# Writes a manual page from a program's Qt --help output, so that the page lists what the program accepts.
# cmake -DPROGRAM=path -DNAME=tidemark -DVERSION=0.1.0 -DSUMMARY="..." -DSEE_ALSO="tidemark-cli" -DOUTPUT=tidemark.1
#       -P helptoman.cmake
cmake_minimum_required(VERSION 3.25)
set(ENV{QT_QPA_PLATFORM} offscreen)
set(ENV{LC_ALL} C.UTF-8)
set(ENV{LANGUAGE} en)
execute_process(COMMAND ${PROGRAM} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT help MATCHES "Options:")
  message(FATAL_ERROR "${PROGRAM} --help failed (${rc}): ${help}")
endif()

function(roff_escape out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(REPLACE ";" "@SEMICOLON@" help "${help}")
string(REPLACE "\n" ";" lines "${help}")
set(description "")
set(options "")
set(state "head")
foreach(line IN LISTS lines)
  if(state STREQUAL "head")
    if(line MATCHES "^Options:")
      set(state "options")
    elseif(NOT line MATCHES "^Usage:" AND NOT line STREQUAL "")
      string(APPEND description "${line}\n")
    endif()
  elseif(state STREQUAL "options")
    if(line MATCHES "^  (-[^ ].*[^ ])  +([^ ].*)$")
      roff_escape(spec "${CMAKE_MATCH_1}")
      roff_escape(text "${CMAKE_MATCH_2}")
      string(REGEX REPLACE "(\\\\-[a-zA-Z\\\\-]+)" "\\\\fB\\1\\\\fR" spec "${spec}")
      string(REGEX REPLACE "<([^>]+)>" "\\\\fI\\1\\\\fR" spec "${spec}")
      string(APPEND options "\n.TP\n${spec}\n${text}")
    elseif(line MATCHES "^   +([^ ].*)$")
      roff_escape(text "${CMAKE_MATCH_1}")
      string(APPEND options " ${text}")
    elseif(line STREQUAL "")
      string(APPEND options "\n")
      set(state "tail")
    endif()
  endif()
endforeach()
string(APPEND options "\n")
string(REGEX REPLACE "\n\n+" "\n" options "${options}")
string(REGEX REPLACE "^\n" "" options "${options}")
string(REPLACE "@SEMICOLON@" ";" options "${options}")
string(REPLACE "@SEMICOLON@" ";" description "${description}")
roff_escape(description "${description}")
roff_escape(name "${NAME}")
roff_escape(summary "${SUMMARY}")
string(TOUPPER "${name}" title)
file(WRITE ${OUTPUT} ".TH ${title} 1 \"\" \"tidemark ${VERSION}\" \"User Commands\"
.SH NAME
${name} \\- ${summary}
.SH SYNOPSIS
.B ${name}
.RI [ options ]
.SH DESCRIPTION
${description}.SH OPTIONS
${options}.SH SEE ALSO
\\fB${SEE_ALSO}\\fR(1)
")
