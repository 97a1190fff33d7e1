#include "VerifyResult.h"

#include "cudnnfacts/VerifyCode.h"
#include "report/CauseGrouping.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

namespace {

std::optional<qint64> optionalNumber(const QJsonValue& value)
{
    return value.isDouble() ? std::optional<qint64>(value.toInteger()) : std::nullopt;
}

QString fileName(const QString& path)
{
    const qsizetype slash = std::max(path.lastIndexOf(QLatin1Char('/')), path.lastIndexOf(QLatin1Char('\\')));
    return slash < 0 ? path : path.mid(slash + 1);
}

QString parentFolder(const QString& path)
{
    const qsizetype slash = std::max(path.lastIndexOf(QLatin1Char('/')), path.lastIndexOf(QLatin1Char('\\')));
    return slash < 0 ? QString() : path.left(slash);
}

} // namespace

bool VerifyResult::passed() const
{
    return ran && worstSeverity(diagnostics) != Severity::Error;
}

const VerifiedLibrary* VerifyResult::mainLibrary() const
{
    for (const VerifiedLibrary& library : libraries) {
        if (library.isMain)
            return &library;
    }
    return nullptr;
}

Diagnostic VerifyResult::diagnosticFor(const QString& code, const QString& subject, const QString& detail)
{
    const QString name = fileName(subject);
    if (code == QLatin1String(VerifyCode::CudnnNotLoaded))
        return Diagnostic::of(Severity::Error,
                              code,
                              tr("cuDNN could not be loaded (%1): %2").arg(subject, detail),
                              tr("Install cuDNN into this CUDA toolkit, or put the folder that holds it on the "
                                 "library search path (PATH on Windows, LD_LIBRARY_PATH or ldconfig on Linux)."))
            .about(subject);
    if (code == QLatin1String(VerifyCode::SymbolMissing))
        return Diagnostic::of(Severity::Error,
                              code,
                              tr("%1 is not a working cuDNN library: %2.").arg(subject, detail),
                              tr("Replace it with the library from the cuDNN package."))
            .about(subject);
    if (code == QLatin1String(VerifyCode::UnknownMajor))
        return Diagnostic::of(Severity::Warning,
                              code,
                              tr("%1: %2.").arg(subject, detail),
                              tr("Update cudnn-setup to check this cuDNN version completely."))
            .about(subject);
    if (code == QLatin1String(VerifyCode::LibraryEmpty))
        return Diagnostic::of(Severity::Error,
                              code,
                              tr("%1 is an empty file (0 bytes).").arg(subject),
                              tr("Copy it again from the cuDNN package (Repair restores it). A virus scanner, a "
                                 "full disk or an interrupted copy leaves such files behind."))
            .about(subject)
            .because(tr("These cuDNN files are empty (0 bytes)."));
    if (code == QLatin1String(VerifyCode::SubLibraryNotLoaded))
        return Diagnostic::of(Severity::Error,
                              code,
                              tr("The cuDNN sub-library %1 could not be loaded: %2").arg(subject, detail),
                              tr("Copy every cuDNN library of the package (all cudnn* files, not only the main "
                                 "one) into the same folder, and install what the findings below name as "
                                 "missing."))
            .about(subject)
            .because(tr("These cuDNN sub-libraries could not be loaded: %1").arg(detail)); // one cause: one error
    if (code == QLatin1String(VerifyCode::MissingDependency) || code == QLatin1String(VerifyCode::UnusableDependency)) {
        const bool delayLoaded = detail.contains(QLatin1String("delay-loaded"));
        const QString lower = name.toLower();
        QString fix;
        if (lower == QLatin1String("zlibwapi.dll"))
            fix = tr("Install zlibwapi.dll (the ZLIB DLL, x64, that NVIDIA's cuDNN 8 install guide links to) into a "
                     "folder on PATH, such as the CUDA toolkit's bin folder.");
        else if (lower.startsWith(QLatin1String("vcruntime140")) || lower.startsWith(QLatin1String("msvcp140")))
            fix = tr("Install the Microsoft Visual C++ 2015-2022 Redistributable (x64).");
        else if (lower.startsWith(QLatin1String("libz.so")))
            fix = tr("Install zlib (Debian/Ubuntu: apt-get install zlib1g; Fedora/RHEL: dnf install zlib).");
        else if (lower.contains(QLatin1String("cudart")) || lower.contains(QLatin1String("cublas"))
                 || lower.contains(QLatin1String("nvrtc")))
            fix = tr("Install the CUDA toolkit this cuDNN was built for, or put the folder that holds %1 on the "
                     "library search path.")
                      .arg(name);
        else
            fix = tr("Put the folder that holds %1 on the library search path, or install the package that "
                     "provides it.")
                      .arg(name);
        const QString message = code == QLatin1String(VerifyCode::MissingDependency)
            ? tr("%1 is missing: %2.").arg(subject, detail)
            : tr("%1 cannot be used: %2.").arg(subject, detail);
        return (delayLoaded ? Diagnostic::of(Severity::Warning, code, message, fix)
                            : Diagnostic::of(Severity::Error, code, message, fix))
            .about(subject);
    }
    if (code == QLatin1String(VerifyCode::MixedFolders))
        return Diagnostic::of(Severity::Error,
                              code,
                              tr("cuDNN is loaded from more than one folder: %1.").arg(detail),
                              tr("Remove or update the stray copy %1 (a folder earlier on the search path wins); "
                                 "every cuDNN library must come from one package in one folder.")
                                  .arg(subject))
            .about(subject);
    if (code == QLatin1String(VerifyCode::MixedVersions))
        return Diagnostic::of(Severity::Error,
                              code,
                              tr("cuDNN libraries of different versions are loaded together: %1.").arg(detail),
                              tr("Replace %1 with the file from the same cuDNN package as the main library "
                                 "(CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH, WinError 127).")
                                  .arg(subject))
            .about(subject);
    if (code == QLatin1String(VerifyCode::FileVersionMismatch))
        return Diagnostic::of(Severity::Warning,
                              code,
                              tr("The version of %1 does not match what it reports: %2.").arg(name, detail),
                              tr("Reinstall cuDNN from one package."))
            .about(subject);
    if (code == QLatin1String(VerifyCode::HeaderMismatch))
        return Diagnostic::of(Severity::Error,
                              code,
                              tr("The cuDNN header and library disagree: %1.").arg(detail),
                              tr("Install the header and the libraries from the same cuDNN package; programs "
                                 "built against this header expect another library."))
            .about(subject);
    if (code == QLatin1String(VerifyCode::HeaderUnreadable))
        return Diagnostic::of(Severity::Warning,
                              code,
                              tr("No cuDNN version could be read from %1: %2.").arg(subject, detail),
                              tr("Copy cudnn_version.h from the cuDNN package into the toolkit's include folder."))
            .about(subject);
    return Diagnostic::of(Severity::Warning, code, tr("%1: %2").arg(subject, detail)).about(subject);
}

