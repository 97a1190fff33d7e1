#pragma once

#include <QString>

/** Where a cuDNN copy came from (docs/detect-json.md, key "origin"). */
enum class CudnnOrigin {
    Toolkit, // merged into a CUDA toolkit (this program's install, or a hand copy)
    NvidiaInstaller, // NVIDIA's cuDNN 9 Windows installer: Program Files\NVIDIA\CUDNN\v9.x\bin\<CUDA M.m>[\x64]
    SystemPackage, // a Linux package (dpkg): /usr/lib/<multiarch>, headers behind update-alternatives
    Pip, // a wheel in a Python environment: nvidia-cudnn-cuNN, or torch's own torch/lib copy
    Conda, // conda's cudnn package in an env's lib/ or Library\bin
    AppLocal, // next to a program (a deploy of this program, or an application's own copy)
    SearchPath, // a folder on the library search path that none of the above explains
};

/** Who keeps a copy's files, and so who alone may change them (key "managed_by"). */
enum class PackageManager {
    None, // this program's own installs and hand copies: ours to fix
    Dpkg,
    Pip,
    Conda,
    NvidiaInstaller,
};

/** "toolkit", "nvidia-installer", "system-package", "pip", "conda", "app-local", "search-path". */
QString cudnnOriginName(CudnnOrigin origin);
/** "dpkg", "pip", "conda", "nvidia-installer"; empty for None (JSON null). */
QString packageManagerName(PackageManager manager);
