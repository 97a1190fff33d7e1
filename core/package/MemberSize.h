#pragma once

#include <QCoreApplication>
#include <QString>

/**
 * How large one member of a cuDNN archive can plausibly be, judged from its declared size before a byte of it is
 * written. The largest member of cuDNN 9.19 for CUDA 13 (Linux x86-64) is libcudnn_engines_precompiled.so.9.19.0,
 * 245,391,920 bytes; the static archives of cuDNN 8 and 9 (lib*_static*.a) are the largest of any release, under
 * 2 GiB. A library (.so, .a, .dll, .lib, .dylib) may therefore declare up to 4 GiB; every other member (headers,
 * of which the largest is 63,635 bytes, the license, text) up to 16 MiB. A member over its bound is a bomb or not
 * cuDNN: the install refuses it by name instead of filling the disk with it.
 */
class MemberSize
{
    Q_DECLARE_TR_FUNCTIONS(MemberSize)

public:
    static constexpr qint64 LibraryCap = qint64(4) << 30;
    static constexpr qint64 OtherCap = qint64(16) << 20;

    /** The most bytes the member at this archive path can plausibly hold. */
    static qint64 capFor(const QString& path);
    /** Why declared bytes are too many for this member, or empty when they are plausible. */
    static QString problem(const QString& path, qint64 declared);
};
