#include "PythonBuildFacts.h"

#include "host/BoundedFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace {

/** A Python literal at the start of text: its value as text and how many characters it took; length 0 if none. */
struct Literal
{
    QString value;
    int length = 0;
};

Literal pythonLiteral(QStringView text)
{
    if (text.isEmpty())
        return {};
    const QChar first = text.at(0);
    if (first == QLatin1Char('\'') || first == QLatin1Char('"')) {
        QString value;
        for (int i = 1; i < text.size(); ++i) {
            const QChar c = text.at(i);
            if (c == QLatin1Char('\\') && i + 1 < text.size()) {
                value += text.at(++i);
                continue;
            }
            if (c == first)
                return {value, i + 1};
            if (c == QLatin1Char('\n'))
                return {};
            value += c;
        }
        return {};
    }
    static const QRegularExpression word(QStringLiteral("^(True|False|None|-?[0-9][0-9._]*)\\b"));
    const auto match = word.match(text);
    if (!match.hasMatch())
        return {};
    return {match.captured(1), int(match.capturedLength(0))};
}

/** The key/value pairs of a dict literal {'k': v, ...} or an OrderedDict([('k', v), ...]) list in text, values
 *  that are not literals (lists, calls) skipped. */
void dictEntries(QStringView text, QHash<QString, QString>& into)
{
    // 'key': value  or  ('key', value)
    static const QRegularExpression entry(QStringLiteral("['\"]([A-Za-z_][A-Za-z0-9_]*)['\"]\\s*[:,]\\s*"));
    qsizetype from = 0;
    while (true) {
        const auto match = entry.match(text, from);
        if (!match.hasMatch())
            return;
        const qsizetype valueAt = match.capturedEnd(0);
        const Literal literal = pythonLiteral(text.mid(valueAt));
        if (literal.length > 0)
            into.insert(match.captured(1), literal.value);
        from = valueAt + std::max(literal.length, 1);
    }
}

QString normalizedName(const QString& name)
{
    static const QRegularExpression separators(QStringLiteral("[-_.]+"));
    return name.toLower().replace(separators, QStringLiteral("-"));
}

bool isCudnnLibrary(QStringView fileName)
{
    // libcudnn.so.9, libcudnn_ops.so.9.1.0 (Linux); cudnn64_9.dll, cudnn_ops64_9.dll (Windows)
    static const QRegularExpression library(
        QStringLiteral("^(libcudnn[A-Za-z_]*\\.so(\\.[0-9]+)*|cudnn[A-Za-z_]*64_[0-9]+\\.dll)$"),
        QRegularExpression::CaseInsensitiveOption);
    return library.match(fileName).hasMatch();
}

/** The first field of a RECORD line (CSV: a path holding a comma is quoted). */
QString recordPath(const QByteArray& line)
{
    if (!line.startsWith('"'))
        return QString::fromUtf8(line.left(line.indexOf(',')));
    const qsizetype end = line.indexOf('"', 1);
    return end > 0 ? QString::fromUtf8(line.mid(1, end - 1)) : QString();
}

} // namespace

QByteArray PythonBuildFacts::readSmallFile(const QString& path, qint64 maxBytes, const char* stopAt)
{
    // The trust rule's reader: non-blocking, regular files only, counted bytes (a FIFO or /dev/zero named like a
    // build file neither blocks nor floods detection). METADATA's headers lie in its first 64 KiB; the long
    // description after them is not read.
    return readBoundedFile(path, stopAt ? std::min<qint64>(maxBytes, 64 * 1024) : maxBytes).data;
}

QHash<QString, QString> PythonBuildFacts::parseAssignments(const QByteArray& text)
{
    QHash<QString, QString> values;
    const QString source = QString::fromUtf8(text);
    // NAME [: annotation] = value, at the start of a line (torch writes "cuda: Optional[str] = '13.0'").
    static const QRegularExpression assignment(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*)\\s*(?::[^=\\n]*)?=\\s*"),
                                               QRegularExpression::MultilineOption);
    auto it = assignment.globalMatch(source);
    while (it.hasNext()) {
        const auto match = it.next();
        const QStringView rest = QStringView(source).mid(match.capturedEnd(0));
        const Literal literal = pythonLiteral(rest);
        if (literal.length > 0) {
            values.insert(match.captured(1), literal.value);
            continue;
        }
        // A dict on the right: its entries up to the end of that statement (build_info is one line).
        if (rest.startsWith(QLatin1Char('{')) || rest.startsWith(QLatin1String("collections.OrderedDict("))
            || rest.startsWith(QLatin1String("OrderedDict("))) {
            const qsizetype end = rest.indexOf(QLatin1Char('\n'));
            dictEntries(end < 0 ? rest : rest.left(end), values);
        }
    }
    return values;
}

