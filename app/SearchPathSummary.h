#pragma once

#include "env/EnvironmentReport.h"

/**
 * The terminal's words for "which file wins": the copy of each library a new program gets and the copies that lose,
 * each named by the copy detection found it in (a pip wheel and its environment, a conda env, a toolkit, NVIDIA's
 * installer) where the analysis knows one (EnvironmentReport::attributeCopies), else by its path alone.
 */
namespace SearchPathSummary {

/** "pip wheel nvidia-cudnn-cu12 9.1.0.70, environment /home/me/.venvs/asr"; empty for a bare search-path folder. */
QString copyLabel(const CopyProvenance& copy, OsFlavor os);

/**
 * A heading and one line per library whose winning or losing file belongs to a copy detection found, its losers
 * indented below; empty when no such file is involved:
 *     libcudnn.so.9  /venv/.../nvidia/cudnn/lib/libcudnn.so.9  [pip wheel nvidia-cudnn-cu12 9.1.0.70, environment
 * /venv] loses: /usr/local/cuda-13.0/lib/libcudnn.so.9  [CUDA toolkit]
 */
QString winners(const EnvironmentReport& report);

} // namespace SearchPathSummary
