#include "EnvironmentStep.h"

#include "env/ShellProfile.h"
#include "env/TextDiff.h"
#include "host/PathList.h"
#include "install/FaultPoint.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>
#include <filesystem>
#include <system_error>

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(EnvironmentStep)
};

QString changedSince(const QString& what)
{
    return Tr::tr("%1 changed after the plan was made; analyse again before applying.").arg(what);
}

QJsonValue bytesToJson(const std::optional<QByteArray>& bytes)
{
    return bytes ? QJsonValue(QString::fromLatin1(bytes->toBase64())) : QJsonValue();
}

std::optional<QByteArray> bytesFromJson(const QJsonValue& value)
{
    if (!value.isString())
        return std::nullopt;
    return QByteArray::fromBase64(value.toString().toLatin1());
}

QJsonObject storedToJson(const StoredValue& value)
{
    return {{QStringLiteral("type"), value.typeName()}, {QStringLiteral("data"), value.data}};
}

StoredValue storedFromJson(const QJsonObject& json)
{
    return {StoredValue::typeFromName(json.value(QStringLiteral("type")).toString()),
            json.value(QStringLiteral("data")).toString()};
}

/** UTF-16 in, so a non-ASCII path survives on Windows too (a narrow string would go through the ANSI code page). */
std::filesystem::path fsPath(const QString& path)
{
    return std::filesystem::path(path.toStdU16String());
}

bool exists(const QString& path)
{
    std::error_code ignored;
    return std::filesystem::exists(std::filesystem::symlink_status(fsPath(path), ignored));
}

} // namespace

QString EnvironmentStep::diff() const
{
    const QString before = beforeText();
    const QString after = afterText();
    return TextDiff::unified(before.isNull() ? QStringLiteral("/dev/null") : target(),
                             TextDiff::lines(before),
                             after.isNull() ? QStringLiteral("/dev/null") : target(),
                             TextDiff::lines(after));
}

bool EnvironmentStep::perform()
{
    m_error.clear();
    m_note.clear();
    if (!m_refusal.isEmpty()) {
        m_error = m_refusal;
        m_refused = true;
        return false;
    }
    if (FaultPoint::hit("environment.step")) {
        m_error = Tr::tr("cannot change %1: injected fault").arg(target());
        m_refused = true;
        return false;
    }
    const StepOutcome outcome = apply();
    (outcome.ok ? m_note : m_error) = outcome.message;
    m_refused = !outcome.ok;
    return outcome.ok;
}

bool EnvironmentStep::undo()
{
    m_error.clear();
    m_note.clear();
    if (!m_refusal.isEmpty()) { // checked again right before it would write: nothing it names is touched
        m_error = m_refusal;
        return false;
    }
    // Refused here, never performed (a kill before it ran) or undone already: what is there is not ours to change.
    if (m_refused || holdsBefore())
        return true;
    const StepOutcome outcome = revert();
    (outcome.ok ? m_note : m_error) = outcome.message;
    return outcome.ok;
}

std::shared_ptr<EnvironmentStep> EnvironmentStep::fromJson(const QJsonObject& json,
                                                           std::shared_ptr<EnvironmentStore> store,
                                                           QString* error,
                                                           const QString& installList)
{
    const QString kind = json.value(QStringLiteral("kind")).toString();
    std::shared_ptr<EnvironmentStep> step;
    if (kind == QLatin1String("registry_value"))
        step = RegistryValueStep::fromJson(json, std::move(store));
    else if (kind == QLatin1String("file"))
        step = FileEditStep::fromJson(json, installList);
    else if (kind == QLatin1String("rename"))
        step = RenameStep::fromJson(json);
    else if (kind == QLatin1String("symlink"))
        step = SymlinkStep::fromJson(json);
    if (!step && error)
        *error = Tr::tr("The environment step \"%1\" is unknown or incomplete.").arg(kind);
    return step;
}

// --- RegistryValueStep ---------------------------------------------------------------------------------------------

