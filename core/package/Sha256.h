#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <memory>

/**
 * Streaming SHA-256 from the platform's crypto library: OpenSSL's EVP (libcrypto) on Linux, CNG (BCrypt) on
 * Windows. Both use the CPU's SHA instructions where they exist (x86-64 SHA-NI, ARMv8 SHA2), which is what keeps
 * inspection at decompression speed: it hashes every byte of a package twice (the archive and each entry).
 * Figures in docs/packages.md.
 */
class Sha256
{
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256& other);
    Sha256& operator=(const Sha256& other);
    Sha256(Sha256&& other) noexcept;
    Sha256& operator=(Sha256&& other) noexcept;

    void addData(QByteArrayView data);
    /** The 32-byte digest; the object is spent afterwards until reset(). */
    QByteArray result();
    QByteArray hexResult() { return result().toHex(); }
    void reset();

    static QByteArray hash(QByteArrayView data);
    /** Which library hashes, for benchmarks: "OpenSSL EVP" or "Windows CNG". */
    static const char* implementation();

private:
    struct Context;
    std::unique_ptr<Context> m_context;
};
