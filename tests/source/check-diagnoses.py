#!/usr/bin/env python3
"""Every diagnosis code has one home: its area's catalogue, and a line in the docs.

The catalogues are core's `*Code.h` headers (and `PackageCode` in package/PackageFinding.h). A new pitfall gets its
code there (docs/architecture.md, "Where a new thing goes"). This fails when:
  - a code is spelled as a literal in core/, engine/, app/ or ui/ instead of being named from its catalogue;
  - two catalogue entries spell the same code;
  - a code is in no page of docs/ (a person who meets it in a report must be able to look it up).

Usage: check-diagnoses.py SOURCE_DIR   (exit 1 and what is wrong)
       check-diagnoses.py --self-test  (proves each of the three is refused)
"""
import pathlib
import re
import sys
import tempfile

SOURCES = ("core", "engine", "app", "ui")
CODE = r"[A-Z]{2,}(?:-[A-Z0-9]+)+"
ENTRY = re.compile(r'(?:QStringLiteral\(|constexpr char \w+\[\] = )"(' + CODE + r')"')
LITERAL = re.compile(r'"(' + CODE + r')"')
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
# Strings of a code's shape that are no diagnosis: the line the environments' interpreter prints before its JSON.
NOT_CODES = {"CUDNN-SETUP-JSON"}


def catalogues(root: pathlib.Path):
    found = sorted((root / "core").glob("*/*Code.h"))
    found.append(root / "core" / "package" / "PackageFinding.h")
    return [path for path in found if path.exists()]


def problems(root: pathlib.Path):
    homes = {}
    for catalogue in catalogues(root):
        rel = catalogue.relative_to(root).as_posix()
        for code in ENTRY.findall(catalogue.read_text(encoding="utf-8")):
            if code in homes:
                yield f"{code}: in {homes[code]} and again in {rel}"
            homes.setdefault(code, rel)
    prefixes = {code.split("-")[0] + "-" for code in homes}
    catalogue_files = set(catalogues(root))
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".h", ".cpp") or path in catalogue_files:
                continue
            for code in LITERAL.findall(COMMENT.sub("", path.read_text(encoding="utf-8"))):
                if code not in NOT_CODES and any(code.startswith(prefix) for prefix in prefixes):
                    yield f"{path.relative_to(root).as_posix()}: \"{code}\" is spelled here; name it from its catalogue"
    docs = "\n".join(page.read_text(encoding="utf-8") for page in sorted((root / "docs").rglob("*.md")))
    for code, home in sorted(homes.items()):
        if code not in docs:
            yield f"{code} ({home}): no page of docs/ says what it means"


def check(root: pathlib.Path) -> int:
    found = list(problems(root))
    for line in found:
        print(line)
    return 1 if found else 0


def write(root: pathlib.Path, path: str, text: str):
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(text)


def self_test() -> int:
    cases = {
        "a clean tree": ({}, 0),
        "a literal outside its catalogue": ({"engine/Task.cpp": 'error(QStringLiteral("AREA-ONE"));\n'}, 1),
        "a code twice": ({"core/other/OtherCode.h": 'inline const QString A = QStringLiteral("AREA-ONE");\n'}, 1),
        "an undocumented code": ({"core/area/AreaCode.h": 'inline const QString B = QStringLiteral("AREA-TWO");\n'}, 1),
    }
    for name, (extra, expected) in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            write(root, "core/area/AreaCode.h", 'inline const QString A = QStringLiteral("AREA-ONE");\n')
            write(root, "core/package/PackageFinding.h", "")
            write(root, "engine/Uses.cpp", "error(AreaCode::A); // and a marker line: \"NOT A CODE\"\n")
            write(root, "docs/area.md", "| `AREA-ONE` | what it means |\n")
            for path, text in extra.items():
                if path.endswith("AreaCode.h"):
                    text = (root / path).read_text() + text
                write(root, path, text)
            if check(root) != expected:
                print(f"self-test: {name} was {'refused' if expected == 0 else 'let through'}", file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(check(pathlib.Path(sys.argv[1])))
