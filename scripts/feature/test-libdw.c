#include <elfutils/libdwfl.h>
#include <elfutils/libdw.h>
int main(void) { Dwarf *d = dwarf_begin(-1, DWARF_C_READ); (void)dwfl_begin; return d != 0; }
