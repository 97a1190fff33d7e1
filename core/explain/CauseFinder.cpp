#include "CauseFinder.h"

#include "common/Version.h"
#include "compat/CudaDriverTable.h"
#include "compat/CudnnFileSets.h"
#include "cudnnfacts/CudnnLibraryNames.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/DetectCode.h"
#include "detect/SystemSnapshot.h"
#include "env/EnvironmentLocations.h"
#include "env/LdSoConf.h"
#include "env/ProgramSearchOrder.h"
#include "explain/ExplainCode.h"
#include "explain/MessageReader.h"
#include "explain/MessageTable.h"
#include "frameworks/FrameworkCode.h"
#include "frameworks/FrameworkTable.h"
#include "host/BoundedFile.h"
#include "repair/RepairFinding.h"
#include "report/DiagnosisRegistry.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

using Session = ProgramSearchOrder::Session;
namespace binary = cudnnsetup::binary;

namespace {

/**
 * Puts a folder first on the user's Path, in PowerShell: the user variable alone, so the machine Path is not copied
 * into it, and no length limit (setx "%PATH%" does both, and truncates past 1024 characters).
 */
/** Text inside a PowerShell single-quoted string: a quote is doubled, nothing else is special there. */
QString powershellQuoted(QString text)
{
    return text.replace(QLatin1Char('\''), QStringLiteral("''"));
}

QString userPathFirstCommand(const QString& windowsFolder)
{
    const QString quoted = powershellQuoted(windowsFolder);
    return QStringLiteral("powershell -NoProfile -Command \"[Environment]::SetEnvironmentVariable('Path', '%1;' + "
                          "[Environment]::GetEnvironmentVariable('Path', 'User'), 'User')\"")
        .arg(quoted);
}

/** The library names a message asks for: its list ("{a, b, c}"), or its one library; paths reduced to names. */
QStringList namesAsked(const RecognisedMessage& message)
{
    QStringList names;
    const QString list = message.facts.value(QStringLiteral("libraries"));
    for (const QString& part : list.split(QRegularExpression(QStringLiteral("[,\\s{}]+")), Qt::SkipEmptyParts))
        names.append(part);
    const QString one = message.facts.value(QStringLiteral("library"));
    if (!one.isEmpty())
        names.append(one);
    for (QString& name : names)
        name = name.section(QRegularExpression(QStringLiteral("[/\\\\]")), -1)
                   .remove(QLatin1Char('\''))
                   .remove(QLatin1Char('"'));
    names.removeAll(QString());
    names.removeDuplicates();
    return names;
}

/**
 * The library a subject names, for telling whether a cause and a repair finding are about the same one: the message
 * may name the file asked for (libcudnn_ops.so.9.1.0), the finding the name programs load (libcudnn_ops.so.9).
 */
QString libraryNamed(const QString& subject)
{
    static const QRegularExpression soname(QStringLiteral("^(.*\\.so(?:\\.\\d+)?)(?:\\.\\d+)*$"));
    const QRegularExpressionMatch match = soname.match(subject);
    return match.hasMatch() ? match.captured(1) : subject.toLower();
}

bool sameName(OsFlavor os, const QString& a, const QString& b)
{
    return a.compare(b, os == OsFlavor::Windows ? Qt::CaseInsensitive : Qt::CaseSensitive) == 0;
}

bool isCudnnLibraryName(OsFlavor os, const QString& name)
{
    return cudnnsetup::cudnnfacts::isRuntimeLibraryName(name.toStdString(), cudnnLibraryNaming(os));
}

int cudnnMajorOf(OsFlavor os, const QString& name)
{
    if (!isCudnnLibraryName(os, name))
        return 0;
    return QString::fromStdString(cudnnsetup::cudnnfacts::versionInLibraryName(name.toStdString()))
        .section(QLatin1Char('.'), 0, 0)
        .toInt();
}

/** A version the message names ("loaded_version"), or only its major ("loaded_major") where it names no more. */
/**
 * Whether the users who run programs may read a file: this process may, and, when it runs as root (who reads
 * anything), so may every user, by the file's and its folders' mode bits (a `sudo tar` under umask 077).
 */
bool usersMayRead(const QString& path)
{
    const QFileInfo file(path);
    if (!file.isReadable())
        return false;
#ifdef Q_OS_UNIX
    if (::geteuid() != 0)
        return true;
    if (!(QFileInfo(file.canonicalFilePath()).permissions() & QFileDevice::ReadOther))
        return false;
    for (QDir folder = QFileInfo(file.canonicalFilePath()).absoluteDir(); !folder.isRoot(); folder.cdUp()) {
        if (!(QFileInfo(folder.absolutePath()).permissions() & QFileDevice::ExeOther))
            return false;
    }
#endif
    return true;
}

/** The cuDNN major cudnn.h itself is of: the CUDNN_MAJOR it defines (cuDNN 7 and before), else the sub-headers it
 *  includes (cuDNN 8: cudnn_ops_infer.h; 9: cudnn_graph.h); 0 when it says neither. */
int cudnnHeaderMajor(const QString& cudnnH)
{
    const QByteArray text = readBoundedFile(cudnnH, 1024 * 1024).data;
    static const QRegularExpression define(QStringLiteral("^\\s*#\\s*define\\s+CUDNN_MAJOR\\s+(\\d+)"),
                                           QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = define.match(QString::fromLatin1(text));
    if (match.hasMatch())
        return match.captured(1).toInt();
    if (text.contains("cudnn_graph.h"))
        return 9;
    if (text.contains("cudnn_ops_infer.h"))
        return 8;
    return 0;
}

std::optional<Version> versionFact(const RecognisedMessage& message, const QString& name)
{
    const QString value = message.facts.value(name);
    return Version::parse(value.isEmpty() ? message.facts.value(
                              QString(name).replace(QStringLiteral("_version"), QStringLiteral("_major")))
                                          : value);
}

bool sameMinor(const Version& a, const Version& b)
{
    return a.major() == b.major() && a.minor() == b.minor();
}

QStringList cudnnNamesFrom(const std::vector<std::string>& list)
{
    QStringList out;
    for (const std::string& s : list)
        out.append(QString::fromStdString(s));
    return out;
}

/** This terminal's LD_LIBRARY_PATH without folder, when it names folder (Linux); nullopt when it does not. */
std::optional<QString> withoutFolder(const HostEnvironment& host, const QString& folder)
{
    if (host.os != OsFlavor::Linux)
        return std::nullopt;
    const QStringList entries = host.variable(QStringLiteral("LD_LIBRARY_PATH")).split(QLatin1Char(':'));
    const QString wanted = QFileInfo(folder).canonicalFilePath();
    QStringList rest;
    for (const QString& entry : entries) {
        const bool same = !entry.isEmpty()
            && (QDir::cleanPath(entry) == QDir::cleanPath(folder)
                || (!wanted.isEmpty() && QFileInfo(entry).canonicalFilePath() == wanted));
        if (!same && !entry.isEmpty())
            rest.append(entry);
    }
    if (rest.size() == std::count_if(entries.cbegin(), entries.cend(), [](const QString& e) { return !e.isEmpty(); }))
        return std::nullopt;
    return rest.join(QLatin1Char(':'));
}

/** Every folder a loader would look in beyond the program's own: what "searched" covers for the evidence. */
QStringList searchedFolders(const ProgramSearchOrder::Order& order)
{
    return cudnnNamesFrom(order.loader.folders) + cudnnNamesFrom(order.loader.defaultFolders);
}

} // namespace

CauseFinder::CauseFinder(const ExplainMachine& machine, const MessageTable& table)
    : m_machine(machine)
    , m_table(table)
{
}

QString CauseFinder::programNamedIn(const QString& text) const
{
    if (m_machine.system.os != OsFlavor::Windows)
        return {};
    // "D:\Tools\whisper\whisper.exe --model ...", quoted or not, spaces allowed: for each ".exe", the longest text
    // before it on its line (within a path's length) that starts a path (a drive, or a separator after a space or a
    // quote) and is a file here.
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        for (qsizetype end = line.indexOf(QLatin1String(".exe"), 0, Qt::CaseInsensitive); end >= 0;
             end = line.indexOf(QLatin1String(".exe"), end + 4, Qt::CaseInsensitive)) {
            for (qsizetype start = std::max<qsizetype>(0, end - 1024); start < end; ++start) {
                const bool drive = line.at(start).isLetter() && line.mid(start + 1, 1) == QLatin1String(":");
                const bool separator = line.at(start) == u'\\' || line.at(start) == u'/';
                const bool begins = start == 0 || QStringLiteral(" \t\"'=(").contains(line.at(start - 1));
                if (!(drive || separator) || !begins)
                    continue;
                const QString path = normalizedPath(OsFlavor::Windows, line.mid(start, end + 4 - start));
                if (QFileInfo(path).isFile())
                    return path;
            }
        }
    }
    return {};
}

QString CauseFinder::who(const Context& context) const
{
    const OsFlavor os = m_machine.system.os;
    if (context.environment.isEmpty() && !context.program.isEmpty())
        return tr("The program %1").arg(displayPath(os, context.program));
    if (context.environment.isEmpty())
        return tr("A program started in this terminal");
    return context.verdict ? tr("%1 %2 in %3")
                                 .arg(context.verdict->subject.distribution,
                                      context.verdict->subject.version,
                                      displayPath(os, context.environment))
                           : displayPath(os, context.environment);
}

