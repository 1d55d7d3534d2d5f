/* A shared object without sluice_module_query. */
__attribute__((visibility("default"))) int sluice_not_a_module(void) {
  return 1;
}
