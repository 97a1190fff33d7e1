#include "BoundedFile.h"

#include "RegularFile.h"

#include <QFile>

BoundedRead readBoundedFile(const QString& path, qint64 maxBytes)
{
    BoundedRead result;
    QFile file;
    if (!RegularFile::open(file, path, &result.error))
        return result;
    result.data = file.read(maxBytes + 1);
    if (file.error() != QFileDevice::NoError) {
        result.error = file.errorString();
        result.data.clear();
        return result;
    }
    result.truncated = result.data.size() > maxBytes;
    if (result.truncated)
        result.data.truncate(maxBytes);
    result.ok = true;
    return result;
}
