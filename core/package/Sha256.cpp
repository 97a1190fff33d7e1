#include "Sha256.h"

#include <QtGlobal>

#ifdef Q_OS_WIN
// clang-format off
#include <windows.h>
#include <bcrypt.h>
// clang-format on
#else
#include <openssl/evp.h>
#endif

#include <new>

#ifdef Q_OS_WIN

namespace {

/** One provider for the process: opening it is the expensive part of CNG, a hash object on it is cheap. */
BCRYPT_ALG_HANDLE sha256Provider()
{
    static const BCRYPT_ALG_HANDLE provider = [] {
        BCRYPT_ALG_HANDLE handle = nullptr;
        if (!BCRYPT_SUCCESS(BCryptOpenAlgorithmProvider(&handle, BCRYPT_SHA256_ALGORITHM, nullptr, 0)))
            throw std::bad_alloc();
        return handle;
    }();
    return provider;
}

} // namespace

struct Sha256::Context
{
    BCRYPT_HASH_HANDLE hash = nullptr;

    Context() { start(); }
    Context(const Context& other)
    {
        if (!BCRYPT_SUCCESS(BCryptDuplicateHash(other.hash, &hash, nullptr, 0, 0)))
            throw std::bad_alloc();
    }
    ~Context() { BCryptDestroyHash(hash); }
    void start()
    {
        if (hash)
            BCryptDestroyHash(hash);
        hash = nullptr;
        if (!BCRYPT_SUCCESS(BCryptCreateHash(sha256Provider(), &hash, nullptr, 0, nullptr, 0, 0)))
            throw std::bad_alloc();
    }
    void add(const char* data, qsizetype size)
    {
        // BCryptHashData takes a ULONG length: feed a view larger than 4 GiB in pieces.
        while (size > 0) {
            const ULONG piece = ULONG(qMin<qsizetype>(size, qsizetype(1) << 30));
            BCryptHashData(hash, reinterpret_cast<PUCHAR>(const_cast<char*>(data)), piece, 0);
            data += piece;
            size -= piece;
        }
    }
    QByteArray finish()
    {
        QByteArray digest(32, Qt::Uninitialized);
        BCryptFinishHash(hash, reinterpret_cast<PUCHAR>(digest.data()), ULONG(digest.size()), 0);
        return digest;
    }
};

const char* Sha256::implementation()
{
    return "Windows CNG";
}

#else

struct Sha256::Context
{
    EVP_MD_CTX* md = EVP_MD_CTX_new();

    Context()
    {
        if (!md)
            throw std::bad_alloc();
        start();
    }
    Context(const Context& other)
        : Context()
    {
        EVP_MD_CTX_copy_ex(md, other.md);
    }
    ~Context() { EVP_MD_CTX_free(md); }
    void start() { EVP_DigestInit_ex(md, EVP_sha256(), nullptr); }
    void add(const char* data, qsizetype size) { EVP_DigestUpdate(md, data, std::size_t(size)); }
    QByteArray finish()
    {
        QByteArray digest(EVP_MAX_MD_SIZE, Qt::Uninitialized);
        unsigned int length = 0;
        EVP_DigestFinal_ex(md, reinterpret_cast<unsigned char*>(digest.data()), &length);
        digest.truncate(int(length));
        return digest;
    }
};

const char* Sha256::implementation()
{
    return "OpenSSL EVP";
}

#endif

Sha256::Sha256()
    : m_context(std::make_unique<Context>())
{
}

Sha256::~Sha256() = default;

Sha256::Sha256(const Sha256& other)
    : m_context(std::make_unique<Context>(*other.m_context))
{
}

Sha256& Sha256::operator=(const Sha256& other)
{
    if (this != &other)
        m_context = std::make_unique<Context>(*other.m_context);
    return *this;
}

Sha256::Sha256(Sha256&& other) noexcept = default;
Sha256& Sha256::operator=(Sha256&& other) noexcept = default;

void Sha256::addData(QByteArrayView data)
{
    if (!m_context) // moved from: start again, as a new object would
        m_context = std::make_unique<Context>();
    m_context->add(data.data(), data.size());
}

QByteArray Sha256::result()
{
    if (!m_context)
        m_context = std::make_unique<Context>();
    return m_context->finish();
}

void Sha256::reset()
{
    if (!m_context)
        m_context = std::make_unique<Context>();
    else
        m_context->start();
}

QByteArray Sha256::hash(QByteArrayView data)
{
    Sha256 sha;
    sha.addData(data);
    return sha.result();
}
