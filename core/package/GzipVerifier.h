#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <memory>

/**
 * Checks a gzip stream's CRC-32 and length trailers, which libarchive's gzip filter reads past without comparing.
 * Fed the compressed bytes as they are read (concatenated members allowed); output is discarded.
 */
class GzipVerifier
{
public:
    enum class State {
        Running,
        Complete, // every member ended with a matching trailer
        Corrupt,
    };

    GzipVerifier();
    ~GzipVerifier();
    GzipVerifier(const GzipVerifier&) = delete;
    GzipVerifier& operator=(const GzipVerifier&) = delete;

    void addData(QByteArrayView compressed);
    State state() const { return m_state; }
    /** Complete, or the input ended inside a member (Running): call after the last byte. */
    bool endedCleanly() const { return m_state == State::Complete; }
    QString error() const { return m_error; }

private:
    struct Stream;
    std::unique_ptr<Stream> m_stream;
    QByteArray m_sink;
    State m_state = State::Running;
    QString m_error;
};
