#include "FakeProcessRunner.h"

#include <QFileInfo>

QStringList FakeProcessRunner::calls() const
{
    const QMutexLocker lock(&m_mutex);
    return m_calls;
}

void FakeProcessRunner::script(const QString& programName, const ProcessResult& result, const QString& argumentPart)
{
    m_scripts[programName].append(Entry{argumentPart, result});
}

ProcessResult FakeProcessRunner::output(const QByteArray& standardOutput, int exitCode)
{
    ProcessResult result;
    result.started = true;
    result.exitCode = exitCode;
    result.standardOutput = standardOutput;
    return result;
}

ProcessResult FakeProcessRunner::run(const QString& program,
                                     const QStringList& arguments,
                                     int timeoutMs,
                                     const QMap<QString, QString>& extraEnvironment) const
{
    {
        const QMutexLocker lock(&m_mutex);
        m_calls.append((QStringList{program} + arguments).join(QLatin1Char(' ')));
    }
    if (const Entry* entry = scripted(program, arguments))
        return entry->result;
    if (passThroughUnscripted)
        return ProcessRunner::run(program, arguments, timeoutMs, extraEnvironment, ProcessWatch{});
    ProcessResult missing;
    missing.errorString = QStringLiteral("execvp: No such file or directory");
    return missing;
}

ProcessResult FakeProcessRunner::run(const QString& program,
                                     const QStringList& arguments,
                                     int timeoutMs,
                                     const QMap<QString, QString>& extraEnvironment,
                                     const ProcessWatch& watch) const
{
    if (passThroughUnscripted && !scripted(program, arguments))
        return ProcessRunner::run(program, arguments, timeoutMs, extraEnvironment, watch);
    const ProcessResult result = run(program, arguments, timeoutMs, extraEnvironment);
    if (watch.onOutputLine) { // the canned output, line by line, as the real child would have printed it
        for (const QByteArray& line : result.standardOutput.split('\n')) {
            if (!line.isEmpty())
                watch.onOutputLine(line);
        }
    }
    return result;
}

const FakeProcessRunner::Entry* FakeProcessRunner::scripted(const QString& program, const QStringList& arguments) const
{
    QString name = QFileInfo(program).fileName();
    if (name.endsWith(QLatin1String(".exe"), Qt::CaseInsensitive))
        name.chop(4);
    const auto found = m_scripts.constFind(name);
    if (found == m_scripts.constEnd())
        return nullptr;
    const QString joined = arguments.join(QLatin1Char(' '));
    for (const Entry& entry : *found) {
        if (entry.argumentPart.isEmpty() || joined.contains(entry.argumentPart))
            return &entry;
    }
    return nullptr;
}