QList<CudnnFileSet> CauseFinder::fileSetsToJudge(const RecognisedMessage& message) const
{
    QList<int> majors;
    if (const int named = message.facts.value(QStringLiteral("cudnn_major")).toInt(); named > 0)
        majors.append(named);
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls)
        if (!majors.contains(copy.major))
            majors.append(copy.major);
    QList<CudnnFileSet> sets;
    for (const int major : std::as_const(majors))
        if (const std::optional<CudnnFileSet> set = CudnnFileSets::builtIn().forMajor(major))
            sets.append(*set);
    return sets;
}

bool CauseFinder::isWindowsSystemFolder(const QString& folder) const
{
    const QStringList system = m_machine.locations.systemFolders();
    return m_machine.system.os == OsFlavor::Windows && !m_machine.locations.windowsDirectory.isEmpty()
        && std::any_of(system.cbegin(), system.cend(), [&](const QString& systemFolder) {
               return samePath(OsFlavor::Windows, folder, systemFolder);
           });
}

void CauseFinder::moveOutOfSystemFolder(ExplainCause& found, const QString& folder, const QString& instead) const
{
    const QString shown = displayPath(OsFlavor::Windows, folder);
    found.evidence.append({tr("Windows searches %1 before every folder on Path, so no Path change puts another copy "
                              "before it.")
                               .arg(shown),
                           folder});
    found.fix.text = tr("Move the old cuDNN DLLs out of %1 as an administrator (repair, run as administrator, "
                        "renames them aside, which can be undone), so the program gets %2.")
                         .arg(shown, instead);
    // Moved aside, not deleted: another program may have wanted that copy.
    found.fix.command = QStringLiteral("powershell -NoProfile -Command \"New-Item -ItemType Directory -Force "
                                       "'C:\\cudnn-moved-aside' | Out-Null; Move-Item '%1\\cudnn*.dll' "
                                       "'C:\\cudnn-moved-aside'\"")
                            .arg(powershellQuoted(shown));
    found.fix.action = FixAction{};
}

QString CauseFinder::describeCopy(const CudnnInstall& copy) const
{
    const OsFlavor os = m_machine.system.os;
    const QString where = displayPath(os, copy.root);
    const QString version = copy.version() ? copy.version()->toString() : QString::number(copy.major);
    switch (copy.origin) {
    case CudnnOrigin::Toolkit:
        return tr("cuDNN %1 in the CUDA toolkit %2").arg(version, where);
    case CudnnOrigin::NvidiaInstaller:
        return tr("cuDNN %1 of NVIDIA's installer in %2").arg(version, where);
    case CudnnOrigin::SystemPackage:
        return tr("cuDNN %1 of the system package %2").arg(version, copy.package);
    case CudnnOrigin::Pip:
        return tr("cuDNN %1 of the pip package %2 in %3")
            .arg(version, copy.package, displayPath(os, copy.environment.isEmpty() ? copy.root : copy.environment));
    case CudnnOrigin::Conda:
        return tr("cuDNN %1 of conda's %2 package in %3")
            .arg(version, copy.package, displayPath(os, copy.environment.isEmpty() ? copy.root : copy.environment));
    case CudnnOrigin::AppLocal:
        return tr("cuDNN %1 beside a program in %2").arg(version, where);
    case CudnnOrigin::SearchPath:
        break;
    }
    return tr("cuDNN %1 in %2").arg(version, where);
}

QList<QPair<QString, const CudnnInstall*>> CauseFinder::copiesNamed(const QString& name) const
{
    const OsFlavor os = m_machine.system.os;
    QList<QPair<QString, const CudnnInstall*>> found;
    QSet<QString> seen;
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        for (const CudnnLibraryFile& file : copy.libraries) {
            if (sameName(os, file.name, name) && file.kind != CudnnLibraryFile::Kind::BrokenSymlink
                && !seen.contains(file.path)) {
                seen.insert(file.path);
                found.append({file.path, &copy});
            }
        }
    }
    if (!isCudnnLibraryName(os, name)) {
        // The libraries cuDNN needs (the CUDA runtime, cuBLAS, zlib) lie in the toolkits and in nvidia-* wheels.
        QStringList folders;
        for (const CudaToolkit& toolkit : m_machine.system.toolkits)
            for (const QString& sub :
                 {QStringLiteral("lib64"), QStringLiteral("lib"), QStringLiteral("bin"), QStringLiteral("bin/x64")})
                folders.append(QDir(toolkit.root).filePath(sub));
        for (const PythonEnvironment& environment : m_machine.system.pythonEnvironments) {
            const QDir nvidia(QDir(environment.sitePackages).filePath(QStringLiteral("nvidia")));
            for (const QString& package : nvidia.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                for (const QString& sub : {QStringLiteral("lib"), QStringLiteral("bin")})
                    folders.append(nvidia.filePath(package + QLatin1Char('/') + sub));
        }
        for (const QString& folder : folders) {
            const QFileInfo file(QDir(folder).filePath(name));
            if (file.exists() && !seen.contains(file.absoluteFilePath())) {
                seen.insert(file.absoluteFilePath());
                found.append({file.absoluteFilePath(), nullptr});
            }
        }
    }
    return found;
}

QList<CauseFinder::Context> CauseFinder::contextsFor(const RecognisedMessage& message,
                                                     const QList<RecognisedMessage>& all,
                                                     const QString& text) const
{
    const OsFlavor os = m_machine.system.os;
    // Which framework printed it: the message's own program, else the one the text shows (a traceback's paths, an
    // import), else another message of the same text.
    QStringList packages;
    const auto addPackagesOf = [&](const QString& program) {
        if (const ProgramEntry* entry = m_table.program(program))
            packages.append(entry->packages);
    };
    addPackagesOf(message.program);
    if (packages.isEmpty()) {
        for (const QString& program : MessageReader::programsHinted(m_table, text))
            addPackagesOf(program);
    }
    if (packages.isEmpty()) {
        for (const RecognisedMessage& other : all)
            addPackagesOf(other.program);
    }
    packages.removeDuplicates();

    QList<Context> contexts;
    for (const FrameworkVerdict& verdict : m_machine.system.frameworks) {
        const bool named = text.contains(verdict.subject.environment,
                                         os == OsFlavor::Windows ? Qt::CaseInsensitive : Qt::CaseSensitive)
            || text.contains(QDir::toNativeSeparators(verdict.subject.environment), Qt::CaseInsensitive);
        // A message no framework's own (cuDNN's loader, glibc) with no framework in the text: any framework here
        // that loads cuDNN could have printed it.
        const bool anyFramework = packages.isEmpty() && (named || verdict.builtCuda || verdict.loads);
        if (!packages.contains(verdict.subject.package) && !anyFramework)
            continue;
        Context context;
        context.environment = verdict.subject.environment;
        context.verdict = &verdict;
        context.package = verdict.subject.package;
        context.namedInText = named;
        if (!verdict.fromSearchPath) {
            for (const CudnnCopyFact& own : verdict.subject.ownCopies)
                context.ownFolders.append(own.path);
            context.ownFolders.append(verdict.subject.ownLibraryDirs);
            context.ownFolders.removeDuplicates();
        }
        contexts.append(context);
    }
    // The environments the text names are the ones that ran; the others only could have.
    if (std::any_of(contexts.cbegin(), contexts.cend(), [](const Context& c) { return c.namedInText; }))
        contexts.erase(
            std::remove_if(contexts.begin(), contexts.end(), [](const Context& c) { return !c.namedInText; }),
            contexts.end());
    if (contexts.isEmpty()) {
        // No Python framework: a program of its own, whose folder Windows searches before System32 and Path.
        Context program;
        program.program = programNamedIn(text);
        if (!program.program.isEmpty())
            program.ownFolders.append(QFileInfo(program.program).absolutePath());
        contexts.append(program);
    }
    return contexts;
}

ExplainCause CauseFinder::cause(const QString& code,
                                const QString& message,
                                const RecognisedMessage& recognised,
                                const Context& context) const
{
    ExplainCause cause;
    cause.code = code;
    const Diagnosis* row = DiagnosisRegistry::instance().find(code);
    if (!row)
        diagnosisRegistryViolation(code, QStringLiteral("no such code"));
    cause.kind = row ? row->kind : QStringLiteral("unknown");
    cause.severity = row ? row->severity : Severity::Error;
    cause.message = message;
    cause.messageId = recognised.id;
    if (!context.environment.isEmpty())
        cause.environments.append(context.environment);
    return cause;
}

ExplainCause
CauseFinder::fromFinding(const Diagnostic& finding, const RecognisedMessage& message, const Context& context) const
{
    ExplainCause found = cause(finding.code, finding.message, message, context);
    found.severity = finding.severity;
    found.fix.text = finding.fix;
    found.fix.action = finding.action;
    if (!finding.subject.isEmpty()) {
        found.evidence.append({tr("Detection found it: %1").arg(finding.message), finding.subject});
        found.subjects.append(finding.subject);
    }
    found.subjects.append(finding.subjects); // one cause about several libraries: each of them
    return found;
}

