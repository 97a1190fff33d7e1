#pragma once

#include "ChangeSet.h"

/**
 * The files of another cuDNN that would stay beside the new one: cuDNN's libraries, import and static libraries
 * and headers in the folders an install writes to (and a toolkit's other library and include folders), which the
 * new package does not overwrite. An install removes them (backed up, in the same transaction) so no mixture of
 * versions is left: libcudnn_ops_infer.so.8 going 8 -> 9, libcudnn.so.9.1.0 going 9.1 -> 9.19.
 */
class SupersededFiles
{
public:
    /** True for a name cuDNN itself ships on that OS; never for other files that merely start with "cudnn". */
    static bool isCudnnFile(OsFlavor os, const QString& fileName);

    /**
     * Removals for every cuDNN file in the change set's folders and in extraFolders (existing, inside the root)
     * that the change set does not put in place itself.
     */
    static QList<Removal> find(const ChangeSet& changes, const QStringList& extraFolders);

    /** A toolkit's library and include folders, where an older cuDNN may lie (lib64, bin, include, ...). */
    static QStringList toolkitFolders(OsFlavor os, const QString& root);
};
