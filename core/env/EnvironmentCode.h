#pragma once

#include <QString>

/** The stable diagnostic codes of the search-path analysis; docs/environment.md says what each means. */
namespace EnvironmentCode {
inline const QString ShadowUser = QStringLiteral("ENV-SHADOW-USER");
inline const QString ShadowMachine = QStringLiteral("ENV-SHADOW-MACHINE");
inline const QString NotSearchPath = QStringLiteral("ENV-NOT-SEARCH-PATH");
inline const QString NotFound = QStringLiteral("ENV-NOT-FOUND");
inline const QString PathUnreadable = QStringLiteral("ENV-PATH-UNREADABLE");
inline const QString PathTooLong = QStringLiteral("ENV-PATH-TOO-LONG");
inline const QString PathCmdLimit = QStringLiteral("ENV-PATH-CMD-LIMIT");
inline const QString UserOverrides = QStringLiteral("ENV-USER-OVERRIDES");
inline const QString ShellUnsupported = QStringLiteral("ENV-SHELL-UNSUPPORTED");
inline const QString CudaLink = QStringLiteral("ENV-CUDA-LINK");
inline const QString FolderUntrusted = QStringLiteral("ENV-FOLDER-UNTRUSTED");
} // namespace EnvironmentCode