Explanation CauseFinder::explain(const QString& text) const
{
    return explain(text, MessageReader::recognise(m_table, text));
}

Explanation CauseFinder::explain(const QString& text, const QList<RecognisedMessage>& messages) const
{
    Explanation out;
    out.os = m_machine.system.os;
    out.messages = messages;
    for (const RecognisedMessage& message : std::as_const(out.messages)) {
        if (message.symptom == Symptom::NotASetupProblem) {
            notASetupProblem(message, out);
            continue;
        }
        if (message.symptom == Symptom::NotASymbolicLink) {
            notASymbolicLink(message, out);
            continue;
        }
        if (message.symptom == Symptom::HeadersNotFound) {
            headersNotFound(message, out);
            continue;
        }
        for (const Context& context : contextsFor(message, out.messages, text))
            judge(message, context, out);
    }
    settle(out);
    return out;
}

void CauseFinder::judge(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    switch (message.symptom) {
    case Symptom::LibraryNotLoaded:
    case Symptom::DependencyNotLoaded:
        libraryNotLoaded(message, context, out);
        return;
    case Symptom::SymbolMissing:
        symbolMissing(message, context, out);
        return;
    case Symptom::VersionOlderThanCompiled:
        olderThanCompiled(message, context, out);
        return;
    case Symptom::VersionMismatch:
        partsDisagree(message, context, out);
        return;
    case Symptom::NotInitialized:
        notInitialized(message, context, out);
        return;
    case Symptom::GpuNotInBuild:
    case Symptom::ArchMismatch:
        gpuNotInBuild(message, context, out);
        return;
    case Symptom::DriverTooOld:
        driverTooOld(message, context, out);
        return;
    case Symptom::NoDriver:
        noDriver(message, context, out);
        return;
    case Symptom::NotASymbolicLink:
    case Symptom::HeadersNotFound:
    case Symptom::NotASetupProblem:
        return; // judged once for the machine, in explain()
    }
}

void CauseFinder::libraryNotLoaded(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    const QStringList names = namesAsked(message);
    if (names.isEmpty())
        cudnnSetNotLoaded(message, context, out);
    else
        libraryNotLoaded(message, context, names, false, out);
}

void CauseFinder::cudnnSetNotLoaded(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    const ProgramSearchOrder::Order terminal
        = ProgramSearchOrder::forSession(m_machine.locations, Session::ThisTerminal, context.ownFolders);
    for (const CudnnFileSet& set : fileSetsToJudge(message)) {
        QStringList missing;
        bool anyFound = false;
        for (const QString& library : set.runtimeLibraries(os)) {
            if (binary::locateLibrary(library.toStdString(), terminal.loader).status
                == binary::DependencyStatus::Missing)
                missing.append(library);
            else
                anyFound = true;
        }
        if (!anyFound)
            continue;
        if (!missing.isEmpty())
            libraryNotLoaded(message, context, missing, true, out);
        else
            partsDisagree(message, context, out);
        return;
    }
    out.instead.append(tr("%1 finds no cuDNN library here at all, so this machine would fail another way: the "
                          "message must come from another environment or machine.")
                           .arg(who(context)));
}

