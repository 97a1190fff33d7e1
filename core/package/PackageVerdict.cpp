#include "PackageVerdict.h"

#include <algorithm>

bool PackageVerdict::forceWouldLift() const
{
    return blocked() && std::none_of(reasons.cbegin(), reasons.cend(), [](const PackageFinding& f) {
               return f.blocks() && f.blocking == PackageFinding::Blocking::Always;
           });
}

const PackageFinding* PackageVerdict::firstBlock() const
{
    for (const PackageFinding& reason : reasons) {
        if (reason.blocks())
            return &reason;
    }
    return nullptr;
}

QString PackageVerdict::levelName(Level level)
{
    switch (level) {
    case Level::Ok:
        return QStringLiteral("ok");
    case Level::Warning:
        return QStringLiteral("warning");
    case Level::Blocked:
        return QStringLiteral("blocked");
    }
    return QStringLiteral("blocked");
}

QJsonObject PackageVerdict::toJson() const
{
    return QJsonObject{
        {QStringLiteral("level"), levelName(level)},
        {QStringLiteral("forced"), forced},
        {QStringLiteral("force_would_lift"), forceWouldLift()},
        {QStringLiteral("toolkit"),
         QJsonObject{{QStringLiteral("root"), toolkitRoot},
                     {QStringLiteral("version"),
                      toolkitVersion ? QJsonValue(toolkitVersion->toString()) : QJsonValue(QJsonValue::Null)}}},
        {QStringLiteral("reasons"), findingsToJson(reasons)},
    };
}
