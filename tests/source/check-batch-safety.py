#!/usr/bin/env python3
"""Fails when a source could change its batch mates' code in a batched (unity) build.

The build compiles each target's sources in batches (CMAKE_UNITY_BUILD): the files of a batch are one translation
unit, so a name each file keeps to itself (in an anonymous namespace, or `static`) is shared with its batch mates.
The same name twice with one signature stops the build, but only on the platform whose batch holds both; with two
signatures it is worse: a call may quietly pick the other file's overload. Which files share a batch depends on
the platform's file list and shifts when a file is added, so the check looks at every pair in a library, not the
batches of today.

Usage: check-file-local-names.py SOURCE_DIR | --self-test
"""
import re
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

# Each folder is one library; a folder not listed belongs to the nearest listed folder above it.
LIBRARIES = ["core", "core/runtime", "core/binary", "core/cudnnfacts", "core/fetch", "engine", "ui", "app", "app/probe"]

KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "decltype", "static_assert", "Q_DECLARE_TR_FUNCTIONS",
            "Q_OBJECT", "Q_DECLARE_METATYPE", "Q_GLOBAL_STATIC", "Q_LOGGING_CATEGORY", "defined"}
FUNCTION = re.compile(r"^(?!return\b)[A-Za-z_][\w:<>,\s\*&]*?[\s\*&](\w+)\s*\(")
TYPE = re.compile(r"^(?:template\s*<[^>]*>\s*)?(?:struct|class|enum(?:\s+class)?|union)\s+(\w+)\b(?!\s*;)")
VARIABLE = re.compile(r"^(?:static\s+)?(?:inline\s+)?(?:constexpr|const)\s+[\w:<>,\s\*&]+?\b(\w+)\s*(?:=|\{|\[)")
ALIAS = re.compile(r"^using\s+(\w+)\s*=")


def library_of(relative):
    folder = relative.parent.as_posix()
    best = None
    for library in LIBRARIES:
        if folder == library or folder.startswith(library + "/"):
            if best is None or len(library) > len(best):
                best = library
    return best


def file_local_names(text):
    """Names defined at the top of an anonymous namespace, or `static` at file scope, with their lines."""
    names = []
    anonymous = 0  # depth of `namespace {` blocks we are in
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(r"^namespace\s*\{", line):
            anonymous += 1
            continue
        if anonymous and re.match(r"^\}\s*//\s*(anonymous\s+)?namespace\s*$", line):
            anonymous -= 1
            continue
        if not line or line[0] in " \t#/}{*)":
            continue
        local = anonymous > 0 or line.startswith("static ")
        if not local:
            continue
        for pattern in (TYPE, ALIAS, VARIABLE, FUNCTION):
            match = pattern.match(line)
            if match and match.group(1) not in KEYWORDS:
                names.append((match.group(1), number))
                break
    return names


def compiled_alone(source_dir):
    """Sources a CMakeLists.txt keeps out of the batches (SKIP_UNITY_BUILD_INCLUSION): they cannot clash."""
    alone = set()
    for lists in source_dir.rglob("CMakeLists.txt"):
        text = re.sub(r"#.*", "", lists.read_text(encoding="utf-8", errors="replace"))
        for call in re.finditer(r"set_source_files_properties\s*\(([^)]*)\)", text, re.IGNORECASE):
            words = call.group(1).split()
            if "SKIP_UNITY_BUILD_INCLUSION" not in words or "PROPERTIES" not in words:
                continue
            for word in words[: words.index("PROPERTIES")]:
                alone.add((lists.parent / word).resolve())
    return alone


WINDOWS_HEADERS = re.compile(r"^\s*#\s*include\s*<(windows|winreg|winbase|shlobj|shellapi|bcrypt|aclapi|winternl|psapi|"
                             r"tlhelp32|shlwapi|objbase|combaseapi|userenv|wtsapi32|sddl|accctrl)\.h>",
                             re.IGNORECASE | re.MULTILINE)


