#include <ncurses.h>
int main(void) { return curses_version() == 0; }