void CauseFinder::libraryNotLoaded(const RecognisedMessage& message,
                                   const Context& context,
                                   const QStringList& names,
                                   bool allNeeded,
                                   Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    // A DLL named on Linux, a .so on Windows: the program ran on the other system, not here.
    const bool otherSystem = std::all_of(names.cbegin(), names.cend(), [os](const QString& name) {
        return os == OsFlavor::Windows ? name.contains(QLatin1String(".so"))
                                       : name.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive);
    });
    if (otherSystem) {
        out.instead.append(os == OsFlavor::Windows
                               ? tr("%1 is a Linux library: the message comes from a Linux machine (or WSL), not "
                                    "this Windows one. Give cudnn-setup the message there.")
                                     .arg(names.constFirst())
                               : tr("%1 is a Windows library: the message comes from a Windows machine, not this "
                                    "Linux one. Give cudnn-setup the message there.")
                                     .arg(names.constFirst()));
        return;
    }
    const bool driverLibrary = std::any_of(names.cbegin(), names.cend(), [](const QString& name) {
        return name.startsWith(QLatin1String("libcuda.so"))
            || name.compare(QLatin1String("nvcuda.dll"), Qt::CaseInsensitive) == 0;
    });
    if (driverLibrary) {
        noDriver(message, context, out);
        return;
    }
    const ProgramSearchOrder::Order terminal
        = ProgramSearchOrder::forSession(m_machine.locations, Session::ThisTerminal, context.ownFolders);
    const ProgramSearchOrder::Order login
        = ProgramSearchOrder::forSession(m_machine.locations, Session::NewLogin, context.ownFolders);
    const auto locate = [&](const ProgramSearchOrder::Order& order, const QString& name) {
        return binary::locateLibrary(name.toStdString(), order.loader);
    };
    // "Could not load library <by>. Error: <library>: cannot open ...": the sub-library loads, what it needs does not.
    const QString by = message.facts.value(QStringLiteral("by"));
    if (!by.isEmpty() && locate(terminal, names.constFirst()).status == binary::DependencyStatus::Missing) {
        const binary::DependencyLink needer = locate(terminal, by);
        const QString neederPath
            = needer.status == binary::DependencyStatus::Missing ? by : QString::fromStdString(needer.path);
        out.causes.append(missingDependency(message,
                                            context,
                                            by,
                                            needer.status == binary::DependencyStatus::Missing ? QString() : neederPath,
                                            neederPath,
                                            names.constFirst()));
        return;
    }
    const QString name = names.constFirst();
    const QString shown = names.size() == 1 ? name
        : allNeeded                         ? names.join(QStringLiteral(", "))
                                            : tr("%1 (or %2)").arg(name, names.mid(1).join(QStringLiteral(", ")));
    // "Could not locate zlibwapi.dll": a library cuDNN itself needs, which one of the program's cuDNN files imports.
    if (message.symptom == Symptom::DependencyNotLoaded && !isCudnnLibraryName(os, name)
        && locate(terminal, name).status == binary::DependencyStatus::Missing
        && neededByCudnn(message, context, name, out))
        return;

    // 1. Found where the program looks: then the file itself, or what it needs, is the cause.
    for (const QString& asked : names) {
        const binary::DependencyLink link = locate(terminal, asked);
        if (link.status == binary::DependencyStatus::Missing)
            continue;
        const QString path = QString::fromStdString(link.path);
        if (link.status == binary::DependencyStatus::Unreadable
            || link.status == binary::DependencyStatus::WrongMachine) {
            ExplainCause found
                = cause(ExplainCode::FileUnusable,
                        tr("%1 finds %2 at %3, but it is not a library it can load: %4.")
                            .arg(who(context), asked, displayPath(os, path), QString::fromStdString(link.detail)),
                        message,
                        context);
            found.evidence.append(
                {tr("The loader's search reaches it through %1.").arg(QString::fromStdString(link.foundVia)), path});
            found.fix.text = tr(
                "Copy the file again from the package it came from (repair restores files cudnn-setup installed).");
            found.fix.action = FixAction::of(FixAction::Kind::RunRepair);
            found.subjects << asked << path;
            out.causes.append(found);
            return;
        }
        if (!usersMayRead(path)) {
            ExplainCause found = cause(
                ExplainCode::NotReadable,
                tr("%1 finds %2 at %3, but this user may not read it.").arg(who(context), asked, displayPath(os, path)),
                message,
                context);
            found.evidence.append({tr("The file's permissions do not let this user read it (a copy made with sudo, "
                                      "or under a umask of 077)."),
                                   path});
            found.fix.text = tr("Make it readable for every user: chmod a+r %1 (and a+rx on its folders).").arg(path);
            found.fix.command = QStringLiteral("sudo chmod a+r '%1'").arg(path);
            found.subjects << asked << path;
            out.causes.append(found);
            return;
        }
        const binary::DependencyWalk walk = binary::walkDependencies(link.path, terminal.loader);
        for (const binary::DependencyLink& problem : walk.problems()) {
            if (problem.delayLoaded)
                continue;
            out.causes.append(missingDependency(message,
                                                context,
                                                asked,
                                                path,
                                                QString::fromStdString(problem.neededBy),
                                                QString::fromStdString(problem.name)));
            return;
        }
        // Found, readable, every dependency there: this machine does not fail this way for this program.
        const binary::DependencyLink atLogin = locate(login, asked);
        out.instead.append(tr("%1 gets %2 from %3, which loads here with everything it needs.")
                               .arg(who(context), asked, displayPath(os, path)));
        if (atLogin.status == binary::DependencyStatus::Missing)
            out.instead.append(
                tr("A new login would not find %1: it is found only through this terminal's %2.")
                    .arg(asked, os == OsFlavor::Windows ? QStringLiteral("PATH") : QStringLiteral("LD_LIBRARY_PATH")));
        return;
    }

    // 2. Not found where the program looks. On this machine elsewhere?
    const QStringList searched = searchedFolders(terminal);
    for (const QString& asked : names) {
        const auto elsewhere = copiesNamed(asked);
        if (elsewhere.isEmpty())
            continue;
        const auto& [where, copy] = elsewhere.constFirst();
        const QString folder = QFileInfo(where).absolutePath();
        // A folder ld.so.conf.d names but the cache was not rebuilt for: the cache is stale.
        const QList<SearchLocation> configured = LdSoConf::cacheDirectories(m_machine.locations.systemRoot);
        const bool configuredFolder
            = os == OsFlavor::Linux
            && std::any_of(configured.cbegin(), configured.cend(), [&](const SearchLocation& location) {
                   return QFileInfo(location.directory).canonicalFilePath() == QFileInfo(folder).canonicalFilePath();
               });
        if (configuredFolder) {
            ExplainCause found
                = cause(ExplainCode::CacheStale,
                        tr("%1 does not find %2 although %3 lists its folder %4: the loader cache was "
                           "not rebuilt since the file was put there.")
                            .arg(who(context), asked, QStringLiteral("/etc/ld.so.conf.d"), displayPath(os, folder)),
                        message,
                        context);
            found.evidence.append({tr("%1 is there, but /etc/ld.so.cache does not list it.").arg(asked), where});
            found.fix.text = tr("Rebuild the loader cache as root (repair does it when run as root).");
            found.fix.command = QStringLiteral("sudo ldconfig");
            found.fix.action = FixAction::of(FixAction::Kind::RunRepair);
            found.subjects << asked << where << folder;
            out.causes.append(found);
            return;
        }
        const QString whereWords = copy ? describeCopy(*copy) : displayPath(os, folder);
        ExplainCause found = cause(ExplainCode::NotSearched,
                                   tr("%1 cannot find %2: this machine has it in %3, but that folder is not among "
                                      "the folders the program searches.")
                                       .arg(who(context), shown, whereWords),
                                   message,
                                   context);
        found.evidence.append({tr("%1 lies at %2.").arg(asked, displayPath(os, where)), where});
        if (copy && (copy->origin == CudnnOrigin::Pip || copy->origin == CudnnOrigin::Conda) && context.verdict
            && context.verdict->fromSearchPath)
            found.evidence.append({tr("%1 loads cuDNN by name from the library search path; a Python package's own "
                                      "folder is never on it (only torch finds its wheel's copy, through its RPATH).")
                                       .arg(context.verdict->subject.distribution),
                                   folder});
        QStringList shownSearched;
        for (const QString& searchedFolder : searched) {
            if (!searchedFolder.isEmpty() && shownSearched.size() < 6)
                shownSearched.append(displayPath(os, searchedFolder));
        }
        found.evidence.append({tr("The program searched: %1.")
                                   .arg(shownSearched.isEmpty() ? tr("only the system folders")
                                                                : shownSearched.join(QStringLiteral(", "))),
                               QString()});
        // A new login may see it (a profile line) although this terminal does not, or the other way round.
        const binary::DependencyLink atLogin = locate(login, asked);
        if (atLogin.status != binary::DependencyStatus::Missing)
            found.evidence.append({tr("A new login would find it at %1: the login profile puts it on the search path, "
                                      "but this terminal was started before that.")
                                       .arg(displayPath(os, QString::fromStdString(atLogin.path))),
                                   QString::fromStdString(atLogin.path)});
        if (copy && copy->origin == CudnnOrigin::Toolkit) {
            found.fix.text = tr("Let repair put the toolkit's library folder on the search path (new logins and "
                                "programs started after it find it).");
            found.fix.action = FixAction::of(FixAction::Kind::RunRepair);
        } else if (copy && copy->origin == CudnnOrigin::NvidiaInstaller) {
            found.fix.text = tr("Add %1 itself (not its parent bin folder) to your Path, or let cudnn-setup install "
                                "cuDNN into the CUDA toolkit.")
                                 .arg(displayPath(os, folder));
            found.fix.command = userPathFirstCommand(displayPath(os, folder));
        } else if (os == OsFlavor::Windows) {
            found.fix.text = tr("Add %1 to your Path, or let cudnn-setup install cuDNN into the CUDA toolkit so every "
                                "program finds it.")
                                 .arg(displayPath(os, folder));
            found.fix.command = userPathFirstCommand(displayPath(os, folder));
        } else {
            found.fix.text = tr("Start the program with %1 on LD_LIBRARY_PATH, or let cudnn-setup install cuDNN into a "
                                "CUDA toolkit and put it on the search path for every program.")
                                 .arg(folder);
            found.fix.command
                = QStringLiteral("export LD_LIBRARY_PATH=%1${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}").arg(folder);
            if (context.package == QLatin1String("onnxruntime-gpu"))
                found.fix.text += QLatin1Char(' ')
                    + tr("ONNX Runtime 1.21 and later can also load the pip copy itself: call "
                         "onnxruntime.preload_dlls() before creating a session.");
        }
        found.subjects << asked << where << folder;
        out.causes.append(found);
        return;
    }

    // 3. Nowhere on this machine. A copy of that major without it (a partial copy: detection names it), or a cuDNN
    // library of a major the machine lacks while it has another?
    const int wanted = cudnnMajorOf(os, name);
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        if (copy.major != wanted || !std::any_of(names.cbegin(), names.cend(), [&](const QString& n) {
                return std::any_of(copy.missingLibraries.cbegin(),
                                   copy.missingLibraries.cend(),
                                   [&](const QString& missing) { return sameName(os, missing, n); });
            }))
            continue;
        for (const CudnnProblem& problem : copy.problems) {
            if (problem.kind != CudnnProblem::Kind::MissingLibraries)
                continue;
            ExplainCause found = fromFinding(problem.diagnostic, message, context);
            found.evidence.append(
                {tr("%1 is not in %2.").arg(name, describeCopy(copy)), copy.libraryDirs.value(0, copy.root)});
            found.subjects << names << copy.root;
            out.causes.append(found);
            return;
        }
    }
    if (wanted > 0) {
        QList<int> present;
        for (const CudnnInstall& copy : m_machine.system.cudnnInstalls)
            if (copy.major != wanted && !present.contains(copy.major))
                present.append(copy.major);
        if (!present.isEmpty()) {
            std::sort(present.begin(), present.end());
            ExplainCause found = cause(ExplainCode::OtherMajorOnly,
                                       tr("%1 asks for cuDNN %2 (%3), but this machine has only cuDNN %4.")
                                           .arg(who(context))
                                           .arg(wanted)
                                           .arg(name, QString::number(present.constLast())),
                                       message,
                                       context);
            for (const CudnnInstall& copy : m_machine.system.cudnnInstalls)
                found.evidence.append({describeCopy(copy), copy.libraryDirs.value(0, copy.root)});
            // A release of the same framework built for the major that is here, where the table knows one.
            const FrameworkTable& table = FrameworkTable::builtIn();
            const std::optional<Version> release
                = context.verdict ? FrameworkTable::releaseOf(context.verdict->subject.version) : std::nullopt;
            const FrameworkTable::Build* other
                = release ? table.nearestWithCudnnMajor(context.package, *release, present.constLast()) : nullptr;
            if (other) {
                found.fix.text = tr("Install a %1 built for cuDNN %2 (%1 %3 or later), or install cuDNN %4 beside it.")
                                     .arg(context.verdict->subject.distribution)
                                     .arg(present.constLast())
                                     .arg(other->from.toString())
                                     .arg(wanted);
                found.fix.command = QStringLiteral("pip install '%1>=%2'")
                                        .arg(context.verdict->subject.distribution, other->from.toString());
                found.fix.action = FixAction::of(
                    FixAction::Kind::InstallFramework,
                    QStringLiteral("%1>=%2").arg(context.verdict->subject.distribution, other->from.toString()));
            } else {
                found.fix.text = tr("Install cuDNN %1 for the program's CUDA (cudnn-setup installs it into a CUDA "
                                    "toolkit beside the cuDNN %2 already there), or use a build of the program made "
                                    "for cuDNN %2.")
                                     .arg(wanted)
                                     .arg(present.constLast());
                found.fix.action = FixAction::of(FixAction::Kind::ChoosePackage);
            }
            found.subjects << name;
            out.causes.append(found);
            return;
        }
    }
    ExplainCause found
        = cause(ExplainCode::LibraryNowhere,
                tr("%1 cannot find %2, and no folder of this machine holds it.").arg(who(context), shown),
                message,
                context);
    found.evidence.append({tr("The program searched: %1.")
                               .arg(searched.isEmpty() ? tr("only the system folders")
                                                       : QStringList(searched.mid(0, 6)).join(QStringLiteral(", "))),
                           QString()});
    if (wanted > 0) {
        const FrameworkVerdict* verdict = context.verdict;
        found.fix.text = verdict && verdict->builtCuda
            ? tr("Install cuDNN %1 for CUDA %2 (cudnn-setup installs it into a CUDA toolkit and puts it on the search "
                 "path).")
                  .arg(wanted)
                  .arg(verdict->builtCuda->major())
            : tr("Install cuDNN %1 (cudnn-setup installs it into a CUDA toolkit and puts it on the search path).")
                  .arg(wanted);
        found.fix.action = FixAction::of(FixAction::Kind::ChoosePackage);
    } else if (!zlibFix(name, found.fix)) {
        found.fix.text
            = tr("Install the CUDA toolkit (or the nvidia-* pip package) that provides %1, of the CUDA major "
                 "the program was built for.")
                  .arg(name);
    }
    found.subjects << names;
    out.causes.append(found);
}

