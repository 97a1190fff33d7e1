#pragma once

#include "common/Progress.h"

#include <QFile>
#include <QJsonObject>
#include <optional>

/**
 * Progress across the elevation boundary: the elevated copy appends one JSON object per line to a file the
 * unelevated process made, which tails it and feeds the same ProgressSink the Install page already uses. A file,
 * because a child started through a UAC prompt cannot share pipes; the same on Linux, so there is one mechanism.
 *
 * A line: {"phase": "...", "bytes_done": n, "bytes_total": n, "items_done": n, "items_total": n, "item": "..."}
 */
namespace ProgressLines {
QJsonObject toJson(const ProgressUpdate& update);
/** Null when the line is not one of ours (a torn last line, anything else). */
std::optional<ProgressUpdate> fromJson(const QByteArray& line);
} // namespace ProgressLines

/** The elevated copy's side: each update becomes one line, written and flushed at once. */
class ProgressLineWriter final : public ProgressSink
{
public:
    /** Opens the existing file for appending (PrivateFiles::openExisting); false with error otherwise. */
    bool open(const QString& path, QString* error);
    /** Writes into a file already open for writing (the elevated copy's, created fresh); takes it over. */
    bool adopt(int descriptor, QString* error);
    void report(const ProgressUpdate& update) override;

private:
    QFile m_file;
    QString m_lastPhase;
    qint64 m_lastBytes = -1;
    int m_lastItems = -1;
    QString m_lastItem;
};

/** The unelevated process's side: what was appended since the last look, complete lines only, in order. */
class ProgressLineReader
{
public:
    explicit ProgressLineReader(QString path);
    /** Reports every new complete line to sink; returns how many it reported. */
    int poll(ProgressSink& sink);

private:
    QString m_path;
    qint64 m_offset = 0;
    QByteArray m_partial;
};
