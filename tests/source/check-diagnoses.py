#!/usr/bin/env python3
"""Every diagnosis code has one home: its area's catalogue, one row of the registry of diagnoses, and the docs.

The catalogues are core's `*Code.h` headers (and `PackageCode` in package/PackageFinding.h). A new pitfall gets its
code there and its row in resources/diagnoses.json (docs/architecture.md, "Where a new thing goes"). This fails when:
  - a code is spelled as a literal in core/, engine/, app/ or ui/ instead of being named from its catalogue;
  - two catalogue entries spell the same code;
  - a code is in no page of docs/ (a person who meets it in a report must be able to look it up);
  - a catalogue code has no row in the registry, or a row no catalogue holds;
  - a row's code is named nowhere but its catalogue (nothing emits it: an orphan);
  - a row lacks its kind, its page or its words in English and Chinese;
  - docs/diagnoses.md is not what scripts/diagnoses-doc.py writes from the registry.

Usage: check-diagnoses.py SOURCE_DIR   (exit 1 and what is wrong)
       check-diagnoses.py --self-test  (proves each of the three is refused)
"""
import importlib.util
import json
import pathlib
import re
import sys
import tempfile

SOURCES = ("core", "engine", "app", "ui")
CODE = r"[A-Z]{2,}(?:-[A-Z0-9]+)+"
ENTRY = re.compile(r'(?:QStringLiteral\(|constexpr char \w+\[\]\s*=\s*)"(' + CODE + r')"')
NAMED = re.compile(r'(\w+)(?:\[\])?\s*=\s*(?:QStringLiteral\()?"(' + CODE + r')"')
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
    docs = "\n".join(page.read_text(encoding="utf-8") for page in sorted((root / "docs").rglob("*.md"))
                     if page.name != "diagnoses.md")
    for code, home in sorted(homes.items()):
        if code not in docs:
            yield f"{code} ({home}): no page of docs/ says what it means"
    yield from registry_problems(root, homes, catalogue_files)


def constant_names(root: pathlib.Path):
    """code -> "Namespace::Name", as the rest of the code names it."""
    names = {}
    for catalogue in catalogues(root):
        text = catalogue.read_text(encoding="utf-8")
        for match in NAMED.finditer(text):
            spaces = re.findall(r"namespace (\w+)\s*\{", text[: match.start()])
            if spaces:
                names[match.group(2)] = f"{spaces[-1]}::{match.group(1)}"
    return names


def doc_writer():
    script = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "diagnoses-doc.py"
    spec = importlib.util.spec_from_file_location("diagnoses_doc", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def registry_problems(root: pathlib.Path, homes: dict, catalogue_files: set):
    path = root / "resources" / "diagnoses.json"
    if not path.exists():
        yield "resources/diagnoses.json: the registry of diagnoses is missing"
        return
    registry = json.loads(path.read_text(encoding="utf-8"))
    kinds = {kind["kind"] for kind in registry.get("kinds", [])}
    rows = {}
    for row in registry.get("diagnoses", []):
        code = row.get("code", "")
        rows[code] = row
        if code not in homes:
            yield f"{code}: a row of the registry that no catalogue holds"
        if row.get("kind") not in kinds:
            yield f"{code}: kind {row.get('kind')!r} is not among the registry's kinds"
        if not row.get("doc") or not (root / "docs" / row["doc"]).exists():
            yield f"{code}: its page {row.get('doc')!r} is not in docs/"
        for language in ("en", "zh_CN"):
            words = row.get(language, {})
            if not words.get("title") or not words.get("todo"):
                yield f"{code}: no {language} title or what-to-do in the registry"
    for code, home in sorted(homes.items()):
        if code not in rows:
            yield f"{code} ({home}): no row in resources/diagnoses.json"
    names = constant_names(root)
    used = "\n".join(COMMENT.sub("", p.read_text(encoding="utf-8")) for folder in SOURCES
                     for p in sorted((root / folder).rglob("*"))
                     if p.suffix in (".h", ".cpp") and p not in catalogue_files)
    for code in sorted(rows):
        name = names.get(code)
        if code in homes and name and not re.search(r"\b" + re.escape(name) + r"\b", used):
            yield f"{code}: nothing emits it ({name} is named only in its catalogue)"
    for kind in registry.get("kinds", []):
        if not kind.get("en") or not kind.get("zh_CN"):
            yield f"kind {kind.get('kind')}: no English or Chinese words"
    page = root / "docs" / "diagnoses.md"
    if not page.exists() or page.read_text(encoding="utf-8") != doc_writer().page(registry):
        yield "docs/diagnoses.md: not what scripts/diagnoses-doc.py writes from the registry (run it)"


def check(root: pathlib.Path) -> int:
    found = list(problems(root))
    for line in found:
        print(line)
    return 1 if found else 0


def write(root: pathlib.Path, path: str, text: str):
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(text)


def registry_of(rows):
    return {"schema": 1, "kinds": [{"kind": "task", "en": "a task", "zh_CN": "任务"}], "diagnoses": rows}


def row(code):
    return {"code": code, "area": "area", "severity": "error", "kind": "task", "doc": "area.md",
            "en": {"title": "t", "todo": "d"}, "zh_CN": {"title": "标", "todo": "做"}}


def self_test() -> int:
    cases = {
        "a clean tree": ({}, 0),
        "a literal outside its catalogue": ({"engine/Task.cpp": 'error(QStringLiteral("AREA-ONE"));\n'}, 1),
        "a code twice": ({"core/other/OtherCode.h": 'namespace O {\ninline const QString A = QStringLiteral("AREA-ONE");\n}\n'}, 1),
        "an undocumented code": ({"core/area/AreaCode.h": 'inline const QString B = QStringLiteral("AREA-TWO");\n'}, 1),
        "a code without a row": ({"registry": [row("AREA-ONE")], "core/area/AreaCode.h":
                                  'inline const QString B = QStringLiteral("AREA-TWO");\n',
                                  "docs/two.md": "`AREA-TWO`\n", "engine/Two.cpp": "of(AreaCode::B);\n"}, 1),
        "a row no catalogue holds": ({"registry": [row("AREA-ONE"), row("AREA-GONE")]}, 1),
        "a row nothing emits": ({"engine/Uses.cpp": "// nothing\n"}, 1),
        "a row without Chinese": ({"registry": [dict(row("AREA-ONE"), zh_CN={})]}, 1),
        "diagnoses.md out of date": ({"docs/diagnoses.md": "old\n"}, 1),
    }
    writer = doc_writer()
    for name, (extra, expected) in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            extra = dict(extra)
            rows = extra.pop("registry", [row("AREA-ONE")])
            write(root, "core/area/AreaCode.h",
                  'namespace AreaCode {\ninline const QString A = QStringLiteral("AREA-ONE");\n')
            write(root, "core/package/PackageFinding.h", "")
            write(root, "engine/Uses.cpp", "error(AreaCode::A); // and a marker line: \"NOT A CODE\"\n")
            write(root, "docs/area.md", "| `AREA-ONE` | what it means |\n")
            write(root, "resources/diagnoses.json", json.dumps(registry_of(rows)))
            write(root, "docs/diagnoses.md", writer.page(registry_of(rows)))
            for path, text in extra.items():
                if path.endswith("AreaCode.h"):
                    text = (root / path).read_text() + text
                write(root, path, text)
            (root / "core/area/AreaCode.h").write_text((root / "core/area/AreaCode.h").read_text() + "}\n")
            if check(root) != expected:
                print(f"self-test: {name} was {'refused' if expected == 0 else 'let through'}", file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(check(pathlib.Path(sys.argv[1])))
