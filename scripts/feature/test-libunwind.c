#include <libunwind.h>
int main(void) { unw_addr_space_t as = unw_create_addr_space(0, 0); return as == 0; }
