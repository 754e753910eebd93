#include <elfutils/debuginfod.h>
int main(void)
{
	debuginfod_client *c = debuginfod_begin();

	if (c)
		debuginfod_end(c);
	return 0;
}
