#include "package/Sha256.h"

#include <QRandomGenerator>
#include <QtTest>

class TestSha256 : public QObject
{
    Q_OBJECT

private slots:
    void knownVectors();
    void everyLengthAroundABlock();
    void splitAnywhere();
    void resetAndCopy();
};

void TestSha256::knownVectors()
{
    // FIPS 180-2 examples.
    QCOMPARE(Sha256::hash("").toHex(), QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    QCOMPARE(Sha256::hash("abc").toHex(),
             QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QCOMPARE(Sha256::hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").toHex(),
             QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
}

void TestSha256::everyLengthAroundABlock()
{
    QByteArray data(300, '\0');
    for (int i = 0; i < data.size(); ++i)
        data[i] = char(i * 131 + 7);
    for (int n = 0; n < data.size(); ++n) {
        const QByteArrayView part(data.constData(), n);
        QCOMPARE(Sha256::hash(part), QCryptographicHash::hash(part, QCryptographicHash::Sha256));
    }
}

void TestSha256::splitAnywhere()
{
    QByteArray data(3 * 1024 * 1024 + 17, Qt::Uninitialized);
    QRandomGenerator random(42);
    for (char& c : data)
        c = char(random.generate());
    Sha256 sha;
    qsizetype at = 0;
    qsizetype step = 1;
    while (at < data.size()) {
        const qsizetype n = qMin(step, data.size() - at);
        sha.addData(QByteArrayView(data.constData() + at, n));
        at += n;
        step = step > 200000 ? 13 : step * 3 + 7;
    }
    QCOMPARE(sha.result(), QCryptographicHash::hash(data, QCryptographicHash::Sha256));
}

void TestSha256::resetAndCopy()
{
    // The file writers and readers keep one Sha256 per file and reset it between files; a copy hashes on from
    // where the original was.
    Sha256 sha;
    sha.addData("garbage");
    sha.reset();
    sha.addData("ab");
    Sha256 copy(sha);
    sha.addData("c");
    copy.addData("c");
    QCOMPARE(sha.hexResult(), QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QCOMPARE(copy.hexResult(), QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    sha.reset();
    QCOMPARE(sha.hexResult(), QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    Sha256 moved(std::move(copy));
    moved.reset();
    moved.addData("abc");
    QCOMPARE(moved.hexResult(), QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
}

QTEST_GUILESS_MAIN(TestSha256)
#include "TestSha256.moc"
