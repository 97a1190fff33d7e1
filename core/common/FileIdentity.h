#pragma once

#include "common/OsFlavor.h"

#include <QString>

/**
 * Whether two paths name the same place: the same file or folder when both exist on this machine, whatever links,
 * ".." or bind mounts lie between (device and inode on POSIX; the canonical path on Windows). NVIDIA's toolkits are
 * reached through several names: /usr/local/cuda -> cuda-13.0, lib64 -> lib (CUDA 13) or -> targets/x86_64-linux/lib
 * (CUDA 12). A path that does not exist (yet), or another OS's path described in a test, compares as a path under the
 * flavour's rules (samePath).
 */
bool sameLocation(OsFlavor os, const QString& a, const QString& b);
