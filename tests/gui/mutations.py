#!/usr/bin/env python3
"""Proves the wizard's tests can fail: puts back, one at a time, each dead end issue #32 named (a mutation of the
code that fixed it), builds the test that covers it, runs that one test function and expects it to FAIL, then
restores the file. One line per mutation; exit 1 when a test still passes with its defect back.

Usage: tests/gui/mutations.py [BUILD_DIR] [INDEX...]   (BUILD_DIR: a configured tree with tests, default build)
Not part of ctest: it edits source files while it runs (each is restored, also on an error)."""
import json
import os
import shutil
import subprocess
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
BUILD = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].isdigit() else 'build'
M = [
 ("1 admin rights: Try again does not look at the machine again", "ui/pages/InstallPage.cpp",
  "    m_lookAgain = true;\n    startInstall();", "    m_lookAgain = false;\n    startInstall();",
  "test_gui_elevated_wizard", "withoutPkexecTheCommandRunByHandLetsItGoOn"),
 ("1 admin rights: nothing said before Install", "ui/pages/EnvironmentPage.cpp",
  "    m_rights->setVisible(command.has_value());", "    m_rights->setVisible(false);",
  "test_gui_elevated_wizard", "withoutPkexecTheCommandRunByHandLetsItGoOn"),
 ("2 uninstall deletes at once, no confirmation", "ui/pages/UninstallPage.cpp",
  "    if (question.exec() == QMessageBox::Yes)\n        uninstallSelected();", "    uninstallSelected();",
  "test_gui_wizard", "uninstallTakesTheInstallBack"),
 ("2 Next without uninstalling ticks Uninstall", "ui/SetupWizard.cpp",
  "            if (!uninstall || uninstall->result.status != InstallResult::Status::Uninstalled)\n                skipped.append(i);",
  "",
  "test_gui_wizard", "nextWithoutUninstallingTicksNothing"),
 ("2 Switch does not switch", "ui/pages/UninstallPage.cpp",
  "    m_state.setTask(SetupTask::Install);\n", "",
  "test_gui_wizard", "switchInstallsTheOtherVersionInPlace"),
 ("3 the last check's findings stay on screen", "ui/pages/PackagePage.cpp",
  "    m_reasons->clear(); // not \"No problems found.\": nothing has been judged\n", "",
  "test_gui_wizard", "newCheckClearsTheLastAndCanBeStopped"),
 ("3 Enter re-checks instead of going on", "ui/pages/PackagePage.cpp",
  "    if (m_busy || m_path->text().trimmed() != m_checkedPath || !isComplete())\n        check();", "    check();",
  "test_gui_wizard", "enterGoesOnOnceChecked"),
 ("4 Verify's Loaded from column cut at its end", "ui/pages/VerifyPage.cpp",
  "    m_libraries->setTextElideMode(Qt::ElideMiddle);", "    m_libraries->setTextElideMode(Qt::ElideRight);",
  "test_gui_layout", "installPagesFitTheSmallestWindow"),
 ("5 a second elapsed time after the install", "ui/pages/InstallPage.cpp",
  "    m_timing->clear(); // the phase says how long it took: one time, not two", "",
  "test_gui_wizard", "installSaysOneSizeAndOneTime"),
 ("5 a benchmark that could not run gets a tick", "ui/SetupWizard.cpp",
  "            if (!benchmark || !benchmark->measured())", "            if (!benchmark)",
  "test_gui_wizard", "benchmarkThatCouldNotRunIsNoTick"),
 ("5 the log's path cannot be copied", "ui/pages/FinishPage.cpp",
  "    m_saved->setTextInteractionFlags(Qt::TextSelectableByMouse);\n", "",
  "test_gui_wizard", "logWithoutAnOpenerShowsItsPath"),
 ("6 Welcome does not lead with the frameworks' verdicts", "ui/pages/WelcomePage.cpp",
  "    m_frameworks->setVisible(!snapshot.frameworks.isEmpty());", "    m_frameworks->setVisible(false);",
  "test_gui_wizard", "welcomeLeadsWithTheFrameworkVerdicts"),
 ("6 Finish shows what the frameworks loaded before the install", "ui/pages/FinishPage.cpp",
  "            return outcome->frameworks;", "            return unchanged;",
  "test_gui_wizard", "finishLeadsWithWhatTheFrameworksLoadNow"),
 ("6 Finish after an uninstall shows the frameworks as they were before it", "ui/pages/FinishPage.cpp",
  "            return uninstall->frameworks;", "            return unchanged;",
  "test_gui_wizard", "finishAfterAnUninstallSaysWhatTheFrameworksLoadNow"),
 ("6 Finish after a repair says nothing of the frameworks", "ui/pages/FinishPage.cpp",
  "            return repair->frameworks;", "            return std::nullopt;",
  "test_gui_repair_wizard", "repairPathListsFindingsAndRepairs"),
 ("8 --help lists --elevation-token", "app/CommandLine.cpp",
  "    option.setFlags(QCommandLineOption::HiddenFromHelp);\n", "",
  "test_e2e_command_line", "internalOptionsAreHiddenButParse"),
]
TESTS = json.loads(subprocess.run(['ctest', '--test-dir', BUILD, '--show-only=json-v1'], capture_output=True, text=True).stdout)
only = [a for a in sys.argv[1:] if a.isdigit()]
bad = 0
for i, (name, path, old, new, target, function) in enumerate(M):
    if only and str(i) not in only:
        continue
    text = open(path).read()
    if text.count(old) != 1:
        print(f"SKIP {name}: the line is not there once ({path})"); continue
    shutil.copy(path, path + '.orig')
    try:
        open(path, 'w').write(text.replace(old, new))
        b = subprocess.run(['cmake', '--build', BUILD, '--target', target], capture_output=True, text=True)
        if b.returncode != 0:
            print(f"BUILD-FAILED {name}\n{b.stdout[-2000:]}"); continue
        env = dict(os.environ)
        command = [f'{BUILD}/tests/{target}']
        cwd = BUILD
        for test in TESTS['tests']:
            if test['name'] == target:
                command = test['command']
                for prop in test.get('properties', []):
                    if prop['name'] == 'WORKING_DIRECTORY':
                        cwd = prop['value']
                    if prop['name'] == 'ENVIRONMENT':
                        env.update(dict(v.split('=', 1) for v in prop['value']))
        r = subprocess.run(command + [function], capture_output=True, text=True, env=env, timeout=600,
                           cwd=cwd)
        fails = [l for l in r.stdout.splitlines() if l.startswith('FAIL!')]
        bad += r.returncode == 0
        print(f"{'FAILS (good)' if r.returncode != 0 else 'PASSES (bad)'}  {name}  [{target} {function}]  {fails[0][:160] if fails else ''}", flush=True)
    finally:
        shutil.move(path + '.orig', path)
        os.utime(path)  # newer than the mutant's objects, so the next build compiles the real code again
sys.exit(1 if bad else 0)
