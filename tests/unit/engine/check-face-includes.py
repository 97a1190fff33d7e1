#!/usr/bin/env python3
"""The faces (app/ and ui/) see the engine's API and the values it hands out, and nothing else, transitively.

Every header a face file reaches through its includes, and every header those reach, must be one of:
  - a face's own header;
  - one of the engine's public headers (engine/*.h but the internals named below);
  - one of the value headers listed here: plain data the outcomes are made of, each of which again includes only
    value headers (the list is closed, the check walks into them too);
  - an area's code catalogue (core/<area>/<Area>Code.h: the stable diagnostic codes).
Services, planners, readers, stores, runners, launchers and operations stay behind the engine: a face that needs one
needs an engine call instead.

Usage: check-face-includes.py SOURCE_DIR   (exit 1 and each offending chain when a face reaches further)
       check-face-includes.py --self-test  (proves the check refuses a direct, a transitive and a leaking value include)
"""
import pathlib
import re
import sys

from face_check import FACES, faces_fixture, verdict

SKIP = ("app/probe",)  # the Qt-free child process: it links core/runtime, not the engine
ENGINE_INTERNALS = {"engine/EngineInternals.h"}  # for the engine's own files and tests on a made-up machine
# What the engine's outcomes are made of, below core/ (docs/architecture.md, "The edge").
VALUE_HEADERS = {
    "common/OsFlavor.h",
    "common/Progress.h",  # the progress sink a face implements, and the cancellation token it holds
    "common/Version.h",
    "cudnnfacts/BenchmarkCode.h",
    "detect/CudnnOrigin.h",
    "detect/DetectOptions.h",
    "detect/FrameworkVerdict.h",
    "detect/PythonEnvironment.h",
    "detect/SystemSnapshot.h",
    "elevation/ElevationOutcome.h",
    "elevation/ElevationRequest.h",  # what the elevated copy was asked to do: its command line, parsed
    "env/EnvironmentPlan.h",
    "env/EnvironmentReport.h",
    "env/EnvironmentScope.h",
    "env/EnvironmentTarget.h",
    "env/LibraryResolution.h",
    "env/PathScope.h",
    "explain/Explanation.h",  # what --explain recognised and found: messages, causes, evidence, fixes
    "env/SearchLocation.h",
    "fetch/DownloadResult.h",
    "fetch/FetchPlan.h",
    "fetch/FetchPlanning.h",
    "fetch/FetchSource.h",
    "fetch/RedistIndex.h",
    "install/ChangeSet.h",
    "install/InstallPlan.h",
    "install/InstallResult.h",
    "install/ManifestEntry.h",
    "package/ArchiveEntry.h",
    "package/BinaryIdentity.h",
    "package/ChecksumSidecar.h",
    "package/CpuArch.h",
    "package/PackageChoice.h",
    "package/PackageFinding.h",
    "package/PackageInspection.h",
    "package/PackageLayout.h",
    "package/PackageName.h",
    "package/PackageVerdict.h",
    "repair/RepairFinding.h",
    "repair/RepairResult.h",
    "report/Diagnostic.h",
    "report/DiagnosisRegistry.h",  # what every code means: its kind, words and doc (resources/diagnoses.json)
    "report/Report.h",
    "report/TaskStatus.h",
    "verify/BenchmarkResult.h",
    "verify/VerifyResult.h",
}
CODE_CATALOGUE = re.compile(r"^core/[a-z]+/[A-Za-z]+Code\.h$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def resolve(root: pathlib.Path, including: pathlib.Path, include: str):
    """The project file an include names, as the build's include folders find it; None for Qt's and the system's."""
    for folder in (including.parent, root, root / "core", *(root / face for face in FACES)):
        candidate = folder / include
        if candidate.is_file():
            return candidate.resolve().relative_to(root.resolve()).as_posix()
    return None


def allowed(path: str) -> bool:
    if path.startswith(tuple(f"{face}/" for face in FACES)):
        return True
    if path.startswith("engine/"):
        return path not in ENGINE_INTERNALS
    return path.startswith("core/") and (path[len("core/"):] in VALUE_HEADERS or bool(CODE_CATALOGUE.match(path)))


def offending(root: pathlib.Path):
    """Each face file's first include chain that ends outside the edge, once per (face file, header)."""
    for face in FACES:
        for path in sorted((root / face).rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.suffix not in (".h", ".cpp") or rel.startswith(SKIP):
                continue
            chains = [[rel]]
            seen = {rel}
            while chains:
                chain = chains.pop(0)
                current = root / chain[-1]
                for include in INCLUDE.findall(current.read_text(encoding="utf-8")):
                    reached = resolve(root, current, include)
                    if reached is None or reached in seen:
                        continue
                    seen.add(reached)
                    if not allowed(reached):
                        yield " -> ".join(chain + [reached])
                        continue  # one finding per header: what lies behind it goes when it does
                    chains.append(chain + [reached])


def check(root: pathlib.Path) -> int:
    return verdict(list(offending(root)), "include chain(s) reach past the engine's edge; add an engine call "
                   "or a value header instead")


def self_test() -> int:
    with faces_fixture() as tmp:
        root = pathlib.Path(tmp)
        for folder in ("engine", "core/report", "core/host", "core/install", "core/detect"):
            (root / folder).mkdir(parents=True)
        (root / "app" / "Own.h").write_text("#pragma once\n")
        (root / "engine" / "Engine.h").write_text('#include "report/Report.h"\n#include <memory>\n')
        (root / "core" / "report" / "Report.h").write_text('#include "Diagnostic.h"\n')
        (root / "core" / "report" / "Diagnostic.h").write_text("#pragma once\n")
        (root / "core" / "install" / "InstallService.h").write_text("#pragma once\n")
        (root / "core" / "host" / "ProcessRunner.h").write_text("#pragma once\n")
        (root / "core" / "detect" / "Detector.h").write_text('#include "host/ProcessRunner.h"\n')
        (root / "app" / "Good.cpp").write_text('#include "Own.h"\n#include "engine/Engine.h"\n')
        if check(root) != 0:
            print("self-test: a clean face was refused", file=sys.stderr)
            return 1
        cases = [
            ("a face including a service", lambda: (root / "ui" / "Bad.cpp").write_text(
                '#include "install/InstallService.h"\n')),
            ("an engine header that hands a face a core internal", lambda: (root / "engine" / "Engine.h").write_text(
                '#include "report/Report.h"\n#include "detect/Detector.h"\n')),
            ("a value header that includes an internal", lambda: (root / "core" / "report" / "Report.h").write_text(
                '#include "Diagnostic.h"\n#include "host/ProcessRunner.h"\n')),
            ("a face including the engine's internals", lambda: (root / "app" / "Bad.cpp").write_text(
                '#include "engine/EngineInternals.h"\n')),
        ]
        for name, make in cases:
            for stale in (root / "ui" / "Bad.cpp", root / "app" / "Bad.cpp"):
                stale.unlink(missing_ok=True)
            (root / "engine" / "Engine.h").write_text('#include "report/Report.h"\n#include <memory>\n')
            (root / "core" / "report" / "Report.h").write_text('#include "Diagnostic.h"\n')
            (root / "engine" / "EngineInternals.h").write_text('#include "detect/Detector.h"\n')
            make()
            if check(root) != 1:
                print(f"self-test: {name} was let through", file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(check(pathlib.Path(sys.argv[1])))