VerifyResult VerifyResult::fromProbeJson(const QJsonObject& json)
{
    VerifyResult result;
    result.probeJson = json;
    const QJsonObject verify = json.value(QStringLiteral("verify")).toObject();
    result.ran = true;
    result.major = verify.value(QStringLiteral("major")).toInt();
    result.version = optionalNumber(verify.value(QStringLiteral("version")));
    result.versionText = verify.value(QStringLiteral("version_text")).toString();
    result.cudartVersion = optionalNumber(verify.value(QStringLiteral("cudart_version")));
    result.cudartVersionText = verify.value(QStringLiteral("cudart_version_text")).toString();
    const QJsonObject header = verify.value(QStringLiteral("header")).toObject();
    result.headerPath = header.value(QStringLiteral("path")).toString();
    result.headerVersion = optionalNumber(header.value(QStringLiteral("version")));
    result.headerVersionText = header.value(QStringLiteral("version_text")).toString();
    for (const QJsonValue& value : verify.value(QStringLiteral("libraries")).toArray()) {
        const QJsonObject o = value.toObject();
        VerifiedLibrary library;
        library.name = o.value(QStringLiteral("name")).toString();
        library.isMain = o.value(QStringLiteral("role")).toString() == QLatin1String("main");
        library.loaded = o.value(QStringLiteral("loaded")).toBool();
        library.path = o.value(QStringLiteral("path")).toString();
        library.foundVia = o.value(QStringLiteral("found_via")).toString();
        library.version = o.value(QStringLiteral("version")).toString();
        library.error = o.value(QStringLiteral("error")).toString();
        result.libraries.append(library);
    }
    for (const QJsonValue& value : verify.value(QStringLiteral("findings")).toArray()) {
        const QJsonObject o = value.toObject();
        result.diagnostics.append(diagnosticFor(o.value(QStringLiteral("code")).toString(),
                                                o.value(QStringLiteral("subject")).toString(),
                                                o.value(QStringLiteral("detail")).toString()));
    }
    result.diagnostics = CauseGrouping::grouped(result.diagnostics);
    if (result.diagnostics.isEmpty()) {
        const VerifiedLibrary* main = result.mainLibrary();
        const QString folder = main ? parentFolder(main->path) : QString();
        result.diagnostics.append(
            Diagnostic::of(QString::fromLatin1(VerifyCode::Ok),
                           tr("cuDNN %1: all %n libraries load from %2.", nullptr, int(result.libraries.size()))
                               .arg(result.versionText, folder))
                .about(main ? main->path : QString()));
    }
    return result;
}

VerifyResult VerifyResult::notRun(const QString& code, const QString& reason)
{
    VerifyResult result;
    result.diagnostics.append(Diagnostic::of(Severity::Error,
                                             code,
                                             tr("cuDNN could not be verified: %1").arg(reason),
                                             tr("Run cudnn-probe verify by hand to see what happens; reinstall "
                                                "cudnn-setup if cudnn-probe is missing.")));
    return result;
}

