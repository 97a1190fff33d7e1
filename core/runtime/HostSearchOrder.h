#pragma once

#include "binary/DependencyWalker.h"

/** This process's library search order, for the static dependency walk (the rules are in DependencyWalker.h). */
namespace cudnnsetup::runtime {

/**
 * Linux: LD_LIBRARY_PATH, /etc/ld.so.cache and the default folders (multiarch, lib64, lib). Windows: the
 * program's folder, System32, the Windows folder, the current folder and PATH, in the standard search order.
 */
binary::SearchOrder hostSearchOrder();

} // namespace cudnnsetup::runtime
