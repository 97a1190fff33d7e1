#pragma once

#include <QString>

/**
 * The directory that stands for "/" (like `ldconfig -r`): tests point it at a temporary tree, the real program
 * leaves it empty. System paths ("/etc/ld.so.conf") are what files name and what we write into them; host paths
 * are where this process finds them.
 */
class SystemRoot
{
public:
    SystemRoot() = default;
    explicit SystemRoot(const QString& prefix);

    bool isReal() const { return m_prefix.isEmpty(); }
    QString prefix() const { return m_prefix; }
    /** "/etc/ld.so.conf" -> "<prefix>/etc/ld.so.conf". */
    QString hostPath(const QString& systemPath) const;
    /** The inverse; a path outside the prefix is returned unchanged. */
    QString systemPath(const QString& hostPath) const;

private:
    QString m_prefix; // normalised, no trailing "/"; empty for the real root
};
