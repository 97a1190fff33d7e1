#!/usr/bin/env python3
"""Writes docs/diagnoses.md from the registry of diagnoses (resources/diagnoses.json).

Every code cudnn-setup reports is one row of the registry; this page is that table for a person: what the code
means, how bad it is, which kind of cause it names, what to do, and the page that says more.
test_diagnoses (tests/source/check-diagnoses.py) fails when the committed page is not what this script writes.

Usage: diagnoses-doc.py [SOURCE_DIR]            rewrite SOURCE_DIR/docs/diagnoses.md (default: this checkout)
       diagnoses-doc.py --print [SOURCE_DIR]    print it instead
"""
import json
import pathlib
import sys

AREAS = [
    ("detect", "Detection: the driver, the toolkits, every cuDNN copy"),
    ("package", "A cuDNN archive and whether it fits"),
    ("fetch", "Downloading"),
    ("install", "Installing, uninstalling, the transaction"),
    ("elevation", "The elevated copy"),
    ("env", "The search path"),
    ("verify", "Verify: what a new program loads"),
    ("benchmark", "The benchmark"),
    ("frameworks", "Python frameworks"),
    ("repair", "Repair"),
    ("explain", "Reading a program's error (--explain)"),
]


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def page(registry: dict) -> str:
    lines = [
        "# Diagnoses: every code cudnn-setup reports",
        "",
        "<!-- Written by scripts/diagnoses-doc.py from resources/diagnoses.json; edit the registry, not this page. -->",
        "",
        "Every finding cudnn-setup reports carries a stable code. The registry of diagnoses",
        "(`resources/diagnoses.json`) holds each code once: its severity, the kind of cause it names, the actions the",
        "wizard or the command line may offer for it, the page that says more, and its words in English and Simplified",
        "Chinese. The report, the wizard, `--detect`, `--repair` and `--explain` all read the same row, so a code means",
        "the same thing everywhere; the test build stops on a finding whose code, severity or action its row does not",
        "allow. The sentence a finding carries about *this* machine (which file, which folder) is made where the fact",
        "is seen; the row says what every finding of that code has in common. A package check that `--force` overrides",
        "is reported as a warning, whatever its row's severity.",
        "",
        "A code's anchor on this page is its name in lower case: `diagnoses.md#cudnn-flattened-link`.",
        "",
        "## Kinds of cause",
        "",
        "`--explain` names each cause with one of these kinds (its `kind` in `--json`); every row below has one. The",
        "last two are not causes: `ok` reports what is fine, `task` is about cudnn-setup's own run.",
        "",
        "| kind | what it means | 含义 |",
        "|---|---|---|",
    ]
    for kind in registry["kinds"]:
        lines.append(f"| `{kind['kind']}` | {cell(kind['en'])} | {cell(kind.get('zh_CN', ''))} |")
    by_area = {}
    for row in registry["diagnoses"]:
        by_area.setdefault(row["area"], []).append(row)
    known = [area for area, _ in AREAS]
    for area in sorted(by_area, key=lambda a: (known.index(a) if a in known else len(known), a)):
        title = dict(AREAS).get(area, area)
        lines += ["", f"## {title}", "", "| code | severity | kind | what it means | what to do | 中文 | more |",
                  "|---|---|---|---|---|---|---|"]
        for row in sorted(by_area[area], key=lambda r: r["code"]):
            severity = row["severity"]
            if row.get("also"):
                severity += " (or " + ", ".join(row["also"]) + ": " + row["when"] + ")"
            en, zh = row.get("en", {}), row.get("zh_CN", {})
            todo = en.get("todo", "")
            if row.get("actions"):
                todo += (" " if todo else "") + "Offers: " + ", ".join(f"`{a}`" for a in row["actions"]) + "."
            meaning = en.get("title", "")
            if row.get("group") == "cause":
                meaning += " (one finding per cause: the libraries and tools it affects are its `subjects`)"
            if row.get("aliases"):
                meaning += " (earlier releases reported it as " + ", ".join(f"`{a}`" for a in row["aliases"]) + ")"
            chinese = zh.get("title", "")
            if zh.get("todo"):
                chinese += "：" + zh["todo"]
            anchor = row["code"].lower()
            lines.append(
                f"| <a id=\"{anchor}\"></a>`{row['code']}` | {cell(severity)} | `{row['kind']}` | {cell(meaning)} "
                f"| {cell(todo)} | {cell(chinese)} | [{row['doc']}]({row['doc']}) |")
    return "\n".join(lines) + "\n"


def main(argv) -> int:
    printing = "--print" in argv
    args = [a for a in argv if a != "--print"]
    root = pathlib.Path(args[0]) if args else pathlib.Path(__file__).resolve().parent.parent
    registry = json.loads((root / "resources" / "diagnoses.json").read_text(encoding="utf-8"))
    text = page(registry)
    if printing:
        sys.stdout.write(text)
    else:
        (root / "docs" / "diagnoses.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
