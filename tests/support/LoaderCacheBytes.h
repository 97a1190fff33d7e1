#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

/** A glibc-ld.so.cache1.1 file listing name -> path: the loader cache a test machine's "/etc/ld.so.cache" holds. */
inline QByteArray loaderCacheBytes(const QList<QPair<QByteArray, QByteArray>>& entries)
{
    QByteArray bytes(48 + 24 * entries.size(), '\0');
    bytes.replace(0, 20, "glibc-ld.so.cache1.1");
    const auto put32 = [&](qsizetype at, quint32 v) {
        for (int i = 0; i < 4; ++i)
            bytes[at + i] = char(v >> (8 * i));
    };
    put32(20, quint32(entries.size()));
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const quint32 name = quint32(bytes.size());
        bytes.append(entries[i].first + '\0');
        const quint32 path = quint32(bytes.size());
        bytes.append(entries[i].second + '\0');
        put32(48 + 24 * i + 4, name);
        put32(48 + 24 * i + 8, path);
    }
    return bytes;
}