bool CauseFinder::neededByCudnn(const RecognisedMessage& message,
                                const Context& context,
                                const QString& missing,
                                Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    const ProgramSearchOrder::Order terminal
        = ProgramSearchOrder::forSession(m_machine.locations, Session::ThisTerminal, context.ownFolders);
    for (const CudnnFileSet& set : fileSetsToJudge(message)) {
        for (const QString& library : set.runtimeLibraries(os)) {
            const binary::DependencyLink link = binary::locateLibrary(library.toStdString(), terminal.loader);
            if (link.status != binary::DependencyStatus::Found)
                continue;
            for (const binary::DependencyLink& problem :
                 binary::walkDependencies(link.path, terminal.loader).problems()) {
                if (!problem.delayLoaded && sameName(os, QString::fromStdString(problem.name), missing)) {
                    out.causes.append(missingDependency(message,
                                                        context,
                                                        library,
                                                        QString::fromStdString(link.path),
                                                        QString::fromStdString(problem.neededBy),
                                                        missing));
                    return true;
                }
            }
        }
    }
    return false;
}

bool CauseFinder::zlibFix(const QString& name, CauseFix& fix)
{
    if (name.startsWith(QLatin1String("libz.so"))) {
        fix.text = tr("Install zlib (Debian/Ubuntu: apt-get install zlib1g; Fedora/RHEL: dnf install zlib).");
        fix.command = QStringLiteral("sudo apt-get install zlib1g");
        return true;
    }
    if (name.compare(QLatin1String("zlibwapi.dll"), Qt::CaseInsensitive) == 0) {
        fix.text = tr("Install zlibwapi.dll (the ZLIB DLL, x64, that NVIDIA's cuDNN 8 install guide links to) into "
                      "a folder on PATH, such as the CUDA toolkit's bin folder.");
        return true;
    }
    return false;
}

ExplainCause CauseFinder::missingDependency(const RecognisedMessage& message,
                                            const Context& context,
                                            const QString& asked,
                                            const QString& path,
                                            const QString& needer,
                                            const QString& missing) const
{
    const OsFlavor os = m_machine.system.os;
    ExplainCause found = cause(
        ExplainCode::DependencyMissing,
        path.isEmpty()
            ? tr("%1 loads %2, but %2 needs %3, which the loader finds nowhere.").arg(who(context), asked, missing)
            : tr("%1 finds %2 at %3, but %4 needs %5, which the loader finds nowhere.")
                  .arg(who(context), asked, displayPath(os, path), displayPath(os, needer), missing),
        message,
        context);
    found.evidence.append({tr("%1 is needed by %2.").arg(missing, displayPath(os, needer)), needer});
    const auto elsewhere = copiesNamed(missing);
    for (const auto& [where, copy] : elsewhere)
        found.evidence.append({tr("%1 is on this machine at %2, in a folder the program does not search.")
                                   .arg(missing, displayPath(os, where)),
                               where});
    if (zlibFix(missing, found.fix)) {
        // zlib comes from the system (Linux) or the DLL NVIDIA's guide links to (Windows), wherever a copy lies.
    } else if (!elsewhere.isEmpty()) {
        const QString folder = QFileInfo(elsewhere.constFirst().first).absolutePath();
        found.fix.text = tr("Put %1 on the library search path for that program.").arg(displayPath(os, folder));
        if (os == OsFlavor::Linux)
            found.fix.command
                = QStringLiteral("export LD_LIBRARY_PATH=%1${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}").arg(folder);
    } else {
        found.fix.text = tr("Install the CUDA runtime libraries this cuDNN was built for (the CUDA toolkit, or "
                            "the matching nvidia-* pip packages), or put the folder that holds %1 on the "
                            "library search path.")
                             .arg(missing);
    }
    found.subjects << missing << asked;
    if (!path.isEmpty())
        found.subjects << path;
    return found;
}

void CauseFinder::symbolMissing(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    // A library of one release asking another release's library for what it lacks: two copies mixed.
    partsDisagree(message, context, out);
    if (std::none_of(
            out.causes.cbegin(), out.causes.cend(), [&](const ExplainCause& c) { return c.messageId == message.id; }))
        libraryNotLoaded(message, context, out);
}

void CauseFinder::partsDisagree(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    // A copy detection already found mixed in itself.
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        for (const CudnnProblem& problem : copy.problems) {
            if (problem.kind == CudnnProblem::Kind::MixedVersions) {
                out.causes.append(fromFinding(problem.diagnostic, message, context));
                return;
            }
        }
    }
    // Otherwise: the program's libraries, found one by one, from several copies or of several versions.
    const ProgramSearchOrder::Order terminal
        = ProgramSearchOrder::forSession(m_machine.locations, Session::ThisTerminal, context.ownFolders);
    for (const CudnnFileSet& set : fileSetsToJudge(message)) {
        QMap<QString, QStringList> byFolder; // folder -> the libraries found there
        QMap<QString, QString> versions; // folder -> the version its files carry
        for (const QString& library : set.runtimeLibraries(os)) {
            const binary::DependencyLink link = binary::locateLibrary(library.toStdString(), terminal.loader);
            if (link.status != binary::DependencyStatus::Found)
                continue;
            const QString path = QString::fromStdString(link.path);
            const QString folder = QFileInfo(path).absolutePath();
            byFolder[folder].append(library);
            const QString version = QString::fromStdString(cudnnsetup::cudnnfacts::versionInLibraryName(
                QFileInfo(QFileInfo(path).canonicalFilePath()).fileName().toStdString()));
            if (version.count(QLatin1Char('.')) >= 1)
                versions.insert(folder, version);
        }
        // Windows names carry the major alone: the copy's header or version resource says the rest, or, for a
        // folder detection did not look at (beside a program), the DLL's own.
        for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
            for (const QString& folder : copy.libraryDirs)
                if (byFolder.contains(folder) && !versions.contains(folder) && copy.version())
                    versions.insert(folder, copy.version()->toString());
        }
        for (auto it = byFolder.cbegin(); it != byFolder.cend(); ++it) {
            if (versions.contains(it.key()))
                continue;
            if (const auto version
                = CudnnInstallScanner::dllFileVersion(joinPath(os, it.key(), it.value().constFirst())))
                versions.insert(it.key(), version->toString());
        }
        if (byFolder.size() < 2)
            continue;
        QStringList parts;
        for (auto it = byFolder.cbegin(); it != byFolder.cend(); ++it)
            parts.append(tr("%1 from %2%3")
                             .arg(it.value().join(QStringLiteral(", ")),
                                  displayPath(os, it.key()),
                                  versions.contains(it.key()) ? tr(" (%1)").arg(versions.value(it.key())) : QString()));
        ExplainCause found = cause(ExplainCode::CopiesMixed,
                                   tr("%1 gets its cuDNN %2 libraries from more than one copy: %3. cuDNN's parts "
                                      "only work with the parts of their own release.")
                                       .arg(who(context))
                                       .arg(set.major)
                                       .arg(parts.join(QStringLiteral("; "))),
                                   message,
                                   context);
        for (auto it = byFolder.cbegin(); it != byFolder.cend(); ++it) {
            found.evidence.append({tr("Found here: %1.").arg(it.value().join(QStringLiteral(", "))), it.key()});
            found.subjects << it.key() << it.value();
        }
        found.fix.text = tr("Take the folder that holds only some of cuDNN's libraries off the search path (or delete "
                            "its cuDNN files), so that every library comes from one complete copy.");
        const QString programFolder = context.program.isEmpty() ? QString() : QFileInfo(context.program).absolutePath();
        for (auto it = byFolder.cbegin(); it != byFolder.cend(); ++it) {
            if (!programFolder.isEmpty() && samePath(os, it.key(), programFolder)) {
                found.evidence.append(
                    {tr("Windows searches the program's own folder before every other folder."), it.key()});
                found.fix.text = tr("Take the cuDNN DLLs beside the program (%1 in %2) away, or put every cuDNN DLL "
                                    "of one release there, so that every library comes from one copy.")
                                     .arg(it.value().join(QStringLiteral(", ")), displayPath(os, it.key()));
                continue;
            }
            if (!isWindowsSystemFolder(it.key()))
                continue;
            const QStringList folders = byFolder.keys();
            const auto other = std::find_if(
                folders.cbegin(), folders.cend(), [&](const QString& folder) { return folder != it.key(); });
            moveOutOfSystemFolder(found, it.key(), tr("every cuDNN library from %1").arg(displayPath(os, *other)));
        }
        out.causes.append(found);
        return;
    }
    out.instead.append(tr("%1 gets every cuDNN library from one copy here.").arg(who(context)));
}

