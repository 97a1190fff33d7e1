// PATH-like values as the environment step reads them from the environment, the login profile and the Windows
// registry (REG_EXPAND_SZ values with %VAR%), under both OSes' rules: split, expand, compare, reorder, join.

#include "FuzzTarget.h"
#include "host/PathList.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString value = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
    const PathList::VariableLookup lookup = [](const QString& name) {
        return name.compare(QLatin1String("CUDA_PATH"), Qt::CaseInsensitive) == 0 ? QStringLiteral("C:/CUDA/v13.0")
                                                                                  : QString();
    };
    for (const OsFlavor os : {OsFlavor::Linux, OsFlavor::Windows}) {
        const QStringList entries = PathList::split(os, value);
        const QStringList verbatim = PathList::splitVerbatim(os, value);
        for (const QString& entry : verbatim) {
            (void)PathList::expand(os, entry, lookup);
            (void)PathList::entryKey(os, entry);
        }
        const QStringList first = entries.mid(0, 2);
        const QStringList reordered = PathList::withFirst(os, verbatim, first, lookup);
        const QStringList without = PathList::without(os, verbatim, first, lookup);
        if (without.size() > verbatim.size())
            FuzzTarget::violated("without() added entries");
        (void)PathList::withoutDuplicates(os, verbatim);
        (void)PathList::join(os, reordered);
    }
    (void)PathList::lengthVerdict(value);
    return 0;
}
