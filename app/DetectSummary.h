#pragma once

#include "detect/SystemSnapshot.h"

/** The readable text of `cudnn-setup --detect`: the same facts as --json, for a person at a terminal. */
QString detectSummary(const SystemSnapshot& snapshot);
/** One line per diagnostic, with its fix indented below. */
QString diagnosticsText(const Diagnostics& diagnostics);
