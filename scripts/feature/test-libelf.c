#include <libelf.h>
int main(void) { return elf_version(EV_CURRENT) == EV_NONE; }
