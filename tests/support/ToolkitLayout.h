#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

/**
 * A CUDA toolkit laid out from the listing of a real one (tests/support/layouts/<name>.listing): the same folders
 * and the same links, every file a small stub that names its real size. NVIDIA's layouts differ in what is a link
 * (CUDA 13: lib64 -> lib; CUDA 12: lib64 -> targets/x86_64-linux/lib), and those links are what a test of "is this
 * the same place" needs. A link target that is absolute is taken inside systemRoot, which stands for "/".
 */
class ToolkitLayout
{
public:
    /** The listing's path in the source tree. */
    static QString listingPath(const QString& name);

    /**
     * Lays the listing out at systemRoot + at ("/usr/local/cuda-13.0"); files named in contents (paths below the
     * toolkit root) get those bytes instead of a stub. Returns the toolkit's host path; fails the test on a bad
     * listing.
     */
    static QString layOut(const QString& listingName,
                          const QString& systemRoot,
                          const QString& at,
                          const QMap<QString, QByteArray>& contents = {});

    /** The lines a CUDA header and cudnn_version.h need for detection to read these versions. */
    static QByteArray cudaHeader(int major, int minor);
    static QByteArray cudnnVersionHeader(int major, int minor, int patch);
};
