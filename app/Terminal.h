#pragma once

#include <cstdio>

/** What the console behind a standard stream is, when it is one. */
namespace Terminal {
/** Whether @p stream is a terminal (a console window on Windows), not a file or a pipe. */
bool isTerminal(std::FILE* stream);
/**
 * How many columns the terminal behind @p stream shows now: its window size (TIOCGWINSZ; the console screen
 * buffer's window on Windows), else COLUMNS, else 80.
 */
int columns(std::FILE* stream);
} // namespace Terminal