def find_clashes(source_dir):
    by_library = defaultdict(lambda: defaultdict(list))  # library -> name -> ["file:line", ...]
    alone = compiled_alone(source_dir)
    clashes_windows = []
    for path in sorted(source_dir.rglob("*.cpp")):
        relative = path.relative_to(source_dir)
        library = library_of(relative)
        if library is None or path.resolve() in alone:
            continue
        if WINDOWS_HEADERS.search(path.read_text(encoding="utf-8", errors="replace")):
            clashes_windows.append(f"{relative.as_posix()} includes a Windows header in a batch: compile it alone")
        seen = set()
        for name, line in file_local_names(path.read_text(encoding="utf-8", errors="replace")):
            if name not in seen:
                seen.add(name)
                by_library[library][name].append(f"{relative.as_posix()}:{line}")
    clashes = clashes_windows
    for library, names in sorted(by_library.items()):
        for name, places in sorted(names.items()):
            if len(places) > 1:
                clashes.append(f"{library}: '{name}' is file-local in {len(places)} sources: {', '.join(places)}")
    return clashes


def refused(files):
    """Whether the check refuses a tree made of {relative path: text}."""
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        for relative, text in files.items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(text)
        return bool(find_clashes(root))


def self_test():
    local_tr = "namespace {\nQString tr(const char* t)\n{\n}\n} // namespace\n"
    lock = "#ifdef _WIN32\n#include <windows.h>\n#endif\n"
    alone = "set_source_files_properties(a/{}\n    PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)\n"
    cases = [  # (what, files, refused?)
        ("two anonymous-namespace functions with two signatures",
         {"core/a/One.cpp": "namespace {\nbool isUnder(const QString& a)\n{\n}\n} // namespace\n",
          "core/b/Two.cpp": "namespace {\n\nbool isUnder(QStringView a, int b)\n{\n}\n} // namespace\n"}, True),
        ("a static constant and an anonymous one",
         {"core/a/One.cpp": "static constexpr OsFlavor Os = OsFlavor::Linux;\n",
          "core/b/Two.cpp": "namespace {\nconstexpr OsFlavor Os = OsFlavor::Windows;\n} // namespace\n"}, True),
        ("two file-local structs",
         {"core/a/One.cpp": "namespace {\nstruct Words\n{\n};\n} // namespace\n",
          "core/b/Two.cpp": "namespace {\nstruct Words\n{\n};\n} // namespace\n"}, True),
        ("a member definition and a file-local function",
         {"core/a/One.cpp": "bool Foo::isUnder(int a)\n{\n}\n",
          "core/b/Two.cpp": "namespace {\nbool isUnder(int a)\n{\n}\n} // namespace\n"}, False),
        ("names outside any anonymous namespace",
         {"core/a/One.cpp": "bool isUnder(int a)\n{\n}\n", "core/b/Two.cpp": "bool isUnder(int a)\n{\n}\n"}, False),
        ("<windows.h> in a batched source", {"core/a/Lock.cpp": lock}, True),
        ("<windows.h> in a source compiled alone",
         {"core/a/Lock.cpp": lock, "core/CMakeLists.txt": alone.format("Lock.cpp")}, False),
        ("two file-level tr(), one compiled alone",
         {"core/a/One.cpp": local_tr, "core/a/Two.cpp": local_tr, "core/CMakeLists.txt": alone.format("Two.cpp")},
         False),
        # The same name in two libraries is two translation units whatever the batches.
        ("one name in two libraries", {"core/runtime/X.cpp": local_tr, "core/detect/X.cpp": local_tr}, False),
    ]
    failures = 0
    for what, files, expected in cases:
        if refused(files) != expected:
            failures += 1
            print(f"self-test: {what}: {'passed' if expected else 'refused'}, expected the opposite")
    print("self-test:", "failed" if failures else f"all {len(cases)} cases as expected")
    return 1 if failures else 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    clashes = find_clashes(Path(sys.argv[1]))
    for clash in clashes:
        print(clash)
    if clashes:
        print("Give each its own name, move a shared helper into a header, or compile the source alone (docs/testing.md).")
        return 1
    print("no file-local name is defined twice in one library, and no batched source includes a Windows header")
    return 0


if __name__ == "__main__":
    sys.exit(main())
