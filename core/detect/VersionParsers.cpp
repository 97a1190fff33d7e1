#include "VersionParsers.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace VersionParsers {

static std::optional<Version> majorMinor(const QString& text)
{
    const auto version = Version::parse(text);
    if (!version || version->size() < 2)
        return std::nullopt;
    return version->truncated(2);
}

std::optional<Version> cudaFromVersionJson(const QByteArray& json)
{
    const QJsonDocument document = QJsonDocument::fromJson(json);
    const QString text
        = document.object().value(QStringLiteral("cuda")).toObject().value(QStringLiteral("version")).toString();
    return majorMinor(text);
}

std::optional<Version> cudaFromVersionTxt(const QByteArray& text)
{
    static const QRegularExpression pattern(QStringLiteral("CUDA Version\\s+(\\d+\\.\\d+)"));
    const QRegularExpressionMatch match = pattern.match(QString::fromUtf8(text));
    return match.hasMatch() ? majorMinor(match.captured(1)) : std::nullopt;
}

std::optional<Version> cudaFromCudaHeader(const QByteArray& text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\s*#\\s*define\\s+CUDA_VERSION\\s+(\\d+)"),
                                            QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = pattern.match(QString::fromUtf8(text));
    if (!match.hasMatch())
        return std::nullopt;
    return Version::fromCudaCode(match.captured(1).toInt());
}

std::optional<Version> cudaFromNvccOutput(const QByteArray& text)
{
    static const QRegularExpression pattern(QStringLiteral("release\\s+(\\d+\\.\\d+)"));
    const QRegularExpressionMatch match = pattern.match(QString::fromUtf8(text));
    return match.hasMatch() ? majorMinor(match.captured(1)) : std::nullopt;
}

static std::optional<int> defineValue(const QString& text, const QString& name)
{
    const QRegularExpression pattern(QStringLiteral("^\\s*#\\s*define\\s+%1\\s+(\\d+)").arg(name),
                                     QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1).toInt();
}

std::optional<Version> cudnnFromHeader(const QByteArray& bytes)
{
    const QString text = QString::fromUtf8(bytes);
    const auto major = defineValue(text, QStringLiteral("CUDNN_MAJOR"));
    const auto minor = defineValue(text, QStringLiteral("CUDNN_MINOR"));
    const auto patch = defineValue(text, QStringLiteral("CUDNN_PATCHLEVEL"));
    if (!major || !minor || !patch)
        return std::nullopt;
    return Version{*major, *minor, *patch};
}

std::optional<Version> cudnnFromLibraryName(const QString& fileName)
{
    static const QRegularExpression linuxName(QStringLiteral("^libcudnn[a-z_]*\\.so\\.(\\d+(?:\\.\\d+)*)$"));
    static const QRegularExpression windowsName(QStringLiteral("^cudnn[a-z_]*64_(\\d+)\\.dll$"),
                                                QRegularExpression::CaseInsensitiveOption);
    QRegularExpressionMatch match = linuxName.match(fileName);
    if (!match.hasMatch())
        match = windowsName.match(fileName);
    if (!match.hasMatch())
        return std::nullopt;
    return Version::parse(match.captured(1));
}

} // namespace VersionParsers