RegistryValueStep::RegistryValueStep(std::shared_ptr<EnvironmentStore> store,
                                     EnvironmentScope scope,
                                     QString name,
                                     StoredValue before,
                                     StoredValue after)
    : m_store(std::move(store))
    , m_scope(scope)
    , m_name(std::move(name))
    , m_before(std::move(before))
    , m_after(std::move(after))
{
}

QString RegistryValueStep::target() const
{
    return EnvironmentStore::keyName(m_scope) + QLatin1Char('\\') + m_name;
}

bool RegistryValueStep::isPathList() const
{
    return m_name.compare(QLatin1String("Path"), Qt::CaseInsensitive) == 0;
}

QString RegistryValueStep::text(const StoredValue& value) const
{
    if (!value.exists())
        return {};
    // One entry a line, so the dry run shows which entry moved; the type heads it because it matters as much.
    const QString body
        = isPathList() ? PathList::splitVerbatim(OsFlavor::Windows, value.data).join(QLatin1Char('\n')) : value.data;
    return QStringLiteral("[%1]\n%2").arg(value.typeName(), body);
}

QString RegistryValueStep::beforeText() const
{
    return text(m_before);
}

QString RegistryValueStep::afterText() const
{
    return text(m_after);
}

StepOutcome RegistryValueStep::apply()
{
    if (!m_store)
        return StepOutcome::failed(Tr::tr("Cannot write %1: there is no registry here.").arg(target()));
    EnvironmentStore* store = m_store.get();
    const StoredValue current = store->read(m_scope, m_name);
    if (!current.isReadable())
        return StepOutcome::failed(Tr::tr("Cannot read %1: %2").arg(target(), current.data));
    if (current == m_after)
        return StepOutcome::unchanged();
    if (current != m_before)
        return StepOutcome::failed(changedSince(target()));
    QString error;
    if (!store->write(m_scope, m_name, m_after, &error))
        return StepOutcome::failed(Tr::tr("Cannot write %1: %2").arg(target(), error));
    return StepOutcome::done();
}

QString RegistryValueStep::withoutOurEntries(const QString& current) const
{
    const OsFlavor os = OsFlavor::Windows;
    QSet<QString> before;
    for (const QString& entry : PathList::splitVerbatim(os, m_before.data))
        before.insert(PathList::entryKey(os, entry));
    QSet<QString> added;
    for (const QString& entry : PathList::splitVerbatim(os, m_after.data)) {
        if (!before.contains(PathList::entryKey(os, entry)))
            added.insert(PathList::entryKey(os, entry));
    }
    QStringList kept;
    for (const QString& entry : PathList::splitVerbatim(os, current)) {
        if (!added.contains(PathList::entryKey(os, entry)))
            kept.append(entry);
    }
    return PathList::join(os, kept);
}

StepOutcome RegistryValueStep::revert()
{
    if (!m_store)
        return StepOutcome::failed(Tr::tr("Cannot restore %1: there is no registry here.").arg(target()));
    EnvironmentStore* store = m_store.get();
    const StoredValue current = store->read(m_scope, m_name);
    if (!current.isReadable())
        return StepOutcome::failed(Tr::tr("Cannot read %1: %2").arg(target(), current.data));
    QString error;
    if (current == m_after) {
        if (!store->write(m_scope, m_name, m_before, &error))
            return StepOutcome::failed(Tr::tr("Cannot restore %1: %2").arg(target(), error));
        return StepOutcome::done();
    }
    if (!isPathList() || !current.exists())
        return StepOutcome::unchanged(
            Tr::tr("%1 was changed after cudnn-setup wrote it; it is left as it is now.").arg(target()));
    const StoredValue merged{current.type, withoutOurEntries(current.data)};
    if (merged == current)
        return StepOutcome::unchanged();
    if (!store->write(m_scope, m_name, merged, &error))
        return StepOutcome::failed(Tr::tr("Cannot write %1: %2").arg(target(), error));
    return StepOutcome{true,
                       true,
                       Tr::tr("%1 was changed after cudnn-setup wrote it; only the entries cudnn-setup added were "
                              "taken out, later changes are kept.")
                           .arg(target())};
}

