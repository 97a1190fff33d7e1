// SPDX-License-Identifier: Apache-2.0
#include "common/Logging.h"

Q_LOGGING_CATEGORY(lcDetect, "cudnn.detect", QtWarningMsg)
Q_LOGGING_CATEGORY(lcPackage, "cudnn.package", QtWarningMsg)
Q_LOGGING_CATEGORY(lcInstall, "cudnn.install", QtWarningMsg)
Q_LOGGING_CATEGORY(lcEnv, "cudnn.env", QtWarningMsg)
Q_LOGGING_CATEGORY(lcFetch, "cudnn.fetch", QtWarningMsg)
Q_LOGGING_CATEGORY(lcVerify, "cudnn.verify", QtWarningMsg)
Q_LOGGING_CATEGORY(lcBenchmark, "cudnn.benchmark", QtWarningMsg)
