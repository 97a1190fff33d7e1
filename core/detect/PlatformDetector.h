#pragma once

#include "SystemSnapshot.h"
#include "host/HostEnvironment.h"

/**
 * Which of NVIDIA's archive platforms this machine takes, and which OS release it runs: the processor, the OS,
 * a Jetson's Tegra marker (linux-aarch64, not the servers' linux-sbsa), /etc/os-release and the glibc version. Reads
 * only what the HostEnvironment names, so tests describe a Jetson or an old RHEL in a temporary directory.
 */
class PlatformDetector
{
public:
    explicit PlatformDetector(const HostEnvironment& host);

    /** "linux-x86_64", "linux-sbsa", "linux-aarch64", "linux-ppc64le", "windows-x86_64", "windows-arm64", or empty. */
    QString redistPlatform() const;
    OsRelease osRelease() const;

    /** NAME and VERSION_ID of an os-release file's text; quotes and escapes as os-release(5) writes them. */
    static OsRelease parseOsRelease(const QByteArray& text);

private:
    bool isTegra() const;

    const HostEnvironment& m_host;
};
