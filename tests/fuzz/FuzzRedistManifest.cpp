// NVIDIA's redistrib_<version>.json manifests and the redist folder listing that names them, as the fetch reads them
// from a mirror: over arbitrary bytes, with the archive names and versions they yield.

#include "FuzzTarget.h"
#include "fetch/RedistIndex.h"

#include <QUrl>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QUrl base(QStringLiteral("http://mirror.lab/cudnn/redist/redistrib_9.19.0.json"));
    QString error;
    for (const RedistArchive& archive : RedistIndex::parseManifest(bytes, base, &error)) {
        (void)archive.fileName();
        (void)archive.toJson();
    }
    for (const QUrl& url :
         RedistIndex::manifestsInListing(bytes, QUrl(QStringLiteral("http://mirror.lab/cudnn/redist/"))))
        (void)RedistIndex::manifestVersion(url.fileName());
    (void)RedistIndex::manifestVersion(QString::fromUtf8(bytes.left(200)));
    return 0;
}
