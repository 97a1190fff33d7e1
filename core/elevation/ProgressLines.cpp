#include "ProgressLines.h"

#include "host/PrivateFiles.h"

#include <QJsonDocument>

namespace ProgressLines {

QJsonObject toJson(const ProgressUpdate& update)
{
    return {{QStringLiteral("phase"), update.phase},
            {QStringLiteral("bytes_done"), update.bytesDone},
            {QStringLiteral("bytes_total"), update.bytesTotal},
            {QStringLiteral("items_done"), update.itemsDone},
            {QStringLiteral("items_total"), update.itemsTotal},
            {QStringLiteral("item"), update.currentItem}};
}

std::optional<ProgressUpdate> fromJson(const QByteArray& line)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    const QJsonObject json = document.object();
    if (!json.value(QStringLiteral("phase")).isString())
        return std::nullopt;
    ProgressUpdate update;
    update.phase = json.value(QStringLiteral("phase")).toString();
    update.bytesDone = json.value(QStringLiteral("bytes_done")).toInteger();
    update.bytesTotal = json.value(QStringLiteral("bytes_total")).toInteger();
    update.itemsDone = json.value(QStringLiteral("items_done")).toInt();
    update.itemsTotal = json.value(QStringLiteral("items_total")).toInt();
    update.currentItem = json.value(QStringLiteral("item")).toString();
    return update;
}

} // namespace ProgressLines

bool ProgressLineWriter::open(const QString& path, QString* error)
{
    return PrivateFiles::openExisting(m_file, path, PrivateFiles::Write::Append, error);
}

bool ProgressLineWriter::adopt(int descriptor, QString* error)
{
    if (m_file.open(descriptor, QIODevice::WriteOnly | QIODevice::Append, QFileDevice::AutoCloseHandle))
        return true;
    *error = m_file.errorString();
    return false;
}

void ProgressLineWriter::report(const ProgressUpdate& update)
{
    if (!m_file.isOpen())
        return;
    // A 900 MB merge reports every block: a line per MiB is plenty, but never drop a new phase or file.
    const bool news = update.phase != m_lastPhase || update.currentItem != m_lastItem || update.itemsDone != m_lastItems
        || update.bytesDone - m_lastBytes >= 1024 * 1024
        || (update.bytesTotal > 0 && update.bytesDone == update.bytesTotal);
    if (!news)
        return;
    m_lastPhase = update.phase;
    m_lastItem = update.currentItem;
    m_lastItems = update.itemsDone;
    m_lastBytes = update.bytesDone;
    m_file.write(QJsonDocument(ProgressLines::toJson(update)).toJson(QJsonDocument::Compact) + '\n');
    m_file.flush();
}

ProgressLineReader::ProgressLineReader(QString path)
    : m_path(std::move(path))
{
}

int ProgressLineReader::poll(ProgressSink& sink)
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly) || file.size() <= m_offset || !file.seek(m_offset))
        return 0;
    const QByteArray fresh = file.readAll();
    m_offset += fresh.size();
    m_partial += fresh;
    int reported = 0;
    qsizetype newline;
    while ((newline = m_partial.indexOf('\n')) >= 0) {
        const QByteArray line = m_partial.left(newline);
        m_partial.remove(0, newline + 1);
        if (const std::optional<ProgressUpdate> update = ProgressLines::fromJson(line)) {
            sink.report(*update);
            ++reported;
        }
    }
    return reported;
}