QList<PythonDistribution::Requirement> PythonBuildFacts::requiresDist(const QByteArray& metadata,
                                                                      const QString& namePrefix)
{
    QList<PythonDistribution::Requirement> found;
    static const QRegularExpression requirement(QStringLiteral(
        "^\\s*([A-Za-z0-9][A-Za-z0-9._-]*)\\s*(\\[[^\\]]*\\])?\\s*\\(?\\s*([^;()]*?)\\s*\\)?\\s*(?:;\\s*(.*))?$"));
    for (const QByteArray& raw : metadata.split('\n')) {
        const QByteArray line = raw.endsWith('\r') ? raw.chopped(1) : raw;
        if (line.isEmpty())
            break; // the headers end here; the description follows
        if (!line.startsWith("Requires-Dist:"))
            continue;
        const QString text = QString::fromUtf8(line.mid(int(qstrlen("Requires-Dist:")))).trimmed();
        const auto match = requirement.match(text);
        if (!match.hasMatch())
            continue;
        const QString name = normalizedName(match.captured(1));
        if (!name.startsWith(namePrefix))
            continue;
        found.append({name, match.captured(3).remove(QLatin1Char(' ')), match.captured(4).trimmed()});
    }
    return found;
}

QString PythonBuildFacts::buildFileFor(const QString& normalizedName)
{
    if (normalizedName == QLatin1String("torch"))
        return QStringLiteral("torch/version.py");
    if (normalizedName.startsWith(QLatin1String("tensorflow")) || normalizedName.startsWith(QLatin1String("tf-")))
        return QStringLiteral("tensorflow/python/platform/build_info.py");
    if (normalizedName.startsWith(QLatin1String("onnxruntime")))
        return QStringLiteral("onnxruntime/capi/build_and_package_info.py");
    if (normalizedName.startsWith(QLatin1String("paddlepaddle")))
        return QStringLiteral("paddle/version/__init__.py");
    return {};
}

void PythonBuildFacts::read(const QString& sitePackages, PythonDistribution& distribution)
{
    if (distribution.installer != PythonDistribution::Installer::Pip || sitePackages.isEmpty())
        return;
    const QString name = distribution.normalizedName();
    const QDir site(sitePackages);
    const QString buildFile = buildFileFor(name);
    if (!buildFile.isEmpty()) {
        const QByteArray text = readSmallFile(site.filePath(buildFile));
        if (!text.isEmpty()) {
            distribution.buildFile = buildFile;
            distribution.buildFacts = parseAssignments(text);
        }
    }
    // The cuDNN wheels themselves are what others require; their own records are read as the copy's owner.
    if (name.startsWith(QLatin1String("nvidia-cudnn")))
        return;
    const QDir distInfo(distribution.record);
    // The headers end at the first empty line; the long description after it is not read.
    const QByteArray metadata = readSmallFile(distInfo.filePath(QStringLiteral("METADATA")), MaxFileBytes, "\n\n");
    distribution.cudnnRequirements = requiresDist(metadata, QStringLiteral("nvidia-cudnn-"));

    // Whose own files are cuDNN is in their RECORD. Skipped: NVIDIA's other wheels, and the frameworks whose copy
    // detection finds where they keep it (torch/lib) or which ship none (TensorFlow, ONNX Runtime, JAX).
    static const QStringList shipsNone{QStringLiteral("nvidia-"),
                                       QStringLiteral("torch"),
                                       QStringLiteral("tensorflow"),
                                       QStringLiteral("tf-"),
                                       QStringLiteral("onnxruntime"),
                                       QStringLiteral("jax")};
    for (const QString& prefix : shipsNone) {
        if (name.startsWith(prefix))
            return;
    }

    const QByteArray record = readSmallFile(distInfo.filePath(QStringLiteral("RECORD")), MaxRecordBytes);
    if (!record.contains("cudnn"))
        return;
    QSet<QString> folders;
    for (const QByteArray& line : record.split('\n')) {
        if (!line.contains("cudnn"))
            continue;
        const QString path = QDir::cleanPath(recordPath(line.trimmed()));
        const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
        if (slash <= 0 || path.startsWith(QLatin1String("..")) || !isCudnnLibrary(QStringView(path).mid(slash + 1)))
            continue;
        const QString folder = QDir::cleanPath(site.filePath(path.left(slash)));
        if (!folders.contains(folder)) {
            folders.insert(folder);
            distribution.cudnnLibraryDirs.append(folder);
        }
    }
}