bool RegistryValueStep::holdsBefore() const
{
    return m_store && m_store->read(m_scope, m_name) == m_before;
}

QJsonObject RegistryValueStep::toJson() const
{
    return {{QStringLiteral("kind"), kind()},
            {QStringLiteral("scope"), scopeName(m_scope)},
            {QStringLiteral("name"), m_name},
            {QStringLiteral("before"), storedToJson(m_before)},
            {QStringLiteral("after"), storedToJson(m_after)}};
}

std::shared_ptr<EnvironmentStep> RegistryValueStep::fromJson(const QJsonObject& json,
                                                             std::shared_ptr<EnvironmentStore> store)
{
    const auto scope = scopeFromName(json.value(QStringLiteral("scope")).toString());
    const QString name = json.value(QStringLiteral("name")).toString();
    if (!scope || name.isEmpty())
        return nullptr;
    return std::make_shared<RegistryValueStep>(std::move(store),
                                               *scope,
                                               name,
                                               storedFromJson(json.value(QStringLiteral("before")).toObject()),
                                               storedFromJson(json.value(QStringLiteral("after")).toObject()));
}

// --- FileEditStep --------------------------------------------------------------------------------------------------

FileEditStep::FileEditStep(
    QString path, Ownership ownership, std::optional<QByteArray> before, std::optional<QByteArray> after, int effects)
    : m_path(std::move(path))
    , m_ownership(ownership)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_effects(effects)
{
}

QString FileEditStep::beforeText() const
{
    return m_before ? QString::fromUtf8(*m_before) : QString();
}

QString FileEditStep::afterText() const
{
    return m_after ? QString::fromUtf8(*m_after) : QString();
}

std::optional<QByteArray> FileEditStep::readFile(const QString& path)
{
    QFile file(path);
    if (!file.exists())
        return std::nullopt;
    if (!file.open(QIODevice::ReadOnly))
        return QByteArray(); // exists but unreadable: compares unequal to any real before, so nothing is overwritten
    return file.readAll();
}

/** Writes (or, for nullopt, removes) the file; a link (a dotfile manager's) is written through, not replaced. */
static StepOutcome putFile(const QString& path, const std::optional<QByteArray>& bytes)
{
    const QFileInfo info(path);
    const QString real = info.isSymLink() ? info.symLinkTarget() : path;
    if (!bytes) {
        if (QFile::exists(real) && !QFile::remove(real))
            return StepOutcome::failed(Tr::tr("Cannot remove %1.").arg(real));
        return StepOutcome::done();
    }
    if (!QDir().mkpath(QFileInfo(real).absolutePath()))
        return StepOutcome::failed(Tr::tr("Cannot create the folder of %1.").arg(real));
    QSaveFile file(real);
    if (!file.open(QIODevice::WriteOnly) || file.write(*bytes) != bytes->size() || !file.commit())
        return StepOutcome::failed(Tr::tr("Cannot write %1: %2").arg(real, file.errorString()));
    return StepOutcome::done();
}

StepOutcome FileEditStep::apply()
{
    const std::optional<QByteArray> current = readFile(m_path);
    if (current == m_after)
        return StepOutcome::unchanged();
    if (current != m_before)
        return StepOutcome::failed(changedSince(m_path));
    return putFile(m_path, m_after);
}

UserInstallList::Fix FileEditStep::fixWritten() const
{
    const QByteArray after = m_after.value_or(QByteArray());
    return {m_path, m_ownership == Ownership::MarkedBlock ? ShellProfile::blockOf(after) : after};
}

std::optional<QByteArray> FileEditStep::beforeStillWanted() const
{
    const UserInstallList installs(m_installList);
    if (!m_before)
        return m_before;
    if (m_ownership == Ownership::WholeFile) // our own file: what was there before is another install's
        return installs.stillWanted(m_path, *m_before) ? m_before : std::nullopt;
    const QByteArray block = ShellProfile::blockOf(*m_before);
    if (block.isEmpty() || installs.stillWanted(m_path, block))
        return m_before;
    return ShellProfile::withoutBlock(*m_before);
}

