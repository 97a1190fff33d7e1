#include "WindowsEnvironmentAnalysis.h"

#include "env/ConflictFinder.h"
#include "env/EnvironmentCode.h"
#include "env/EnvironmentStep.h"
#include "env/LibraryResolver.h"
#include "env/RootSearchPath.h"

static const QString PathVariable = QStringLiteral("Path");
static constexpr OsFlavor WindowsOs = OsFlavor::Windows;

WindowsEnvironmentAnalysis::WindowsEnvironmentAnalysis(const EnvironmentLocations& locations)
    : m_locations(locations)
{
}

WindowsDllSearchInputs WindowsEnvironmentAnalysis::searchInputs(const WindowsEnvironment& environment,
                                                                const QString& applicationDir) const
{
    WindowsDllSearchInputs inputs;
    inputs.knownDlls = m_locations.knownDlls;
    inputs.system32 = m_locations.system32();
    inputs.windowsDir = m_locations.windowsDirectory;
    inputs.applicationDir = applicationDir;
    inputs.currentDir = m_locations.currentDirectory;
    inputs.machinePath = environment.pathEntries(EnvironmentScope::Machine);
    inputs.userPath = environment.pathEntries(EnvironmentScope::User);
    inputs.machineLookup = environment.lookup(EnvironmentScope::Machine);
    inputs.userLookup = environment.lookup(EnvironmentScope::User);
    return inputs;
}

void WindowsEnvironmentAnalysis::planPath(const WindowsEnvironment& before,
                                          WindowsEnvironment& after,
                                          EnvironmentReport& report) const
{
    const EnvironmentScope scope = report.scope;
    const StoredValue old = before.value(scope, PathVariable);
    const QString key = EnvironmentStore::keyName(scope) + QStringLiteral("\\Path");
    if (!old.isReadable()) {
        report.plan.diagnostics.append(
            Diagnostic::of(EnvironmentCode::PathUnreadable,
                           tr("%1 cannot be read (%2), so it is left alone.").arg(key, old.data),
                           tr("Check the value with regedit; cudnn-setup never writes over a value it cannot "
                              "read."))
                .about(key));
        return;
    }
    const QStringList kept
        = PathList::without(WindowsOs, before.pathEntries(scope), report.target.retiredEntries, before.lookup(scope));
    const QStringList entries = PathList::withFirst(WindowsOs, kept, report.libraryDirs, before.lookup(scope));
    // A new Path is REG_EXPAND_SZ, like Windows' own; an existing one keeps its type.
    const StoredValue value{old.exists() ? old.type : StoredValue::Type::ExpandString,
                            PathList::join(WindowsOs, entries)};
    if (value == old)
        return;
    if (PathList::lengthVerdict(value.data) == PathList::LengthVerdict::TooLong) {
        report.plan.diagnostics.append(
            Diagnostic::of(EnvironmentCode::PathTooLong,
                           tr("%1 would be %2 characters long, past Windows' limit of %3; it is left as it is.")
                               .arg(key)
                               .arg(value.data.size())
                               .arg(PathList::VariableLengthLimit),
                           tr("Remove entries that are no longer needed, then run the fix again."))
                .about(key));
        return;
    }
    report.plan.steps.append(std::make_shared<RegistryValueStep>(m_locations.store, scope, PathVariable, old, value));
    after.replace(scope, PathVariable, value);

    const int effectiveLength = int(after.effective(PathVariable).size());
    if (effectiveLength > PathList::CmdPathLengthLimit) {
        report.plan.diagnostics.append(
            Diagnostic::of(EnvironmentCode::PathCmdLimit,
                           tr("The PATH a new program gets would be %1 characters long; cmd.exe drops a PATH "
                              "longer than %2, and every command in it then fails.")
                               .arg(effectiveLength)
                               .arg(PathList::CmdPathLengthLimit),
                           tr("Remove entries that are no longer needed from the machine or user PATH."))
                .about(key));
    }
}

void WindowsEnvironmentAnalysis::planCudaPath(const WindowsEnvironment& before,
                                              WindowsEnvironment& after,
                                              EnvironmentReport& report) const
{
    const EnvironmentScope scope = report.scope;
    const QString desired = displayPath(WindowsOs, report.target.toolkitRoot);
    QStringList names{QStringLiteral("CUDA_PATH")};
    if (!report.target.cudaVersion.isNull())
        names.append(report.target.versionedCudaPathName());
    for (const QString& name : names) {
        const StoredValue old = before.value(scope, name);
        const QString current = scope == EnvironmentScope::User
            ? before.effective(name)
            : PathList::expand(WindowsOs, old.data, before.lookup(EnvironmentScope::Machine));
        const StoredValue userValue = before.value(EnvironmentScope::User, name);
        if (scope == EnvironmentScope::Machine && userValue.exists()
            && !samePath(WindowsOs,
                         PathList::expand(WindowsOs, userValue.data, before.lookup(EnvironmentScope::User)),
                         desired)) {
            report.diagnostics.append(
                Diagnostic::of(EnvironmentCode::UserOverrides,
                               tr("Your user variable %1 (%2) overrides the machine value for your account.")
                                   .arg(name, userValue.data),
                               tr("Run the user-scope fix without administrator rights, or delete the user "
                                  "variable."))
                    .about(name));
        }
        if (!old.isReadable() || (old.exists() && samePath(WindowsOs, current, desired))
            || (scope == EnvironmentScope::User && samePath(WindowsOs, current, desired)))
            continue;
        const StoredValue value{old.type == StoredValue::Type::ExpandString ? old.type : StoredValue::Type::String,
                                desired};
        report.plan.steps.append(std::make_shared<RegistryValueStep>(m_locations.store, scope, name, old, value));
        after.replace(scope, name, value);
    }
}

