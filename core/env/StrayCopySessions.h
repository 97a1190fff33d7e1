#pragma once

struct EnvironmentLocations;
struct SystemSnapshot;

/**
 * Whether a stray copy comes first is judged for a new login (what programs started later get, as Verify judges),
 * not by this process's search order alone: a terminal with an old LD_LIBRARY_PATH export or a conda activate sees a
 * copy a new login does not, and a login profile may add one this terminal has not read yet. Each CUDNN-STRAY-COPY
 * finding detection made is judged again for both sessions and, where they differ, says both.
 */
namespace StrayCopySessions {
void judge(SystemSnapshot& snapshot, const EnvironmentLocations& locations);
} // namespace StrayCopySessions