StepOutcome FileEditStep::revert()
{
    const std::optional<QByteArray> current = readFile(m_path);
    if (current == m_after)
        return putFile(m_path, beforeStillWanted());
    if (m_ownership == Ownership::MarkedBlock && current && ShellProfile::hasBlock(*current)) {
        if (ShellProfile::blockOf(*current) != ShellProfile::blockOf(m_after.value_or(QByteArray())))
            return StepOutcome::unchanged(
                Tr::tr("The cudnn-setup block in %1 is another install's fix now; it is left as it is.").arg(m_path));
        StepOutcome outcome
            = putFile(m_path, ShellProfile::withBlockOf(*current, beforeStillWanted().value_or(QByteArray())));
        if (outcome.ok)
            outcome.message
                = Tr::tr("%1 was edited after cudnn-setup wrote it; only the cudnn-setup block was taken back.")
                      .arg(m_path);
        return outcome;
    }
    if (m_ownership == Ownership::MarkedBlock)
        return StepOutcome::unchanged();
    return StepOutcome::unchanged(
        Tr::tr("%1 was changed after cudnn-setup wrote it; it is left as it is now.").arg(m_path));
}

EnvironmentStep::UndoEffect FileEditStep::undoEffect() const
{
    const std::optional<QByteArray> back = beforeStillWanted();
    if (!back)
        return UndoEffect::Removes;
    return back == m_before ? UndoEffect::PutsBack : UndoEffect::TakesOutOurPart;
}

bool FileEditStep::holdsBefore() const
{
    return readFile(m_path) == m_before;
}

QJsonObject FileEditStep::toJson() const
{
    QJsonObject json{
        {QStringLiteral("kind"), kind()},
        {QStringLiteral("path"), m_path},
        {QStringLiteral("ownership"),
         m_ownership == Ownership::WholeFile ? QStringLiteral("whole_file") : QStringLiteral("marked_block")},
        {QStringLiteral("before_base64"), bytesToJson(m_before)},
        {QStringLiteral("after_base64"), bytesToJson(m_after)}};
    if (m_effects & LoaderConfigChanged)
        json.insert(QStringLiteral("loader_config"), true);
    return json;
}

std::shared_ptr<EnvironmentStep> FileEditStep::fromJson(const QJsonObject& json, const QString& installList)
{
    const QString path = json.value(QStringLiteral("path")).toString();
    if (path.isEmpty())
        return nullptr;
    const Ownership ownership = json.value(QStringLiteral("ownership")).toString() == QLatin1String("whole_file")
        ? Ownership::WholeFile
        : Ownership::MarkedBlock;
    auto step = std::make_shared<FileEditStep>(
        path,
        ownership,
        bytesFromJson(json.value(QStringLiteral("before_base64"))),
        bytesFromJson(json.value(QStringLiteral("after_base64"))),
        json.value(QStringLiteral("loader_config")).toBool() ? LoaderConfigChanged : NoEffect);
    step->setInstallList(installList);
    return step;
}

// --- RenameStep ----------------------------------------------------------------------------------------------------

RenameStep::RenameStep(QString from, QString to)
    : m_from(std::move(from))
    , m_to(std::move(to))
{
}

QString RenameStep::quarantineName(const QString& path)
{
    return path + QStringLiteral(".cudnn-setup-quarantined");
}

QString RenameStep::diff() const
{
    return QStringLiteral("rename from %1\nrename to %2\n").arg(m_from, m_to);
}

static StepOutcome renameFile(const QString& from, const QString& to)
{
    if (!QFile::rename(from, to))
        return StepOutcome::failed(Tr::tr("Cannot rename %1 to %2.").arg(from, to));
    return StepOutcome::done();
}

StepOutcome RenameStep::apply()
{
    if (!exists(m_from) && exists(m_to))
        return StepOutcome::unchanged();
    if (!exists(m_from))
        return StepOutcome::failed(changedSince(m_from));
    if (exists(m_to))
        return StepOutcome::failed(Tr::tr("%1 is in the way; move it before quarantining %2.").arg(m_to, m_from));
    return renameFile(m_from, m_to);
}

