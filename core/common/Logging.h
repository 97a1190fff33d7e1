// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLoggingCategory>

/**
 * Developer tracing, one category per part of the engine, off by default (debug and info are disabled; warnings
 * stay on). Turn them on with QT_LOGGING_RULES, e.g. QT_LOGGING_RULES="cudnn.*.debug=true" (README, "Tracing").
 * This is not the install log a user reads (InstallLog, --log): that one is unchanged by these.
 */
Q_DECLARE_LOGGING_CATEGORY(lcDetect) // cudnn.detect: toolkits, cuDNN installs, the driver
Q_DECLARE_LOGGING_CATEGORY(lcPackage) // cudnn.package: archives inspected and picked
Q_DECLARE_LOGGING_CATEGORY(lcInstall) // cudnn.install: transactions begun, committed, rolled back
Q_DECLARE_LOGGING_CATEGORY(lcEnv) // cudnn.env: search path analysis and changes
Q_DECLARE_LOGGING_CATEGORY(lcFetch) // cudnn.fetch: downloads and the cache
Q_DECLARE_LOGGING_CATEGORY(lcVerify) // cudnn.verify: the probe's verify runs
Q_DECLARE_LOGGING_CATEGORY(lcBenchmark) // cudnn.benchmark: the probe's benchmark runs