void CauseFinder::olderThanCompiled(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    const std::optional<Version> loaded = versionFact(message, QStringLiteral("loaded_version"));
    const std::optional<Version> compiled = versionFact(message, QStringLiteral("compiled_version"));
    if (!loaded || !compiled)
        return;
    // What this program gets here: the framework's verdict (confirmed by its interpreter where that ran), else the
    // copy a program of this terminal finds by name.
    std::optional<CudnnCopyFact> gets;
    if (context.verdict)
        gets = context.verdict->loaded ? context.verdict->loaded : context.verdict->loads;
    if (!gets && !context.verdict) {
        const ProgramSearchOrder::Order terminal
            = ProgramSearchOrder::forSession(m_machine.locations, Session::ThisTerminal, context.ownFolders);
        const QString main = os == OsFlavor::Windows ? QStringLiteral("cudnn64_%1.dll").arg(loaded->major())
                                                     : QStringLiteral("libcudnn.so.%1").arg(loaded->major());
        const binary::DependencyLink link = binary::locateLibrary(main.toStdString(), terminal.loader);
        if (link.status == binary::DependencyStatus::Found) {
            const QString folder = QFileInfo(QString::fromStdString(link.path)).absolutePath();
            for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
                if (copy.libraryDirs.contains(folder) || copy.root == folder) {
                    CudnnCopyFact fact;
                    fact.major = copy.major;
                    fact.version = copy.version();
                    fact.path = folder;
                    fact.origin = cudnnOriginName(copy.origin);
                    gets = fact;
                }
            }
        }
    }
    if (!gets) {
        out.instead.append(tr("%1 gets no cuDNN %2 here, so this machine would fail another way.")
                               .arg(who(context))
                               .arg(loaded->major()));
        return;
    }
    const bool sameCopy = gets->version ? sameMinor(*gets->version, *loaded) : gets->major == loaded->major();
    if (!sameCopy) {
        out.instead.append(tr("%1 gets cuDNN %2 from %3 here, not %4: the message must come from another environment "
                              "or machine: give cudnn-setup the message there.")
                               .arg(who(context),
                                    gets->version ? gets->version->toString() : QString::number(gets->major),
                                    displayPath(os, gets->path),
                                    loaded->toString()));
        return;
    }
    // A copy that would fit, where this program would get it but for the one that comes first (the environment's
    // own wheel behind an LD_LIBRARY_PATH export; for a program of this terminal, any on the machine)?
    const CudnnInstall* fitting = nullptr;
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        const bool itsOwn = context.environment.isEmpty() || isPathInside(os, context.environment, copy.root);
        if (itsOwn && copy.major == compiled->major() && copy.version() && *copy.version() >= *compiled
            && !copy.libraryDirs.contains(gets->path) && copy.root != gets->path)
            fitting = &copy;
    }
    if (fitting) {
        ExplainCause found
            = cause(ExplainCode::OlderCopyWins,
                    tr("%1 was built with cuDNN %2 but gets the older cuDNN %3 from %4, which comes first; "
                       "%5 would fit but loses.")
                        .arg(who(context),
                             compiled->toString(),
                             loaded->toString(),
                             displayPath(os, gets->path),
                             describeCopy(*fitting)),
                    message,
                    context);
        found.evidence.append(
            {tr("The copy it gets: cuDNN %1 (%2).").arg(loaded->toString(), gets->origin), gets->path});
        found.evidence.append({tr("The copy that would fit: %1.").arg(describeCopy(*fitting)),
                               fitting->libraryDirs.value(0, fitting->root)});
        found.fix.text
            = tr("Take %1 off the search path (or upgrade that copy to %2 or newer), so the program gets %3.")
                  .arg(displayPath(os, gets->path), compiled->toString(), describeCopy(*fitting));
        if (const std::optional<QString> rest = withoutFolder(m_machine.locations.host, gets->path)) {
            found.evidence.append(
                {tr("It comes first because this terminal's LD_LIBRARY_PATH names its folder."), gets->path});
            found.fix.command = rest->isEmpty() ? QStringLiteral("unset LD_LIBRARY_PATH")
                                                : QStringLiteral("export LD_LIBRARY_PATH=%1").arg(*rest);
        }
        if (isWindowsSystemFolder(gets->path))
            moveOutOfSystemFolder(found, gets->path, describeCopy(*fitting));
        found.subjects << gets->path << fitting->root;
        out.causes.append(found);
        return;
    }
    // The framework's own verdict already says it: its words, and for a pip wheel the exact one it was built with.
    if (context.verdict) {
        for (const Diagnostic& finding : context.verdict->findings) {
            if (finding.code == FrameworkCode::TooOld || finding.code == FrameworkCode::MajorMismatch) {
                ExplainCause found = fromFinding(finding, message, context);
                found.evidence.append(
                    {tr("%1 gets cuDNN %2 from %3.").arg(who(context), loaded->toString(), displayPath(os, gets->path)),
                     gets->path});
                if (gets->origin == QLatin1String("pip") && !gets->package.isEmpty()) {
                    const QString pin
                        = context.verdict->builtCudnn ? context.verdict->builtCudnn->toString() : compiled->toString();
                    // pip's own spelling of the name (PEP 503): its folder's underscores are hyphens.
                    const QString package
                        = QString(gets->package).replace(QLatin1Char('_'), QLatin1Char('-')).toLower();
                    found.fix.text = tr("Install the %1 that %2 was built with, %3, in that environment.")
                                         .arg(package, context.verdict->subject.distribution, pin);
                    found.fix.command = QStringLiteral("pip install '%1==%2'").arg(package, pin);
                    found.fix.action = FixAction{};
                }
                found.subjects << gets->path;
                out.causes.append(found);
                return;
            }
        }
    }
    if (loaded->major() != compiled->major()) {
        ExplainCause found
            = cause(ExplainCode::LoadsOtherMajor,
                    tr("%1 was built with cuDNN %2 but gets cuDNN %3 from %4: a build for one major does "
                       "not work with another.")
                        .arg(who(context), compiled->toString(), loaded->toString(), displayPath(os, gets->path)),
                    message,
                    context);
        found.evidence.append(
            {tr("The copy it gets: cuDNN %1 (%2).").arg(loaded->toString(), gets->origin), gets->path});
        found.fix.text = tr("Install cuDNN %1 for the program (or a build of the program made for cuDNN %2).")
                             .arg(compiled->major())
                             .arg(loaded->major());
        found.fix.action = FixAction::of(FixAction::Kind::ChoosePackage);
        found.subjects << gets->path;
        out.causes.append(found);
        return;
    }
    ExplainCause found
        = cause(ExplainCode::LoadsOlder,
                tr("%1 was built with cuDNN %2 but gets the older cuDNN %3 from %4, and no newer cuDNN %5 "
                   "is on this machine.")
                    .arg(who(context), compiled->toString(), loaded->toString(), displayPath(os, gets->path))
                    .arg(compiled->major()),
                message,
                context);
    found.evidence.append({tr("The copy it gets: cuDNN %1 (%2).").arg(loaded->toString(), gets->origin), gets->path});
    if (gets->origin == QLatin1String("pip") && !gets->package.isEmpty()) {
        found.fix.text = tr("Upgrade the pip package %1 to %2 or newer in that environment.")
                             .arg(gets->package, compiled->toString());
        found.fix.command = QStringLiteral("pip install '%1>=%2'").arg(gets->package, compiled->toString());
    } else {
        found.fix.text
            = tr("Install cuDNN %1 or newer (cudnn-setup installs it into the CUDA toolkit and puts it first).")
                  .arg(compiled->toString());
        found.fix.action = FixAction::of(FixAction::Kind::ChoosePackage);
    }
    found.subjects << gets->path;
    out.causes.append(found);
}

void CauseFinder::notInitialized(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    const qsizetype before = out.causes.size();
    const qsizetype said = out.instead.size();
    noDriver(message, context, out);
    if (out.causes.size() > before)
        return;
    out.instead.resize(said); // the driver works and is new enough: what follows says more
    driverTooOld(message, context, out);
    if (out.causes.size() > before)
        return;
    out.instead.resize(said);
    // A copy built for another CUDA major than the framework, or one the driver or the GPU cannot run.
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        for (const CudnnProblem& problem : copy.problems) {
            if (problem.kind == CudnnProblem::Kind::CudaMismatch || problem.kind == CudnnProblem::Kind::DriverTooOld
                || problem.kind == CudnnProblem::Kind::GpuUnsupported) {
                out.causes.append(fromFinding(problem.diagnostic, message, context));
                return;
            }
        }
    }
    if (context.verdict && context.verdict->builtCuda && context.verdict->loads && context.verdict->loads->version) {
        for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
            if (copy.cudaMajor && copy.libraryDirs.contains(context.verdict->loads->path)
                && *copy.cudaMajor != context.verdict->builtCuda->major()) {
                ExplainCause found = cause(ExplainCode::ToolkitMismatch,
                                           tr("%1 is built for CUDA %2 but gets %3, built for CUDA %4.")
                                               .arg(who(context))
                                               .arg(context.verdict->builtCuda->major())
                                               .arg(describeCopy(copy))
                                               .arg(*copy.cudaMajor),
                                           message,
                                           context);
                found.evidence.append({describeCopy(copy), context.verdict->loads->path});
                found.fix.text = tr("Install the cuDNN build for CUDA %1 and make it the one the program gets.")
                                     .arg(context.verdict->builtCuda->major());
                found.fix.action = FixAction::of(FixAction::Kind::ChoosePackage);
                found.subjects << context.verdict->loads->path;
                out.causes.append(found);
                return;
            }
        }
    }
    out.instead.append(
        tr("%1 gets a cuDNN that fits its CUDA, the driver and the GPU here. CUDNN_STATUS_NOT_INITIALIZED "
           "then most often means the GPU had no memory left when cuDNN started (another process holds "
           "it: nvidia-smi shows which).")
            .arg(who(context)));
}

