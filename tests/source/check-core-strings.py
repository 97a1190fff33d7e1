#!/usr/bin/env python3
"""Fails when a translatable string in core/ (or ui/) names a command-line flag or holds a Markdown backtick.

core/ words findings for no face in particular: a command-line flag ("--cuda-root") belongs to the CLI, and a
backtick is Markdown that neither the terminal nor the wizard renders. A diagnostic carries an action instead
(FixAction in core/report/Diagnostic.h), which each face words for itself (app/RemedyText, ui/WizardRemedy). The
wizard has no command line at all, so ui/ is held to the same rule.

Usage: check-core-strings.py DIR...   (every .cpp and .h below each DIR; prints each offending string, exit 1)
       check-core-strings.py --self-test   (proves the scanner catches what it must and skips what it must)
"""
import os
import re
import sys

FORBIDDEN = re.compile(r"--[A-Za-z]|`")
# Calls whose string arguments a translator sees and a person reads.
CALL = re.compile(r"\b(?:tr|translate|QT_TR_NOOP|QT_TRANSLATE_NOOP|QT_TR_N_NOOP|QT_TRANSLATE_N_NOOP|qtTrId)\s*\(")
ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0", "r": "\r"}


def code_and_literals(text):
    """The text with comments blanked, and every string literal as (start, end, value), in order."""
    out = []
    literals = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")
                                                     or text[i - 1] in "8uUL"):
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2:open_paren]
            close = text.find(")" + delimiter + '"', open_paren)
            j = close + len(delimiter) + 2
            literals.append((i, j, text[open_paren + 1:close]))
            out.append(" " * (j - i))
            i = j
        elif c == '"':
            j = i + 1
            value = []
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n:
                    value.append(ESCAPES.get(text[j + 1], text[j + 1]))
                    j += 2
                else:
                    value.append(text[j])
                    j += 1
            j += 1
            literals.append((i, j, "".join(value)))
            out.append(" " * (j - i))
            i = j
        elif c == "'":
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out), literals


def translatable_strings(text):
    """(line, string) for each string a tr()-like call is given; adjacent literals are one string."""
    code, literals = code_and_literals(text)
    found = []
    for call in CALL.finditer(code):
        start = call.end()
        depth, j = 1, start
        while j < len(code) and depth:
            depth += {"(": 1, ")": -1}.get(code[j], 0)
            j += 1
        inside = [lit for lit in literals if start <= lit[0] < j]
        # Adjacent literals (only blanks between them) make one string.
        groups = []
        for lit in inside:
            if groups and code[groups[-1][-1][1]:lit[0]].strip() in ("", "u8", "u", "U", "L"):
                groups[-1].append(lit)
            else:
                groups.append([lit])
        for group in groups:
            found.append((text.count("\n", 0, group[0][0]) + 1, "".join(lit[2] for lit in group)))
    return found


def offences(paths):
    bad = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for line, string in translatable_strings(text):
            if FORBIDDEN.search(string):
                bad.append((path, line, string))
    return bad


def sources(directories):
    for directory in directories:
        for root, _, files in os.walk(directory):
            for name in sorted(files):
                if name.endswith((".cpp", ".h")):
                    yield os.path.join(root, name)


def self_test():
    sample = r'''
// tr("a comment with --cuda-root is no string")
/* tr("nor --this") */
auto a = tr("Name the toolkit with "
            "--cuda-root.");
auto b = QCoreApplication::translate("Ctx", "Use "
                                     "`cudnn-setup`" " here");
auto c = QStringLiteral("--cuda-root"); // a real command line, not translated
auto d = tr("%n file(s)", nullptr, 3).arg(QStringLiteral("--x"));
auto e = tr("plain words -- with a dash and --5 numbers");
auto f = tr("quote \" then --mirror");
auto g = QT_TRANSLATE_NOOP("Ctx", R"(raw --raw)");
'''
    got = [s for _, s in translatable_strings(sample) if FORBIDDEN.search(s)]
    want = ["Name the toolkit with --cuda-root.", "Use `cudnn-setup` here", 'quote " then --mirror', "raw --raw"]
    if got != want:
        print("self-test failed:\n  got  %r\n  want %r" % (got, want))
        return 1
    print("self-test passed: %d offending strings found, the comment, the QStringLiteral and the .arg() skipped"
          % len(got))
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    bad = offences(sources(argv[1:]))
    for path, line, string in bad:
        print("%s:%d: %s" % (path, line, string.replace("\n", "\\n")))
    print("%d translatable string(s) name a command-line flag or hold a backtick" % len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
