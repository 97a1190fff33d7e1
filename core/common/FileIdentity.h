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

/**
 * A key that is equal for two paths when they name one place: where the path exists on this machine, its device
 * and inode (POSIX) or canonical path (Windows); otherwise the normalised path, case-folded for Windows. For hash
 * tables of folders (a listing with files added that will be there).
 */
QString locationKey(OsFlavor os, const QString& path);