StepOutcome RenameStep::revert()
{
    if (exists(m_to) && !exists(m_from))
        return renameFile(m_to, m_from);
    return StepOutcome::unchanged(Tr::tr("%1 was not put back: %2")
                                      .arg(m_from,
                                           exists(m_from) ? Tr::tr("a file of that name exists again.")
                                                          : Tr::tr("the quarantined copy is gone.")));
}

bool RenameStep::holdsBefore() const
{
    return exists(m_from) && !exists(m_to);
}

QJsonObject RenameStep::toJson() const
{
    return {{QStringLiteral("kind"), kind()}, {QStringLiteral("from"), m_from}, {QStringLiteral("to"), m_to}};
}

std::shared_ptr<EnvironmentStep> RenameStep::fromJson(const QJsonObject& json)
{
    const QString from = json.value(QStringLiteral("from")).toString();
    const QString to = json.value(QStringLiteral("to")).toString();
    if (from.isEmpty() || to.isEmpty())
        return nullptr;
    return std::make_shared<RenameStep>(from, to);
}

// --- SymlinkStep ---------------------------------------------------------------------------------------------------

SymlinkStep::SymlinkStep(QString link, QString before, QString after)
    : m_link(std::move(link))
    , m_before(std::move(before))
    , m_after(std::move(after))
{
}

QString SymlinkStep::linkTarget(const QString& link)
{
    std::error_code error;
    const std::filesystem::path target = std::filesystem::read_symlink(fsPath(link), error);
    return error ? QString() : QString::fromStdU16String(target.u16string());
}

QString SymlinkStep::beforeText() const
{
    return m_before.isEmpty() ? QString() : QStringLiteral("-> %1").arg(m_before);
}

QString SymlinkStep::afterText() const
{
    return QStringLiteral("-> %1").arg(m_after);
}

StepOutcome SymlinkStep::point(const QString& link, const QString& target)
{
    std::error_code error;
    if (target.isEmpty()) {
        std::filesystem::remove(fsPath(link), error);
    } else {
        // Make the new link beside the old one, then rename it over: there is never a moment without a link.
        const std::filesystem::path fresh = fsPath(link + QStringLiteral(".cudnn-setup-new"));
        std::filesystem::remove(fresh, error);
        std::filesystem::create_symlink(fsPath(target), fresh, error);
        if (!error)
            std::filesystem::rename(fresh, fsPath(link), error);
    }
    if (error)
        return StepOutcome::failed(
            Tr::tr("Cannot point %1 at %2: %3").arg(link, target, QString::fromStdString(error.message())));
    return StepOutcome::done();
}

StepOutcome SymlinkStep::apply()
{
    const QString current = linkTarget(m_link);
    if (current == m_after)
        return StepOutcome::unchanged();
    if (current != m_before || (current.isNull() && exists(m_link)))
        return StepOutcome::failed(changedSince(m_link));
    return point(m_link, m_after);
}

StepOutcome SymlinkStep::revert()
{
    if (linkTarget(m_link) == m_after)
        return point(m_link, m_before);
    return StepOutcome::unchanged(
        Tr::tr("%1 was pointed elsewhere after cudnn-setup changed it; it is left as it is now.").arg(m_link));
}

bool SymlinkStep::holdsBefore() const
{
    const QString current = linkTarget(m_link);
    return current == m_before && !(current.isNull() && exists(m_link));
}

QJsonObject SymlinkStep::toJson() const
{
    return {{QStringLiteral("kind"), kind()},
            {QStringLiteral("link"), m_link},
            {QStringLiteral("before"), m_before.isEmpty() ? QJsonValue() : QJsonValue(m_before)},
            {QStringLiteral("after"), m_after}};
}

std::shared_ptr<EnvironmentStep> SymlinkStep::fromJson(const QJsonObject& json)
{
    const QString link = json.value(QStringLiteral("link")).toString();
    const QString after = json.value(QStringLiteral("after")).toString();
    if (link.isEmpty() || after.isEmpty())
        return nullptr;
    return std::make_shared<SymlinkStep>(link, json.value(QStringLiteral("before")).toString(), after);
}
