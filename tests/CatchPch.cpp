// Empty: the isostar_test_pch target exists only to build the precompiled catch.hpp that every
// test program reuses (tests/CMakeLists.txt).