bool NewProgramLoad::matches() const
{
    if (!ran || loaded.isEmpty() || expected.isEmpty())
        return false;
    const QString a = QFileInfo(loaded).canonicalFilePath();
    const QString b = QFileInfo(expected).canonicalFilePath();
    return !a.isEmpty() && a == b;
}

QJsonObject NewProgramLoad::toJson() const
{
    return {{QStringLiteral("observed"), ran},
            {QStringLiteral("library"), library},
            {QStringLiteral("expected"), expected},
            {QStringLiteral("loaded"), loaded.isEmpty() ? QJsonValue() : QJsonValue(loaded)},
            {QStringLiteral("version"), version},
            {QStringLiteral("error"), error},
            {QStringLiteral("search_variable"), ldLibraryPath},
            {QStringLiteral("is_installed_copy"), matches()}};
}

void VerifyResult::observe(const NewProgramLoad& load, bool mustBeInstalledCopy)
{
    newProgram = load;
    if (!load.ran || !ran)
        return;
    if (load.matches()) {
        for (Diagnostic& diagnostic : diagnostics) {
            if (diagnostic.code == QLatin1String(VerifyCode::Ok))
                diagnostic.message += QLatin1Char(' ')
                    + tr("A new program that loads %1 by name gets this copy too.").arg(load.library);
        }
        return;
    }
    diagnostics.removeIf([](const Diagnostic& diagnostic) { return diagnostic.code == QLatin1String(VerifyCode::Ok); });
    const QString message = load.loaded.isEmpty()
        ? tr("A new program that loads %1 by name gets no copy at all (%2), not the installed %3.")
              .arg(load.library, load.error, QDir::toNativeSeparators(load.expected))
        : tr("A new program that loads %1 by name gets %2%3, not the installed %4.")
              .arg(load.library,
                   QDir::toNativeSeparators(load.loaded),
                   load.version.isEmpty() ? QString() : tr(" (cuDNN %1)").arg(load.version),
                   QDir::toNativeSeparators(load.expected));
    const bool windows = load.library.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive);
    // Where the search path was left as it was, as asked, this is what the user chose: said, not a failure.
    const QString said = mustBeInstalledCopy ? message
                                             : message + QLatin1Char(' ')
            + tr("The search path was left as it was, as asked: programs that name the toolkit's folder (their "
                 "RPATH, or their own %1) get the installed copy.")
                  .arg(windows ? QStringLiteral("PATH") : QStringLiteral("LD_LIBRARY_PATH"));
    QString fix;
    if (mustBeInstalledCopy)
        fix = windows ? tr("Put the toolkit's bin folder first on the user or machine Path; a repair does what this "
                           "user may. Programs that keep their own copy are not affected.")
                      : tr("Put the toolkit's library folder first for new programs: rebuild the loader cache as root "
                           "(ldconfig) or add the folder to the search path in your login profile; a repair does what "
                           "this user may. Programs that keep their own copy are not affected.");
    else
        fix = windows ? tr("To make it the copy new programs get, let a repair put the toolkit's bin folder first on "
                           "the user or machine Path.")
                      : tr("To make it the copy new programs get, let a repair put the toolkit's library folder first "
                           "on the search path, or rebuild the loader cache as root.");
    diagnostics.append(Diagnostic::of(mustBeInstalledCopy ? Severity::Error : Severity::Warning,
                                      QString::fromLatin1(VerifyCode::NewProgramOtherCopy),
                                      said,
                                      fix)
                           .about(load.loaded.isEmpty() ? load.expected : load.loaded));
}

QJsonObject VerifyResult::toJson() const
{
    QJsonArray libraryArray;
    for (const VerifiedLibrary& library : libraries) {
        libraryArray.append(QJsonObject{{QStringLiteral("name"), library.name},
                                        {QStringLiteral("main"), library.isMain},
                                        {QStringLiteral("loaded"), library.loaded},
                                        {QStringLiteral("path"), library.path},
                                        {QStringLiteral("found_via"), library.foundVia},
                                        {QStringLiteral("version"), library.version},
                                        {QStringLiteral("error"), library.error}});
    }
    const auto number = [](const std::optional<qint64>& v) { return v ? QJsonValue(double(*v)) : QJsonValue(); };
    return QJsonObject{{QStringLiteral("passed"), passed()},
                       {QStringLiteral("ran"), ran},
                       {QStringLiteral("major"), major},
                       {QStringLiteral("version"), number(version)},
                       {QStringLiteral("version_text"), versionText},
                       {QStringLiteral("cudart_version"), number(cudartVersion)},
                       {QStringLiteral("cudart_version_text"), cudartVersionText},
                       {QStringLiteral("header_path"), headerPath},
                       {QStringLiteral("header_version"), number(headerVersion)},
                       {QStringLiteral("header_version_text"), headerVersionText},
                       {QStringLiteral("libraries"), libraryArray},
                       {QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics)},
                       {QStringLiteral("new_program"), newProgram.toJson()},
                       {QStringLiteral("probe"), probeJson}};
}
