#!/usr/bin/env python3
"""Finds the cuDNN and CUDA runtime a GPU machine's Python environment provides, for run-on-gpu.sh.

cuDNN comes from the nvidia-cudnn-cu13 wheel (nvidia/cudnn/lib); the CUDA runtime of the same major from the
nvidia-cuda-runtime wheel, PyTorch's own folder, or a CUDA toolkit. Prints shell assignments with --shell.
"""
import argparse
import glob
import os
import shlex
import site
import subprocess
import sys


def package_dir(name):
    """The folder of an importable (possibly namespace) package, or None."""
    try:
        module = __import__(name, fromlist=["_"])
    except ImportError:
        return None
    if getattr(module, "__file__", None):
        return os.path.dirname(module.__file__)
    paths = list(getattr(module, "__path__", []))
    return paths[0] if paths else None


def site_dirs():
    dirs = list(site.getsitepackages()) if hasattr(site, "getsitepackages") else []
    user = site.getusersitepackages() if hasattr(site, "getusersitepackages") else None
    if user:
        dirs.append(user)
    dirs += [p for p in sys.path if p.endswith("-packages")]
    return [d for d in dict.fromkeys(dirs) if os.path.isdir(d)]


def first_match(patterns):
    for pattern in patterns:
        for path in sorted(glob.glob(pattern, recursive=True)):
            if os.path.isfile(path):
                return os.path.abspath(path)
    return None


def from_ldconfig(name):
    try:
        listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=False).stdout
    except OSError:
        return None
    for line in listing.splitlines():
        if line.strip().startswith(name + " ") and "=>" in line:
            return line.split("=>", 1)[1].strip()
    return None


def find_cudnn():
    base = package_dir("nvidia.cudnn")
    if base and os.path.isfile(os.path.join(base, "lib", "libcudnn.so.9")):
        return os.path.join(base, "lib", "libcudnn.so.9")
    patterns = [os.path.join(d, "nvidia", "**", "libcudnn.so.9") for d in site_dirs()]
    return first_match(patterns) or from_ldconfig("libcudnn.so.9")


def find_library(soname, cuda_major):
    """soname (e.g. libcudart.so.13) from the wheels, PyTorch, a toolkit or the loader cache."""
    patterns = []
    for d in site_dirs():
        patterns += [
            os.path.join(d, "nvidia", "cu%d" % cuda_major, "lib", soname + "*"),
            os.path.join(d, "nvidia", "cuda_runtime", "lib", soname + "*"),
            os.path.join(d, "nvidia", "cuda_nvrtc", "lib", soname + "*"),
            os.path.join(d, "nvidia", "**", soname + "*"),
            os.path.join(d, "torch", "lib", soname + "*"),
        ]
    patterns += [
        "/usr/local/cuda-%d*/lib64/%s*" % (cuda_major, soname),
        "/usr/local/cuda-%d*/lib/%s*" % (cuda_major, soname),
        "/usr/local/cuda/lib64/%s*" % soname,
    ]
    return first_match(patterns) or from_ldconfig(soname)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cuda-major", type=int, default=13, help="CUDA major of the runtime to find (default 13)")
    parser.add_argument("--shell", action="store_true", help="print CUDNN_LIBRARY=..., CUDART_LIBRARY=..., LIBRARY_DIRS=...")
    args = parser.parse_args()

    cudnn = find_cudnn()
    cudart = find_library("libcudart.so.%d" % args.cuda_major, args.cuda_major)
    nvrtc = find_library("libnvrtc.so.%d" % args.cuda_major, args.cuda_major)  # cuDNN's runtime-compiled engines
    missing = [name for name, path in (("libcudnn.so.9", cudnn), ("libcudart.so.%d" % args.cuda_major, cudart)) if not path]
    if missing:
        print("find_libraries.py: not found: %s" % ", ".join(missing), file=sys.stderr)
        return 1
    dirs = [os.path.dirname(p) for p in (cudnn, cudart, nvrtc) if p]
    values = {
        "CUDNN_LIBRARY": cudnn,
        "CUDART_LIBRARY": cudart,
        "NVRTC_LIBRARY": nvrtc or "",
        "LIBRARY_DIRS": ":".join(dict.fromkeys(dirs)),
    }
    for key, value in values.items():
        print("%s=%s" % (key, shlex.quote(value) if args.shell else value))
    return 0


if __name__ == "__main__":
    sys.exit(main())
