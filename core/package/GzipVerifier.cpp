#include "GzipVerifier.h"

#include <zlib.h>

struct GzipVerifier::Stream
{
    z_stream z{};
};

GzipVerifier::GzipVerifier()
    : m_stream(std::make_unique<Stream>())
    , m_sink(256 * 1024, Qt::Uninitialized)
{
    if (inflateInit2(&m_stream->z, 16 + MAX_WBITS) != Z_OK) { // 16: gzip wrapper, trailer checked
        m_state = State::Corrupt;
        m_error = QStringLiteral("zlib cannot start");
    }
}

GzipVerifier::~GzipVerifier()
{
    inflateEnd(&m_stream->z);
}

void GzipVerifier::addData(QByteArrayView compressed)
{
    z_stream& z = m_stream->z;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
    z.avail_in = uInt(compressed.size());
    while (z.avail_in > 0 && m_state != State::Corrupt) {
        if (m_state == State::Complete) {
            // Another member may follow; zero padding after the last one is what tar tools write.
            if (*z.next_in == 0) {
                ++z.next_in;
                --z.avail_in;
                continue;
            }
            inflateReset(&z);
            m_state = State::Running;
        }
        z.next_out = reinterpret_cast<Bytef*>(m_sink.data());
        z.avail_out = uInt(m_sink.size());
        const int status = inflate(&z, Z_NO_FLUSH);
        if (status == Z_STREAM_END) {
            m_state = State::Complete;
        } else if (status != Z_OK && status != Z_BUF_ERROR) {
            m_state = State::Corrupt;
            m_error = QString::fromLatin1(z.msg ? z.msg : "gzip data error");
        }
    }
}
