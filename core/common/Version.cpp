#include "Version.h"

#include <QStringList>

Version::Version(std::initializer_list<int> parts)
    : m_parts(parts)
{
    for (int i = 0; i < m_parts.size(); ++i)
        m_widths.append(0);
}

std::optional<Version> Version::fromJson(const QJsonValue& value)
{
    return value.isString() ? parse(value.toString()) : std::nullopt;
}

std::optional<Version> Version::parse(QStringView text)
{
    QStringView trimmed = text.trimmed();
    if (trimmed.startsWith(QLatin1Char('v')) || trimmed.startsWith(QLatin1Char('V')))
        trimmed = trimmed.mid(1);
    if (trimmed.isEmpty())
        return std::nullopt;

    Version version;
    for (QStringView piece : trimmed.split(QLatin1Char('.'))) {
        if (piece.isEmpty() || piece.size() > 9)
            return std::nullopt;
        for (QChar c : piece) {
            if (!c.isDigit() || c.unicode() > 127)
                return std::nullopt;
        }
        version.m_parts.append(piece.toInt());
        version.m_widths.append(int(piece.size()));
    }
    return version;
}

Version Version::fromCudnnCode(int code)
{
    if (code >= 10000)
        return Version{code / 10000, (code % 10000) / 100, code % 100};
    return Version{code / 1000, (code % 1000) / 100, code % 100};
}

Version Version::fromCudaCode(int code)
{
    return Version{code / 1000, (code % 1000) / 10};
}

Version Version::truncated(int n) const
{
    Version v = *this;
    v.m_parts = m_parts.mid(0, n);
    v.m_widths = m_widths.mid(0, n);
    return v;
}

bool Version::sameRelease(const Version& other) const
{
    const int common = std::min(size(), other.size());
    for (int i = 0; i < common; ++i) {
        if (part(i) != other.part(i))
            return false;
    }
    return true;
}

QString Version::toString() const
{
    QStringList pieces;
    for (int i = 0; i < m_parts.size(); ++i) {
        const int width = i < m_widths.size() ? m_widths.at(i) : 0;
        pieces.append(QStringLiteral("%1").arg(m_parts.at(i), width, 10, QLatin1Char('0')));
    }
    return pieces.join(QLatin1Char('.'));
}

int Version::compare(const Version& other) const
{
    const int n = std::max(size(), other.size());
    for (int i = 0; i < n; ++i) {
        if (part(i) != other.part(i))
            return part(i) < other.part(i) ? -1 : 1;
    }
    return 0;
}