void CauseFinder::gpuNotInBuild(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    if (context.verdict) {
        for (const Diagnostic& finding : context.verdict->findings) {
            if (finding.code == FrameworkCode::GpuTooOld || finding.code == FrameworkCode::NoCudaBuild) {
                out.causes.append(fromFinding(finding, message, context));
                return;
            }
        }
    }
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        for (const CudnnProblem& problem : copy.problems) {
            if (problem.kind == CudnnProblem::Kind::GpuUnsupported) {
                out.causes.append(fromFinding(problem.diagnostic, message, context));
                return;
            }
        }
    }
    // The message itself names the GPU's architecture and the build's: the cause rests on it even where this process
    // sees no GPU (a remote machine's log, a container without the device).
    const QString arch = message.facts.value(QStringLiteral("gpu_arch"));
    const QString archs = message.facts.value(QStringLiteral("build_archs"));
    if (arch.isEmpty() && message.symptom != Symptom::ArchMismatch) {
        out.instead.append(tr("%1: no GPU here lies outside what its build supports.").arg(who(context)));
        return;
    }
    QString gpus;
    for (const GpuInfo& gpu : m_machine.system.gpus)
        gpus += (gpus.isEmpty() ? QString() : QStringLiteral(", "))
            + tr("%1 (compute capability %2)").arg(gpu.name, gpu.computeCapability.toString());
    ExplainCause found = cause(
        ExplainCode::GpuNotInBuild,
        arch.isEmpty() ? tr("The cuDNN that %1 loads has no kernels for this GPU%2.")
                             .arg(who(context).toLower(), gpus.isEmpty() ? QString() : tr(" (%1)").arg(gpus))
                       : tr("%1 was not built for the GPU's architecture %2%3.")
                             .arg(who(context), arch, archs.isEmpty() ? QString() : tr(" (it has %1)").arg(archs)),
        message,
        context);
    found.evidence.append({tr("The message names it: %1").arg(message.text.left(300)), QString()});
    if (!gpus.isEmpty())
        found.evidence.append({tr("This machine's GPU: %1.").arg(gpus), QString()});
    else
        found.evidence.append(
            {tr("No GPU is visible to this process here, so the architecture is the message's word."), QString()});
    found.fix.text = context.verdict
        ? tr("Install a build of %1 made with a CUDA that supports %2 (a newer CUDA variant of the same release, such "
             "as cu128 for Blackwell GPUs), and a cuDNN of that CUDA.")
              .arg(context.verdict->subject.distribution, arch.isEmpty() ? tr("this GPU") : arch)
        : tr("Use a build of the program, and a cuDNN, made for this GPU's architecture.");
    out.causes.append(found);
}

void CauseFinder::driverTooOld(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    if (context.verdict) {
        for (const Diagnostic& finding : context.verdict->findings) {
            if (finding.code == FrameworkCode::DriverTooOld) {
                out.causes.append(fromFinding(finding, message, context));
                return;
            }
        }
    }
    for (const Diagnostic& finding : m_machine.system.diagnostics) {
        if (finding.code == DetectCode::DriverTooOld && message.symptom == Symptom::DriverTooOld) {
            out.causes.append(fromFinding(finding, message, context));
            return;
        }
    }
    // The driver the message names, or this machine's, against the CUDA the framework was built with.
    std::optional<Version> driverCuda = versionFact(message, QStringLiteral("driver_cuda_version"));
    if (!driverCuda)
        driverCuda = m_machine.system.driver.newestCuda;
    const std::optional<Version> needed = context.verdict && context.verdict->builtCuda
        ? context.verdict->builtCuda
        : versionFact(message, QStringLiteral("cuda_version"));
    if (driverCuda && needed
        && *driverCuda
            < Version::parse(QStringLiteral("%1.%2").arg(needed->major()).arg(needed->minor())).value_or(*needed)
        && message.symptom == Symptom::DriverTooOld) {
        const std::optional<Version> minimum = CudaDriverTable::builtIn().familyMinimumDriver(needed->major(), os);
        ExplainCause found = cause(ExplainCode::DriverTooOld,
                                   tr("%1 needs CUDA %2, but the NVIDIA driver runs CUDA %3 at most.")
                                       .arg(who(context), needed->toString(), driverCuda->toString()),
                                   message,
                                   context);
        if (m_machine.system.driver.version)
            found.evidence.append({tr("The driver here: %1 (CUDA %2 at most).")
                                       .arg(m_machine.system.driver.version->toString(), driverCuda->toString()),
                                   m_machine.system.driver.library});
        else
            found.evidence.append(
                {tr("The message names the driver's CUDA: %1.").arg(driverCuda->toString()), QString()});
        found.fix.text = minimum
            ? tr("Update the NVIDIA driver to %1 or newer (or install a build of the program for an "
                 "older CUDA).")
                  .arg(minimum->toString())
            : tr("Update the NVIDIA driver (or install a build of the program for an older CUDA).");
        out.causes.append(found);
        return;
    }
    if (message.symptom == Symptom::DriverTooOld) {
        if (m_machine.system.driver.found && driverCuda)
            out.instead.append(tr("The driver here runs CUDA %1, enough for %2: the message must come from another "
                                  "machine, or a container with an older driver.")
                                   .arg(driverCuda->toString(), who(context)));
        else
            noDriver(message, context, out);
        return;
    }
    out.instead.append(tr("The driver here is new enough for %1.").arg(who(context)));
}

void CauseFinder::noDriver(const RecognisedMessage& message, const Context& context, Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    const DriverInfo& driver = m_machine.system.driver;
    if (driver.found) {
        out.instead.append(
            tr("The NVIDIA driver %1 loads here (%2), and %n GPU(s) answer.", "", int(m_machine.system.gpus.size()))
                .arg(driver.version ? driver.version->toString() : QString(), displayPath(os, driver.library)));
        return;
    }
    // WSL: the driver's libcuda lies in /usr/lib/wsl/lib, which the loader finds only through the cache.
    const QString wsl = m_machine.locations.systemRoot.hostPath(QStringLiteral("/usr/lib/wsl/lib/libcuda.so.1"));
    if (os == OsFlavor::Linux && QFileInfo::exists(wsl)) {
        ExplainCause found = cause(ExplainCode::CacheStale,
                                   tr("This is WSL: the Windows driver's libcuda.so.1 is in /usr/lib/wsl/lib, but the "
                                      "loader does not find it there (the loader cache does not list it)."),
                                   message,
                                   context);
        found.evidence.append({tr("The driver's library is here."), wsl});
        found.fix.text
            = tr("Make sure /etc/ld.so.conf.d/ld.wsl.conf names /usr/lib/wsl/lib, then rebuild the loader cache.");
        found.fix.command = QStringLiteral("sudo ldconfig");
        found.subjects << QStringLiteral("libcuda.so.1") << wsl;
        out.causes.append(found);
        return;
    }
    for (const Diagnostic& finding : m_machine.system.diagnostics) {
        if (finding.code == DetectCode::DriverNotFound || finding.code == DetectCode::DriverNotWorking) {
            ExplainCause found = fromFinding(finding, message, context);
            if (found.evidence.isEmpty() && !driver.error.isEmpty())
                found.evidence.append({tr("The loader said: %1").arg(driver.error), QString()});
            out.causes.append(found);
            return;
        }
    }
    ExplainCause found
        = cause(ExplainCode::NoDriver, tr("No working NVIDIA driver answers on this machine."), message, context);
    if (!driver.error.isEmpty())
        found.evidence.append({driver.error, QString()});
    found.fix.text = tr("Install the NVIDIA driver for your GPU; in a container, start the container with the GPUs "
                        "given to it (Docker and the NVIDIA Container Toolkit).");
    found.fix.command = QStringLiteral("docker run --gpus all <image>");
    out.causes.append(found);
}

