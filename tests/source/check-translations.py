#!/usr/bin/env python3
"""Fails when a translatable string in the sources has no finished translation in a .ts file.

Either lupdate never saw it, or it did and nobody translated it (lupdate adds new strings as "unfinished").

That happens when a folder is left out of the lupdate sources (resources/CMakeLists.txt): engine/, made in 2026-12,
was, so every string that moved there from the faces showed in English to a zh_CN reader. Each tr()-like call with
a literal must have its text among the .ts file's sources; a call whose text is a variable is not judged.

Usage: check-translations.py TS_FILE DIR...   (every .cpp and .h below each DIR; prints each missing string, exit 1)
       check-translations.py --self-test
"""
import importlib.util
import os
import re
import sys
import xml.etree.ElementTree as ElementTree

_spec = importlib.util.spec_from_file_location(
    "check_core_strings", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-core-strings.py"))
strings = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(strings)

# The folders lupdate is not given on purpose (resources/CMakeLists.txt): the Qt-free probe and runtime.
EXCLUDED = re.compile(r"/core/runtime/|/app/probe/")


def call_texts(text):
    """(line, [each string argument]) for each tr()-like call with a literal text (translate()'s context is not one)."""
    code, literals = strings.code_and_literals(text)
    calls = []
    for call in strings.CALL.finditer(code):
        start = call.end()
        depth, j = 1, start
        while j < len(code) and depth:
            depth += {"(": 1, ")": -1}.get(code[j], 0)
            j += 1
        groups = []
        for lit in (lit for lit in literals if start <= lit[0] < j):
            if groups and code[groups[-1][-1][1]:lit[0]].strip() in ("", "u8", "u", "U", "L"):
                groups[-1].append(lit)
            else:
                groups.append([lit])
        if "TRANSLATE" in call.group(0).upper():
            groups = groups[1:]  # the context
        if groups:
            calls.append((text.count("\n", 0, start) + 1, ["".join(lit[2] for lit in group) for group in groups]))
    return calls


def ts_sources(ts_text):
    """The source texts with a finished translation."""
    known = set()
    for message in ElementTree.fromstring(ts_text).iter("message"):
        translation = message.find("translation")
        if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
            continue
        if (translation.text or "").strip() or translation.find("numerusform") is not None:
            known.add(message.findtext("source") or "")
    return known


def missing(paths, known):
    """The calls none of whose strings is a source the .ts knows (a context name alone never is one)."""
    bad = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for line, texts in call_texts(text):
            if not any(t in known for t in texts):
                bad.append((path, line, " / ".join(texts)))
    return bad


def self_test():
    sample = r'''
auto a = tr("known words");
auto b = QCoreApplication::translate("Ctx", "also "
                                     "known");
auto c = tr("never extracted");
auto d = tr(variable);
QString tr(const char* text) { return QCoreApplication::translate("Ctx", text); }
auto e = QCoreApplication::translate("Ctx", "lost in translation");
'''
    ts = ('<TS><context><name>Ctx</name>'
          '<message><source>known words</source><translation>已知</translation></message>'
          '<message><source>also known</source><translation>也已知</translation></message>'
          '<message><source>lost in translation</source><translation type="unfinished"></translation></message>'
          '</context></TS>')
    got = [(line, s) for line, texts in call_texts(sample) for s in texts if not any(t in ts_sources(ts)
                                                                                     for t in texts)]
    want = [(5, "never extracted"), (8, "lost in translation")]
    if got != want:
        print("self-test failed:\n  got  %r\n  want %r" % (got, want))
        return 1
    print("self-test passed: the string lupdate never saw and the untranslated one are found; the translated ones, "
          "the variable and the helper that passes its text on are skipped")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    with open(argv[1], encoding="utf-8") as f:
        known = ts_sources(f.read())
    paths = [p for p in strings.sources(argv[2:]) if not EXCLUDED.search(p.replace(os.sep, "/"))]
    bad = missing(paths, known)
    for path, line, text in bad:
        print("%s:%d: %s" % (path, line, text.replace("\n", "\\n")))
    print("%d translatable string(s) in %d files have no finished translation in %s"
          % (len(bad), len(paths), os.path.basename(argv[1])))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
