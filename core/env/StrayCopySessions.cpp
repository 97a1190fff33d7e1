#include "StrayCopySessions.h"

#include "detect/CudnnCopyFinder.h"
#include "detect/SystemSnapshot.h"
#include "env/EnvironmentLocations.h"
#include "env/ProgramSearchOrder.h"

#include <QFileInfo>
#include <algorithm>
#include <optional>

namespace StrayCopySessions {

namespace {

/** The first of the copy's names that a program of that session gets from the copy's own folder; empty if none. */
QString firstFromCopy(OsFlavor os, const CudnnInstall& copy, const ProgramSearchOrder::Order& order)
{
    const QString folder = QFileInfo(copy.libraryDirs.constFirst()).canonicalFilePath();
    for (const QString& name : CudnnCopyFinder::namesProgramsLoad(os, copy)) {
        const auto link = cudnnsetup::binary::locateLibrary(name.toStdString(), order.loader);
        if (link.status == cudnnsetup::binary::DependencyStatus::Missing)
            continue;
        const QString from = QFileInfo(QFileInfo(QString::fromStdString(link.path)).absolutePath()).canonicalFilePath();
        if (samePath(os, from, folder))
            return name;
    }
    return {};
}

/** The conda environment or venv this process runs in (CONDA_PREFIX, VIRTUAL_ENV) when folder is inside it. */
QString activeEnvironmentHolding(const EnvironmentLocations& locations, const QString& folder)
{
    for (const char* name : {"CONDA_PREFIX", "VIRTUAL_ENV"}) {
        const QString root = locations.host.variable(QString::fromLatin1(name));
        if (!root.isEmpty() && isPathInside(locations.os(), root, folder))
            return root;
    }
    return {};
}

} // namespace

void judge(SystemSnapshot& snapshot, const EnvironmentLocations& locations)
{
    using Session = ProgramSearchOrder::Session;
    std::optional<ProgramSearchOrder::Order> here;
    std::optional<ProgramSearchOrder::Order> login;
    for (CudnnInstall& copy : snapshot.cudnnInstalls) {
        const auto stray = std::find_if(copy.problems.begin(), copy.problems.end(), [](const CudnnProblem& problem) {
            return problem.kind == CudnnProblem::Kind::StrayCopy;
        });
        if (stray == copy.problems.end() || copy.libraryDirs.isEmpty())
            continue;
        if (!here) {
            here = ProgramSearchOrder::forSession(locations, Session::ThisTerminal);
            login = ProgramSearchOrder::forSession(locations, Session::NewLogin);
        }
        CudnnCopyFinder::StrayStanding standing;
        standing.winsHere = firstFromCopy(snapshot.os, copy, *here);
        standing.winsAtLogin = firstFromCopy(snapshot.os, copy, *login);
        if (!standing.winsAtLogin.isEmpty())
            standing.loginFile = ProgramSearchOrder::newLoginFileNaming(locations, copy.libraryDirs.constFirst());
        if (!standing.winsHere.isEmpty())
            standing.activeEnvironment = activeEnvironmentHolding(locations, copy.libraryDirs.constFirst());
        const Diagnostic judged = CudnnCopyFinder::strayCopyFinding(snapshot.os, copy, standing);
        const Diagnostic before = stray->diagnostic;
        if (judged.message == before.message && judged.severity == before.severity)
            continue;
        stray->diagnostic = judged;
        for (Diagnostic& listed : snapshot.diagnostics) {
            if (listed.code == before.code && listed.subject == before.subject && listed.message == before.message)
                listed = judged;
        }
    }
}

} // namespace StrayCopySessions
