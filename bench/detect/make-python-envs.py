#!/usr/bin/env python3
"""Writes 20 Python environments (10 venvs, 10 conda envs) of about 3000 files each under HOME, every one holding a
cuDNN wheel or conda package whose records detection reads; with --frameworks, the venvs also hold torch 2.5.1 and
the conda envs onnxruntime-gpu 1.20.1 (for --explain, which judges each framework's environment).

Usage: make-python-envs.py HOME [--frameworks]   (bench/detect/python-envs.sh, bench/explain/python-envs.sh)
"""
import json, os, sys
home = sys.argv[1]
frameworks = "--frameworks" in sys.argv[2:]
bases = ["libcudnn", "libcudnn_adv", "libcudnn_cnn", "libcudnn_engines_precompiled",
         "libcudnn_engines_runtime_compiled", "libcudnn_graph", "libcudnn_heuristic", "libcudnn_ops"]
def write(path, data=b""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
def venv(root):
    write(f"{root}/pyvenv.cfg", b"version = 3.11.9\n")
    site = f"{root}/lib/python3.11/site-packages"
    for i in range(150):  # 150 distributions of 18 files each
        name = f"pkg{i:03d}"
        record = []
        for j in range(16):
            rel = f"{name}/mod{j:02d}.py"
            write(f"{site}/{rel}", b"x = 1\n")
            record.append(f"{rel},sha256=AAAA,6")
        write(f"{site}/{name}-1.0.dist-info/METADATA", b"Metadata-Version: 2.1\nName: " + name.encode() + b"\n")
        write(f"{site}/{name}-1.0.dist-info/RECORD", "\n".join(record).encode() + b"\n")
    record = []
    for b in bases:
        rel = f"nvidia/cudnn/lib/{b}.so.9"
        write(f"{site}/{rel}", b"\x7fELF" + b"\0" * 252)
        record.append(f"{rel},sha256=AAAA,256")
    write(f"{site}/nvidia/cudnn/include/cudnn_version.h",
          b"#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n")
    write(f"{site}/nvidia_cudnn_cu12-9.1.0.70.dist-info/RECORD", "\n".join(record).encode() + b"\n")
    if frameworks:  # torch 2.5.1 (cu124, its cuDNN 9.1 wheel), as pip leaves it
        write(f"{site}/torch-2.5.1.dist-info/METADATA", b"Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1\n")
        write(f"{site}/nvidia_cudnn_cu12-9.1.0.70.dist-info/METADATA",
              b"Metadata-Version: 2.1\nName: nvidia-cudnn-cu12\nVersion: 9.1.0.70\n")
def conda(root):
    for i in range(150):  # 150 packages of 18 files each
        name = f"pkg{i:03d}"
        files = [f"lib/{name}/f{j:02d}.txt" for j in range(18)]
        for rel in files:
            write(f"{root}/{rel}", b"x\n")
        write(f"{root}/conda-meta/{name}-1.0-h0_0.json", json.dumps({"name": name, "version": "1.0", "files": files}).encode())
    files = [f"lib/{b}.so.9" for b in bases]
    for rel in files:
        write(f"{root}/{rel}", b"\x7fELF" + b"\0" * 252)
    write(f"{root}/conda-meta/python-3.11.9-h0_0.json", b"{}")
    write(f"{root}/conda-meta/cudnn-9.3.0.75-h0_0.json",
          json.dumps({"name": "cudnn", "version": "9.3.0.75", "files": files,
                      "depends": ["cuda-version >=12.0,<13"]}).encode())
    if frameworks:  # onnxruntime-gpu 1.20.1 from pip inside the conda env
        site = f"{root}/lib/python3.11/site-packages"
        write(f"{site}/onnxruntime_gpu-1.20.1.dist-info/METADATA",
              b"Metadata-Version: 2.1\nName: onnxruntime-gpu\nVersion: 1.20.1\n")
        write(f"{site}/onnxruntime_gpu-1.20.1.dist-info/INSTALLER", b"pip\n")
for n in range(10):
    venv(f"{home}/.venvs/env{n:02d}")
    conda(f"{home}/miniconda3/envs/env{n:02d}")
