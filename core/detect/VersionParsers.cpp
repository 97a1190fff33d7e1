#include "VersionParsers.h"

#include "cudnnfacts/CudnnLibraryNames.h"
#include "detect/CudnnHeader.h"

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

std::optional<Version> cudnnFromHeader(const QByteArray& bytes)
{
    const auto header = CudnnHeader::parse(bytes);
    return header ? std::optional<Version>(header->version) : std::nullopt;
}

std::optional<Version> cudnnFromLibraryName(const QString& fileName)
{
    const std::string version = cudnnsetup::cudnnfacts::versionInLibraryName(fileName.toStdString());
    return version.empty() ? std::nullopt : Version::parse(QString::fromStdString(version));
}

} // namespace VersionParsers
