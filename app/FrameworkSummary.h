#pragma once

#include "detect/SystemSnapshot.h"

/** One line per framework and environment with its verdict, and its fix indented below when it does not fit. */
QString frameworkLines(const FrameworkVerdicts& verdicts);