void WindowsEnvironmentAnalysis::planQuarantine(const WindowsEnvironment& after,
                                                const QStringList& names,
                                                ListingOverlay& afterDisk,
                                                EnvironmentReport& report) const
{
    const LibraryResolver resolver(WindowsOs, afterDisk);
    const SearchOrder order = SearchOrders::windowsDlls(searchInputs(after));
    for (const QString& name : names) {
        // Hide one stale system copy at a time: System32 and the Windows folder may both hold one.
        for (;;) {
            const LibraryResolution resolution = resolver.resolve(order, name);
            if (!resolution.winner || resolution.wonFrom(WindowsOs, report.libraryDirs))
                break;
            const SearchOrigin origin = resolution.winner->location.origin;
            if (origin != SearchOrigin::System32 && origin != SearchOrigin::WindowsDir)
                break;
            const QString path = resolution.winner->path;
            report.plan.steps.append(std::make_shared<RenameStep>(path, RenameStep::quarantineName(path)));
            afterDisk.hide(path);
        }
    }
}

EnvironmentReport WindowsEnvironmentAnalysis::analyse(const EnvironmentTarget& target, EnvironmentScope scope) const
{
    EnvironmentReport report;
    report.os = WindowsOs;
    report.scope = scope;
    report.target = target;
    report.plan.os = WindowsOs;
    report.plan.scope = scope;

    const ListingSnapshot disk(*m_locations.listing);
    report.libraryDirs = target.libraryDirs(WindowsOs, disk);
    const QStringList names = target.libraryNames(WindowsOs, disk);

    // Judge the search order as it will be once the target is installed, even when it is not yet.
    ListingOverlay installed(disk);
    for (const QString& name : names) {
        const bool present = std::any_of(report.libraryDirs.cbegin(), report.libraryDirs.cend(), [&](const QString& d) {
            return disk.fileNames(d).contains(name, Qt::CaseInsensitive);
        });
        if (!present)
            installed.add(report.libraryDirs.constFirst(), name);
    }

    const HostEnvironment& host = m_locations.host;
    const WindowsEnvironment before(*m_locations.store, [&host](const QString& name) { return host.variable(name); });
    WindowsEnvironment after = before;
    const LibraryResolver resolver(WindowsOs, installed);
    const SearchOrder beforeOrder = SearchOrders::windowsDlls(searchInputs(before));
    const bool targetLosesSomewhere = std::any_of(names.cbegin(), names.cend(), [&](const QString& name) {
        return !resolver.resolve(beforeOrder, name).wonFrom(WindowsOs, report.libraryDirs);
    });
    ListingOverlay afterDisk(installed);
    if (const auto refusal = RootSearchPath::refusal(WindowsOs, scope, report.libraryDirs)) {
        report.plan.diagnostics.append(*refusal);
    } else {
        if (targetLosesSomewhere)
            planPath(before, after, report);
        planCudaPath(before, after, report);
        if (scope == EnvironmentScope::Machine)
            planQuarantine(after, names, afterDisk, report);
    }

    const SearchOrder afterOrder = SearchOrders::windowsDlls(searchInputs(after));
    const LibraryResolver afterResolver(WindowsOs, afterDisk);
    const ConflictFinder finder(WindowsOs, report.libraryDirs);
    for (const QString& name : names) {
        const LibraryStatus status{resolver.resolve(beforeOrder, name), afterResolver.resolve(afterOrder, name)};
        report.libraries.append(status);
        if (const auto conflict = finder.searchPathConflict(status))
            report.conflicts.append(*conflict);
        for (const QString& applicationDir : m_locations.applicationDirs) {
            const SearchOrder order = SearchOrders::windowsDlls(searchInputs(before, applicationDir));
            if (const auto conflict = finder.applicationConflict(resolver.resolve(order, name)))
                report.conflicts.append(*conflict);
        }
    }

    report.diagnostics.append(report.conflictDiagnostics());
    report.diagnostics.append(report.plan.diagnostics);
    report.notes.append(tr("Python 3.8 and later ignore PATH when loading the DLLs of extension modules, and "
                           "pip-installed PyTorch loads the cuDNN in its own torch\\lib folder: neither is changed "
                           "by this. PATH matters to programs that load cuDNN by name: C++ programs, ONNX Runtime's C "
                           "API, OpenCV."));
    const bool machineOnly = std::any_of(report.conflicts.cbegin(), report.conflicts.cend(), [](const auto& c) {
        return c.conflictClass == ConflictClass::MachineScope && !c.fixedByPlan;
    });
    if (machineOnly && scope == EnvironmentScope::User)
        report.notes.append(tr("Some stale copies sit in the machine PATH or in System32, which a user PATH change "
                               "cannot beat: run the machine-scope fix as administrator."));
    if (report.restartNeeded())
        report.notes.append(report.restartNote());
    return report;
}
