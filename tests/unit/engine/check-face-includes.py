#!/usr/bin/env python3
"""The faces (app/ and ui/) reach the engine only through engine/ and the outcome and result types it hands out.

Usage: check-face-includes.py SOURCE_DIR   (exit 1 and a list of offending includes when a face reaches further)
       check-face-includes.py --self-test  (proves the check fails on a face that includes an engine internal)
"""
import pathlib
import re
import sys

from face_check import FACES, faces_fixture, verdict

SKIP = ("app/probe",)  # the Qt-free child process: it links core/runtime, not the engine
# What an outcome is made of: values the faces render. Services, planners' internals, stores and runners are not.
VALUE_HEADERS = {
    "common/OsFlavor.h",
    "common/Progress.h",
    "detect/SystemSnapshot.h",
    "env/EnvironmentReport.h",
    "env/PathScope.h",
    "install/InstallPlanner.h",  # InstallPlan
    "install/InstallResult.h",
    "package/PackagePicker.h",  # PackageChoice
    "repair/RepairFinding.h",
    "repair/RepairResult.h",
    "report/Diagnostic.h",
    "report/Report.h",
    "report/TaskStatus.h",
    "verify/BenchmarkResult.h",
    "verify/VerifyResult.h",
}
CODE_CATALOGUE = re.compile(r"^[a-z]+/[A-Za-z]+Code\.h$")  # the stable diagnostic codes of an area
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def offending(root: pathlib.Path):
    for face in FACES:
        for path in sorted((root / face).rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.suffix not in (".h", ".cpp") or rel.startswith(SKIP):
                continue
            for include in INCLUDE.findall(path.read_text(encoding="utf-8")):
                if include.startswith("engine/") or include in VALUE_HEADERS or CODE_CATALOGUE.match(include):
                    continue
                if (path.parent / include).exists() or any((root / f / include).exists() for f in FACES):
                    continue  # a face's own header (main() starts the wizard)
                yield f"{rel}: #include \"{include}\""


def check(root: pathlib.Path) -> int:
    return verdict(list(offending(root)), "include(s) reach past the engine; add an engine call instead")


def self_test() -> int:
    with faces_fixture() as tmp:
        root = pathlib.Path(tmp)
        (root / "app" / "Own.h").write_text("#pragma once\n")
        (root / "app" / "Good.cpp").write_text('#include "Own.h"\n#include "engine/Engine.h"\n#include "report/Report.h"\n')
        if check(root) != 0:
            print("self-test: a clean face was refused", file=sys.stderr)
            return 1
        (root / "ui" / "Bad.cpp").write_text('#include "install/InstallService.h"\n')
        if check(root) != 1:
            print("self-test: a face including a service was let through", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(check(pathlib.Path(sys.argv[1])))
