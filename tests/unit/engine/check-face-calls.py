#!/usr/bin/env python3
"""Each task a face starts is one engine call: no function of app/ or ui/ makes two task calls.

A task call is a call of an Engine method that does the work of a user task (detects, reads archives, downloads,
changes the machine, runs the probe). Cheap questions the engine answers from values a face already holds
(planInstall, planEnvironment, privilegedCommand, frameworksAfter, ...) are not tasks. A face that needs two tasks
in a row is making a decision that belongs in the engine: give the engine one request for it instead.

Usage: check-face-calls.py SOURCE_DIR   (exit 1 and the functions that make more than one task call)
       check-face-calls.py --self-test  (proves the check refuses a face function with two task calls)
"""
import pathlib
import re
import sys

from face_check import FACES, faces_fixture, verdict

SKIP = ("app/probe",)  # the Qt-free child process: it has no engine
TASKS = (
    "detect",
    "install",
    "checkPackage",
    "choosePackage",
    "planFetch",
    "fetch",
    "surveyRepair",
    "repair",
    "uninstall",
    "verify",
    "benchmark",
    "confirmFrameworks",
    "judgeMachines",
    "explain",
)
TASK_CALL = re.compile(r"(?:\bengine\b|\bm_engine\b|\bEngine)\s*(?:\.|->|::)\s*(" + "|".join(TASKS) + r")\s*\(")
CONTAINER = re.compile(r"\b(namespace|class|struct|enum)\b")


def strip_comments_and_strings(text: str) -> str:
    """The code with comments and string/char literals blanked, so braces and names inside them do not count."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|R"\((?:.|\n)*?\)"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def functions(text: str):
    """(signature, body) of every function defined at namespace or class level of a C++ source."""
    code = strip_comments_and_strings(text)
    depth = 0  # braces open inside the current function
    containers = 0  # namespace and class braces around it
    stack = []  # for each open brace: was it a container's?
    start = 0  # where the current top-level declaration began
    signature = ""
    body_start = 0
    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                head = code[start:i]
                if CONTAINER.search(head.split("(")[0]):
                    stack.append(True)
                    containers += 1
                    start = i + 1
                    continue
                signature = " ".join(head.split())
                body_start = i + 1
            stack.append(False)
            depth += 1
        elif c == "}":
            if not stack:
                continue
            if stack.pop():
                containers -= 1
                start = i + 1
                continue
            depth -= 1
            if depth == 0:
                yield signature, code[body_start:i]
                start = i + 1
        elif c == ";" and depth == 0:
            start = i + 1


def offending(root: pathlib.Path):
    for face in FACES:
        for path in sorted((root / face).rglob("*.cpp")):
            rel = path.relative_to(root).as_posix()
            if rel.startswith(SKIP):
                continue
            for signature, body in functions(path.read_text(encoding="utf-8")):
                calls = TASK_CALL.findall(body)
                if len(calls) > 1:
                    name = signature.split("(")[0].split()[-1] if "(" in signature else signature
                    yield f"{rel}: {name} makes {len(calls)} task calls ({', '.join(calls)})"


def check(root: pathlib.Path) -> int:
    return verdict(list(offending(root)), "face function(s) chain engine tasks; give the engine one request instead")


def self_test() -> int:
    with faces_fixture() as tmp:
        root = pathlib.Path(tmp)
        (root / "app" / "Good.cpp").write_text(
            "namespace {\nint helper() { return 1; }\n}\n"
            "ExitCode Runner::install(const Invocation& i)\n{\n"
            "    // m_engine.detect(options) in a comment does not count\n"
            '    m_out << "engine.fetch(";\n'
            "    const SetupOutcome outcome = m_engine.install(request(i), progress, m_cancel);\n"
            "    return end(i, Engine::planInstall(outcome.choice, outcome.system));\n}\n"
        )
        if check(root) != 0:
            print("self-test: a face function with one task call was refused", file=sys.stderr)
            return 1
        (root / "ui" / "Bad.cpp").write_text(
            "void Page::start()\n{\n"
            "    m_work.run<Run>(this, [&engine, options] {\n"
            "        const SystemSnapshot again = engine.detect(options);\n"
            "        return engine.install(request, relay, cancel);\n"
            "    }, [this](const Run& run) { show(run); });\n}\n"
        )
        if check(root) != 1:
            print("self-test: a face function chaining detect and install was let through", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(check(pathlib.Path(sys.argv[1])))
