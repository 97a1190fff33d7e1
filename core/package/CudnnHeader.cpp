#include "CudnnHeader.h"

#include <QRegularExpression>

static std::optional<int> define(const QString& text, const char* name)
{
    const QRegularExpression re(
        QStringLiteral(R"(^\s*#\s*define\s+%1\s+\(?\s*(\d+)\s*\)?\s*$)").arg(QLatin1String(name)),
        QRegularExpression::MultilineOption);
    const auto match = re.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1).toInt();
}

std::optional<CudnnHeader> CudnnHeader::parse(QByteArrayView text)
{
    const QString source = QString::fromLatin1(text);
    const auto major = define(source, "CUDNN_MAJOR");
    const auto minor = define(source, "CUDNN_MINOR");
    const auto patch = define(source, "CUDNN_PATCHLEVEL");
    if (!major || !minor || !patch)
        return std::nullopt;
    CudnnHeader header;
    header.version = Version{*major, *minor, *patch};
    const auto smMajor = define(source, "CUDNN_MAX_SM_MAJOR_NUMBER");
    const auto smMinor = define(source, "CUDNN_MAX_SM_MINOR_NUMBER");
    if (smMajor && smMinor)
        header.maxComputeCapability = Version{*smMajor, *smMinor};
    return header;
}
