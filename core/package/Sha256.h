#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCryptographicHash>
#include <array>
#include <cstdint>

/**
 * Streaming SHA-256. Uses the CPU's SHA extensions where present (x86-64 SHA-NI, about 15x faster than
 * QCryptographicHash in Qt 6.4, which is plain C) and QCryptographicHash everywhere else. Inspection hashes every
 * byte of a package twice (the archive and each entry), so this is what keeps it at decompression speed.
 */
class Sha256
{
public:
    Sha256();

    void addData(QByteArrayView data);
    /** The 32-byte digest; the object is spent afterwards until reset(). */
    QByteArray result();
    QByteArray hexResult() { return result().toHex(); }
    void reset();

    static QByteArray hash(QByteArrayView data);
    /** True when the hardware path is used on this CPU. */
    static bool hardwareAccelerated();

private:
    void compressBuffered();

    bool m_hardware;
    QCryptographicHash m_fallback;
    std::array<std::uint32_t, 8> m_state{};
    std::array<unsigned char, 64> m_buffer{};
    int m_buffered = 0;
    std::uint64_t m_length = 0;
};
