// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

/**
 * The JSON contracts in docs/schemas, checked on what the tests make the programs write: every report file
 * (SilentRun), every --detect --json output (TestDetectCli), every probe line (parseJsonLine) and every --explain
 * --json output (TestExplainCli). Runs tests/support/validate-json.py (python3-jsonschema), about 0.1 s a document.
 */
namespace JsonSchemaCheck {

enum class Contract { Report, Detect, Probe, Explain };

/** Empty when @p json fits the schema; otherwise every violation, one a line, or why it could not be checked. */
QString violations(Contract contract, const QByteArray& json);

/** The schema a report file answers to: detect's for `"command": "detect"`, the report's otherwise. */
Contract forReport(const QByteArray& json);

} // namespace JsonSchemaCheck
