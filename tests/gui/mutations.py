#!/usr/bin/env python3
"""Proves the wizard's tests can fail: puts back, one at a time, each dead end issues #32 and #42 named (a mutation of the
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
 # Issue 42: the wizard tells one consistent truth.
 ("42.9 a double click on Next goes two pages", "ui/SetupWizard.cpp",
  "        button(which)->installEventFilter(oneClick);", "        button(which)->removeEventFilter(oneClick);",
  "test_gui_wizard", "doubleClickOnNextGoesOnePage"),
 ("42.7 silent exit 4 says the package was not accepted", "engine/InstallTask.cpp",
  '        return SetupOutcome::tr("writing into the toolkit needs administrator rights");',
  '        return SetupOutcome::tr("the package was not accepted");',
  "test_elevation", "silentNeverElevatesAndGivesTheExactCommand"),
 ("42.7 the printed sudo command lacks --package-sha256", "engine/InstallTask.cpp",
  "        if (chosen.inspection.sha256.isEmpty() && QFileInfo(chosen.inspection.file).isFile())",
  "        if (false)",
  "test_elevation", "silentNeverElevatesAndGivesTheExactCommand"),
 ("42.11 nothing shadowed, yet ENV-SHADOW-USER", "core/env/EnvironmentReport.cpp",
  "conflict.winner ? EnvironmentCode::ShadowUser : EnvironmentCode::NotFound;", "EnvironmentCode::ShadowUser;",
  "test_e2e_repair", "aToolNotOnThePathIsNotShadowed"),
 ("42.11 a dry run exits 1 for an information-level automatic fix", "core/repair/RepairResult.cpp",
  "    if (result.status == RepairResult::Status::DryRun\n", "    if (false\n",
  "test_e2e_repair", "aToolNotOnThePathIsNotShadowed"),
 ("42.18 --no-benchmark says not asked for", "engine/InstallTask.cpp",
  '        outcome.benchmarkNotRun = SetupOutcome::tr("as asked");',
  '        outcome.benchmarkNotRun = SetupOutcome::tr("not asked for");',
  "test_e2e_install", "installReportUninstall"),
 ("42.18 a wrong --cuda-root does not name the toolkits found", "core/package/PackagePicker.cpp",
  "    } else if (toolkits.isEmpty() && cudaRoot && !system.toolkits.isEmpty()) {", "    } else if (false) {",
  "test_e2e_install", "wrongCudaRootNamesTheToolkitsFound"),
 ("42.18 a --cuda-root that is no folder finds no toolkit to name", "engine/InstallTask.cpp",
  "        none.toolkits = ToolkitLocator(*m_host, *m_runner).locate({}).toolkits;\n", "",
  "test_e2e_install", "wrongCudaRootNamesTheToolkitsFound"),
 ("42.10 every rejection leads with fix the first reason", "core/package/PackagePicker.cpp",
  "            const QString fix = first && !first->diagnostic.fix.isEmpty()",
  "            const QString fix = false && first",
  "test_gui_wizard", "rejectionLeadsWithItsOwnFixAndOneVersion"),
 ("42.10 the header names the build, the finding the release", "ui/pages/PackagePage.cpp",
  "p.cudnnVersion->truncated(3).toString()", "p.cudnnVersion->toString()",
  "test_gui_wizard", "rejectionLeadsWithItsOwnFixAndOneVersion"),
 ("42.10 benchmark.status ran where the wizard skipped it", "core/verify/BenchmarkResult.cpp",
  '        {QStringLiteral("status"), statusName()},',
  '        {QStringLiteral("status"), ran ? QStringLiteral("ran") : QStringLiteral("not_run")},',
  "test_gui_wizard", "benchmarkThatCouldNotRunIsNoTick"),
 ("42.8 Fixed repeats the problems in the present tense", "ui/pages/RepairPage.cpp",
  "            item->setText(0, done);\n", "",
  "test_gui_repair_wizard", "whatWasFixedIsSaidAsDone"),
 ("42.8 1 fix(es) applied", "core/repair/RepairService.cpp",
  'tr("%n fixes applied. They', 'tr("%n fix(es) applied. They',
  "test_gui_repair_wizard", "whatWasFixedIsSaidAsDone"),
 ("42.4 it asks for them once, with no pkexec", "ui/pages/EnvironmentPage.cpp",
  "    m_rights->setText(canAsk ? tr(", "    m_rights->setText(true ? tr(",
  "test_gui_elevated_wizard", "withoutPkexecTheCommandRunByHandLetsItGoOn"),
 ("42.6 Install into shows the active toolkit, not the one chosen", "ui/ToolkitChooser.cpp",
  "        if (currentRoot() != QFileInfo(m_state.preferredToolkit()).canonicalFilePath())\n            refresh();\n", "",
  "test_gui_wizard", "toolkitChosenOnTheSystemPageIsShownOnThePackagePage"),
 ("42.2 Back from a switch keeps the install route", "ui/SetupWizard.cpp",
  "        if (id == UninstallPageId)\n            m_state.setTask(SetupTask::SwitchOrUninstall);\n        else if",
  "        if",
  "test_gui_wizard", "backFromASwitchUninstallsAndFinishes"),
 ("42.17 Archive... opens in the folder the program runs in", "ui/pages/PackagePage.cpp",
  'tr("Choose a cuDNN archive"), browseStart(),', 'tr("Choose a cuDNN archive"), m_path->text(),',
  "test_gui_wizard", "archiveDialogOpensInDownloads"),
 ("42.16 this is the windows build; this machine runs linux", "core/package/PackageValidator.cpp",
  ".arg(osDisplayName(*package.platform), describePackage(package), osDisplayName(system.os)),",
  ".arg(osFlavorName(*package.platform), describePackage(package), osFlavorName(system.os)),",
  "test_package_packagevalidator", "platformAndArchitecture"),
 ("42.5 Finish leads with no framework found, above the install's result", "ui/pages/FinishPage.cpp",
  "    const bool lead = frameworks && !frameworks->isEmpty();", "    const bool lead = frameworks.has_value();",
  "test_gui_elevated_wizard", "withoutPkexecTheCommandRunByHandLetsItGoOn"),
 ("42.5 installed, and nothing was written", "engine/InstallTask.cpp",
  'SetupOutcome::tr("The command run with administrator rights installed these files into %1; nothing more "',
  'SetupOutcome::tr("%1 already holds exactly these files; nothing was written. "',
  "test_gui_elevated_wizard", "withoutPkexecTheCommandRunByHandLetsItGoOn"),
 ("42.3 the search path page cuts its admin block at 720x520", "ui/pages/EnvironmentPage.cpp",
  "    outer->addWidget(scroll, 1);", "    outer->addWidget(scroll->takeWidget(), 1);",
  "test_gui_layout", "searchPathPageWithTheAdminBlockFits"),
 ("42.12 an indeterminate bar: no case k of N", "ui/pages/BenchmarkPage.cpp",
  "    m_busyBar->setRange(0, update.itemsTotal);", "    m_busyBar->setRange(0, 0);",
  "test_gui_wizard", "slowBenchmarkIsNotFinishedAndCanBeSkipped"),
 ("42.12 the chart shows nothing until the end", "ui/pages/BenchmarkPage.cpp",
  "                    page->m_chart->setResult(soFar);", "",
  "test_gui_wizard", "slowBenchmarkIsNotFinishedAndCanBeSkipped"),
 ("42.12 no way past it: Skip does not stop the run", "ui/pages/BenchmarkPage.cpp",
  "    m_cancellation.cancel();", "",
  "test_gui_wizard", "slowBenchmarkIsNotFinishedAndCanBeSkipped"),
 ("42.12 a run past its time is stopped as hung (the probe's limit under the budget)", "core/verify/BenchmarkRunner.cpp",
  "QString::number(options.timeoutMs + options.stallMs + 5000),", "QString::number(std::max(1000, options.timeoutMs - 5000)),",
  "test_gui_wizard", "slowBenchmarkIsNotFinishedAndCanBeSkipped"),
 ("42.12 not finished is a red error with Repair (the page and Finish)", "core/verify/BenchmarkResult.cpp",
  "    if (code == QLatin1String(BenchmarkCode::NotFinished)) // slow or skipped", "    if (false) // slow or skipped",
  "test_gui_wizard", "slowBenchmarkIsNotFinishedAndCanBeSkipped"),
 ("42.12 the cases measured are lost when the run is stopped", "core/verify/BenchmarkRunner.cpp",
  "        return partial(stop);", "        return BenchmarkResult::unfinished({}, {}, cases.count, stop, 0);",
  "test_gui_wizard", "slowBenchmarkIsNotFinishedAndCanBeSkipped"),
 ("42.12 a call that never returns is no longer a hang (no stall watchdog)", "app/probe/main.cpp",
  "    if (!startWatchdog(timeout, line.stall)) {", "    if (!startWatchdog(timeout)) {",
  "test_gui_wizard", "slowBenchmarkIsNotFinishedAndCanBeSkipped"),
 ("42.12 Ctrl+C during the silent benchmark: the probe dies, \"could not run\", an error", "engine/InstallTask.cpp",
  "        outcome.benchmark = benchmark(measure, progress, cancel);",
  "        outcome.benchmark = benchmark(measure, progress, CancellationToken());",
  "test_e2e_install", "ctrlCDuringTheBenchmarkKeepsTheCasesMeasured"),
 ("42.12 the silent log gets no line per benchmark case", "app/ConsoleProgress.cpp",
  "    const bool nextCase = update.unit", "    const bool nextCase = false && update.unit",
  "test_console_text", "benchmarkCasesLineByLine"),
 ("42.1 the root command's user fix is not listed", "engine/InstallTask.cpp",
  "    if (request.listInstall && (!privileged || userFixWritten))",
  "    if (request.listInstall && !privileged && userFixWritten == userFixWritten)",
  "test_gui_elevated_wizard", "undoingAnotherInstallPutsTheRootInstallsFixBack"),
 ("42.1 the undo does not say what it put back", "engine/UninstallTask.cpp",
  "            copy.searchPath.append({step->target(), undoneAs(step->undoEffect())});", "            (void)step;",
  "test_gui_elevated_wizard", "undoingAnotherInstallPutsTheRootInstallsFixBack"),
 ("42.1 the uninstall question does not name the files the search path undo changes", "ui/pages/UninstallPage.cpp",
  "        removed << QStringLiteral(\"\u2022 \") + undo.sentence(hostOsFlavor());", "",
  "test_gui_wizard", "uninstallTakesTheInstallBack"),
 ("42.1 the silent uninstall does not name the files the search path undo changes", "app/ConsoleRunner.cpp",
  "            m_out << QStringLiteral(\"  \") << undo.sentence(hostOsFlavor()) << QLatin1Char('\\n');", "            (void)undo;",
  "test_e2e_install", "installReportUninstall"),
 ("42.15 the System page's lists each scroll on their own and hide rows on a small window", "ui/pages/SystemPage.cpp",
  "        new AllRowsHeight(list);", "        (void)list;",
  "test_gui_layout", "installPagesFitTheSmallestWindow"),
 ("42.15 the Finish page squeezes its summary and findings on a small window", "ui/pages/FinishPage.cpp",
  "    layout->addWidget(scroll, 1);", "    layout->addWidget(scroll->takeWidget(), 1);",
  "render-wizard-pages:test_gui_render_pages", ""),
 ("42.15 the Benchmark page squeezes a chart of 14 cases: rows over each other, the legend cut", "ui/pages/BenchmarkPage.cpp",
  "    layout->addWidget(scroll);", "    layout->addWidget(scroll->takeWidget());",
  "render-wizard-pages:test_gui_render_pages", ""),
 ("42.15 the Search path page's diff shows three lines behind a scroll bar", "ui/pages/EnvironmentPage.cpp",
  "    m_diff->setFixedHeight(int(textHeight)", "    m_diff->setFixedHeight(3 * 14 + 0 * int(textHeight)",
  "test_gui_layout", "installPagesFitTheSmallestWindow"),
 ("42.15 a toolkit choice cut at its end with no tooltip that has it whole", "ui/ToolkitChooser.cpp",
  "        m_list->setItemData(m_list->count() - 1, text, Qt::ToolTipRole);", "",
  "test_gui_layout", "installPagesFitTheSmallestWindow"),
 ("42.8a new logins get a library from a toolkit where it is missing", "core/env/EnvironmentReport.cpp",
  "        if (loadableInTarget(library))", "        if (true)",
  "test_gui_repair_wizard", "aMissingLibraryIsNotSaidToLoadFromTheToolkit"),
 ("42.8a (core) new logins get a library from a toolkit where it is a link to nothing", "core/env/EnvironmentReport.cpp",
  "        if (loadableInTarget(library))", "        if (true)",
  "test_env_linux", "aLinkToNothingIsNotWhereNewLoginsGetTheLibrary"),
 ("42.13 Welcome keeps Install chosen although cuDNN is broken", "ui/pages/WelcomePage.cpp",
  "    if (!m_state.taskChosen() && isVisible() && m_state.task() == SetupTask::Install) {", "    if (false) {",
  "test_gui_wizard", "welcomeLeadsWithBrokenCudnnAndChoosesRepair"),
 ("42.13 the engine judges no leading verdict: Welcome leads with Python", "engine/Engine.cpp",
  "    snapshot.verdict = snapshot.judgeVerdict();", "    snapshot.verdict = {};",
  "test_gui_wizard", "welcomeLeadsWithBrokenCudnnAndChoosesRepair"),
 ("42.13 the verdict overrules the task the person clicked", "ui/pages/WelcomePage.cpp",
  "    if (!m_state.taskChosen() && isVisible()", "    if (isVisible()",
  "test_gui_wizard", "aChosenTaskIsNotOverruledByTheVerdict"),
 ("42.14 a stray copy is told to reinstall from its archive (repair page)", "core/detect/Detector.cpp",
  "        finder.judgeStrayCopy(copy, snapshot.librarySearchDirs);\n", "",
  "test_gui_repair_wizard", "aStrayCopyIsAdvisedOffThePathNotReinstalled"),
 ("42.14 a stray cudnn64_8.dll first on Path is an install missing files (Windows)", "core/detect/Detector.cpp",
  "        finder.judgeStrayCopy(copy, snapshot.librarySearchDirs);\n", "",
  "test_cudnn_origins", "aStrayCopyFirstOnPathIsNoInstallToRestore"),
 ("42.14 the System page folds the stray copy into the toolkit's missing files", "core/detect/Detector.cpp",
  "        finder.judgeStrayCopy(copy, snapshot.librarySearchDirs);\n", "",
  "test_gui_wizard", "welcomeLeadsWithBrokenCudnnAndChoosesRepair"),
 ("42.14 another copy winning is information when the plan fixes it", "core/env/EnvironmentReport.cpp",
  "standing(conflict) == ConflictStanding::Open || conflict.winner ? Severity::Warning",
  "standing(conflict) == ConflictStanding::Open ? Severity::Warning",
  "test_gui_repair_wizard", "aStrayCopyIsAdvisedOffThePathNotReinstalled"),
 ("42.13 the program names Install at every start: the verdict never chooses Repair", "app/WizardLaunch.cpp",
  "    std::optional<SetupTask> task;", "    std::optional<SetupTask> task = SetupTask::Install;",
  "test_gui_wizard_launch", "plainStartLetsTheVerdictChooseRepair"),
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
        target, _, test_name = target.partition(':')  # "build target:test" where the test runs a program
        test_name = test_name or target
        b = subprocess.run(['cmake', '--build', BUILD, '--target', target], capture_output=True, text=True)
        if b.returncode != 0:
            print(f"BUILD-FAILED {name}\n{b.stdout[-2000:]}"); continue
        env = dict(os.environ)
        command = [f'{BUILD}/tests/{target}']
        cwd = BUILD
        for test in TESTS['tests']:
            if test['name'] == test_name:
                command = test['command']
                for prop in test.get('properties', []):
                    if prop['name'] == 'WORKING_DIRECTORY':
                        cwd = prop['value']
                    if prop['name'] == 'ENVIRONMENT':
                        env.update(dict(v.split('=', 1) for v in prop['value']))
        r = subprocess.run(command + ([function] if function else []), capture_output=True, text=True, env=env, timeout=600,
                           cwd=cwd)
        fails = [l for l in r.stdout.splitlines() if l.startswith('FAIL!')]
        bad += r.returncode == 0
        print(f"{'FAILS (good)' if r.returncode != 0 else 'PASSES (bad)'}  {name}  [{target} {function}]  {fails[0][:160] if fails else ''}", flush=True)
    finally:
        shutil.move(path + '.orig', path)
        os.utime(path)  # newer than the mutant's objects, so the next build compiles the real code again
sys.exit(1 if bad else 0)
