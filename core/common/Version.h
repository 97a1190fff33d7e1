#pragma once

#include <QJsonValue>
#include <QList>
#include <QMetaType>
#include <QString>
#include <optional>

/**
 * A dotted version such as 13.0, 8.0.5.39 or 9.19.0.56. Missing trailing parts compare as zero, so 13.0 == 13.0.0;
 * use sameRelease() to compare only the leading parts both sides name.
 */
class Version
{
public:
    Version() = default;
    Version(std::initializer_list<int> parts);

    /** Parses "13", "13.0", "v8.0.5.39", "550.144.03". Returns nullopt for anything else. */
    static std::optional<Version> parse(QStringView text);
    /** A JSON string that parse() accepts; nullopt for anything else (absent, null, a number). */
    static std::optional<Version> fromJson(const QJsonValue& value);
    /** cudnnGetVersion()/CUDNN_VERSION: 9.x+ is M*10000+m*100+p, older is M*1000+m*100+p. */
    static Version fromCudnnCode(int code);
    /** cuDriverGetVersion()/CUDA_VERSION/cudaRuntimeGetVersion(): M*1000+m*10 (13000 -> 13.0). */
    static Version fromCudaCode(int code);

    bool isNull() const { return m_parts.isEmpty(); }
    int size() const { return int(m_parts.size()); }
    int part(int index) const { return index < m_parts.size() ? m_parts.at(index) : 0; }
    int major() const { return part(0); }
    int minor() const { return part(1); }
    int patch() const { return part(2); }

    /** The first n parts (13.0.88 -> 13.0 for n == 2). */
    Version truncated(int n) const;
    /** True when both agree on every part that both name: 13.0 matches 13.0.88, not 13.1. */
    bool sameRelease(const Version& other) const;
    /** Parts joined by dots; a driver's third part keeps its two digits (550.54.03 is not 550.54.3). */
    QString toString() const;

    int compare(const Version& other) const;
    bool operator==(const Version& o) const { return compare(o) == 0; }
    bool operator!=(const Version& o) const { return compare(o) != 0; }
    bool operator<(const Version& o) const { return compare(o) < 0; }
    bool operator<=(const Version& o) const { return compare(o) <= 0; }
    bool operator>(const Version& o) const { return compare(o) > 0; }
    bool operator>=(const Version& o) const { return compare(o) >= 0; }

private:
    QList<int> m_parts;
    QList<int> m_widths; // digits as written, so "03" prints back as "03"
};

Q_DECLARE_METATYPE(Version)
