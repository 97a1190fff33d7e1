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
        const Diagnostic judged = CudnnCopyFinder::strayCopyFinding(
            snapshot.os, copy, {firstFromCopy(snapshot.os, copy, *here), firstFromCopy(snapshot.os, copy, *login)});
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
