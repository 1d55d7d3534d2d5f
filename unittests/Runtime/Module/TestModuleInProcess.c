/* The test module linked into the test binary, registered in-process (the
 * JIT path) under another query name. */
#define SLUICE_TEST_QUERY_NAME sluice_test_module_query
#include "TestModule.c"