void CauseFinder::notASymbolicLink(const RecognisedMessage& message, Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    const QString named = message.facts.value(QStringLiteral("path"));
    if (named.startsWith(QLatin1String("/usr/lib/wsl/"))) {
        ExplainCause found
            = cause(ExplainCode::NotSetup,
                    tr("%1 belongs to WSL's own copy of the Windows driver, which WSL keeps read-only and "
                       "unlinked: ldconfig's warning about it is harmless.")
                        .arg(named),
                    message,
                    Context{});
        found.fix.text = tr("Nothing to do for cuDNN; the warning goes away once WSL updates its files.");
        out.causes.append(found);
        return;
    }
    const QString path = m_machine.locations.systemRoot.hostPath(named);
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        for (const CudnnProblem& problem : copy.problems) {
            if (problem.kind == CudnnProblem::Kind::FlattenedLink
                && (problem.diagnostic.subject == path
                    || QFileInfo(problem.diagnostic.subject).fileName() == QFileInfo(named).fileName())) {
                ExplainCause found = fromFinding(problem.diagnostic, message, Context{});
                found.subjects << path;
                out.causes.append(found);
                return;
            }
        }
    }
    const QFileInfo file(path);
    if (file.exists() && !file.isSymLink()) {
        ExplainCause found = cause(ExplainCode::NotALink,
                                   tr("%1 is a file where cuDNN's layout has a link (copied without keeping links, cp "
                                      "without -P).")
                                       .arg(displayPath(os, path)),
                                   message,
                                   Context{});
        found.evidence.append({tr("A regular file, not a link."), path});
        found.fix.text = tr("Replace it by a link to the versioned file beside it (repair does it for a cuDNN it can "
                            "identify), and copy archives with cp -P or tar from now on.");
        found.fix.action = FixAction::of(FixAction::Kind::RunRepair);
        found.subjects << path;
        out.causes.append(found);
        return;
    }
    out.instead.append(
        file.isSymLink()
            ? tr("%1 is a link here again: the warning came from before it was put right.").arg(displayPath(os, path))
            : tr("%1 is not on this machine.").arg(displayPath(os, path)));
}

void CauseFinder::headersNotFound(const RecognisedMessage& message, Explanation& out) const
{
    const OsFlavor os = m_machine.system.os;
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        for (const CudnnProblem& problem : copy.problems) {
            if (problem.kind == CudnnProblem::Kind::HeaderMismatch) {
                out.causes.append(fromFinding(problem.diagnostic, message, Context{}));
                return;
            }
        }
    }
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        const QString header = QDir(copy.includeDir).filePath(QStringLiteral("cudnn.h"));
        const int headerMajor = copy.includeDir.isEmpty() ? 0 : cudnnHeaderMajor(header);
        const std::optional<Version> version = copy.version();
        if (headerMajor == 0 || !version || headerMajor == version->major())
            continue;
        ExplainCause found = cause(ExplainCode::HeadersMixed,
                                   tr("%1 holds the headers of two cuDNN releases: cudnn.h of cuDNN %2, "
                                      "cudnn_version.h of cuDNN %3. A build reads CUDNN_MAJOR from one and declares "
                                      "the functions of the other.")
                                       .arg(displayPath(os, copy.includeDir))
                                       .arg(headerMajor)
                                       .arg(version->toString()),
                                   message,
                                   Context{});
        found.evidence.append({tr("cudnn.h is of cuDNN %1.").arg(headerMajor), header});
        found.evidence.append({tr("cudnn_version.h says cuDNN %1.").arg(version->toString()),
                               QDir(copy.includeDir).filePath(QStringLiteral("cudnn_version.h"))});
        found.fix.text = tr("Copy every header (cudnn*.h) of the cuDNN package whose libraries are installed into that "
                            "folder, over the old ones; repair restores the headers of a cuDNN that cudnn-setup "
                            "installed.");
        found.fix.action = FixAction::of(FixAction::Kind::RunRepair);
        found.subjects << header << copy.includeDir;
        out.causes.append(found);
        return;
    }
    QStringList withHeaders;
    QStringList withoutVersionHeader;
    for (const CudnnInstall& copy : m_machine.system.cudnnInstalls) {
        if (copy.includeDir.isEmpty())
            continue;
        const QDir include(copy.includeDir);
        if (include.exists(QStringLiteral("cudnn.h")) && copy.major >= 8
            && !include.exists(QStringLiteral("cudnn_version.h")))
            withoutVersionHeader.append(copy.includeDir);
        else if (include.exists(QStringLiteral("cudnn.h")))
            withHeaders.append(copy.includeDir);
    }
    if (!withoutVersionHeader.isEmpty()) {
        ExplainCause found = cause(ExplainCode::HeadersMissing,
                                   tr("%1 holds cudnn.h but not cudnn_version.h, where cuDNN 8 and later keep "
                                      "CUDNN_MAJOR: a build that reads the version from it fails.")
                                       .arg(displayPath(os, withoutVersionHeader.constFirst())),
                                   message,
                                   Context{});
        found.evidence.append({tr("The include folder."), withoutVersionHeader.constFirst()});
        found.fix.text = tr("Copy every header of the cuDNN package (cudnn*.h) into that folder; repair restores the "
                            "headers of a cuDNN that cudnn-setup installed.");
        found.fix.action = FixAction::of(FixAction::Kind::RunRepair);
        found.subjects << withoutVersionHeader.constFirst();
        out.causes.append(found);
        return;
    }
    if (withHeaders.isEmpty()) {
        ExplainCause found = cause(ExplainCode::HeadersMissing,
                                   m_machine.system.cudnnInstalls.isEmpty()
                                       ? tr("No cuDNN is on this machine, headers or libraries.")
                                       : tr("This machine has cuDNN's libraries but none of its headers (cudnn.h): a "
                                            "runtime-only package or wheel."),
                                   message,
                                   Context{});
        for (const CudnnInstall& copy : m_machine.system.cudnnInstalls)
            found.evidence.append({describeCopy(copy), copy.root});
        found.fix.text = os == OsFlavor::Linux
            ? tr(
                "Install the development files: cudnn-setup installs NVIDIA's archive (headers included) into the CUDA "
                "toolkit, or the package libcudnn9-dev-cuda-12 from NVIDIA's repository holds them.")
            : tr("Install NVIDIA's cuDNN archive into the CUDA toolkit with cudnn-setup (headers and import libraries "
                 "included).");
        found.fix.action = FixAction::of(FixAction::Kind::ChoosePackage);
        out.causes.append(found);
        return;
    }
    out.instead.append(tr("cudnn.h and cudnn_version.h are in %1: point the build at it (CUDNN_INCLUDE_DIR, or the "
                          "CUDA toolkit it lies in).")
                           .arg(displayPath(os, withHeaders.constFirst())));
}

void CauseFinder::notASetupProblem(const RecognisedMessage& message, Explanation& out) const
{
    ExplainCause found
        = cause(ExplainCode::NotSetup,
                message.tellsApart.isEmpty() ? tr("This is not caused by how cuDNN is installed.") : message.tellsApart,
                message,
                Context{});
    found.evidence.append({message.text.left(300), QString()});
    found.fix.text = tr("Nothing in how cuDNN is installed needs changing: the program, its model or its data is where "
                        "to look, as said above.");
    out.causes.append(found);
}

void CauseFinder::settle(Explanation& out) const
{
    // One cause per code and sentence, with every environment that would print it.
    QList<ExplainCause> merged;
    for (const ExplainCause& cause : std::as_const(out.causes)) {
        auto same = std::find_if(merged.begin(), merged.end(), [&](const ExplainCause& m) {
            return m.code == cause.code && m.message == cause.message;
        });
        if (same == merged.end()) {
            merged.append(cause);
            continue;
        }
        for (const QString& environment : cause.environments)
            if (!same->environments.contains(environment))
                same->environments.append(environment);
    }
    // What a repair would fix, by the same rules as --repair: one of its automatic findings is about this.
    if (m_machine.repairs) {
        for (ExplainCause& cause : merged) {
            QSet<QString> libraries; // what the cause is about, by the library each names
            for (const QString& subject : std::as_const(cause.subjects))
                libraries.insert(libraryNamed(subject));
            for (const RepairFinding& finding : m_machine.repairs->findings) {
                if (finding.remedy != RepairFinding::Remedy::Automatic
                    && finding.remedy != RepairFinding::Remedy::NeedsElevation)
                    continue;
                // Its subject, or each library of a finding of one cause.
                const QStringList affected = finding.diagnostic.affected();
                const bool about = finding.diagnostic.code == cause.code
                    || std::any_of(affected.cbegin(),
                                   affected.cend(),
                                   [&](const QString& subject) { return libraries.contains(libraryNamed(subject)); })
                    || (!finding.root.isEmpty() && cause.subjects.contains(finding.root));
                if (!about)
                    continue;
                cause.fix.repairFixes = finding.remedy == RepairFinding::Remedy::Automatic;
                cause.fix.action
                    = FixAction::of(finding.remedy == RepairFinding::Remedy::Automatic ? FixAction::Kind::RunRepair
                                                                                       : FixAction::Kind::Elevate);
                break;
            }
        }
    }
    // Most likely first: a setup problem before a message that is not one, errors before warnings; otherwise the
    // order of the text.
    std::stable_sort(merged.begin(), merged.end(), [](const ExplainCause& a, const ExplainCause& b) {
        const bool aSetup = a.kind != QLatin1String("not-a-setup-problem");
        const bool bSetup = b.kind != QLatin1String("not-a-setup-problem");
        if (aSetup != bSetup)
            return aSetup;
        return a.severity > b.severity;
    });
    out.causes = merged;
    out.instead.removeDuplicates();
    out.outcome = out.messages.isEmpty() ? Explanation::Outcome::NotRecognised
        : out.causes.isEmpty()           ? Explanation::Outcome::NoCauseHere
                                         : Explanation::Outcome::CauseFound;
}
