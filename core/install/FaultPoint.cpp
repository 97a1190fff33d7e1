#include "FaultPoint.h"

#ifdef CUDNN_SETUP_FAULT_INJECTION

#include <QByteArray>
#include <mutex>

#ifdef Q_OS_WIN
#include <stdlib.h>
#else
#include <csignal>
#include <unistd.h>
#endif

namespace {

struct Armed
{
    QByteArray point; // empty: nothing armed
    int skip = 0;
    FaultPoint::Effect effect = FaultPoint::Effect::Fail;
    int passes = 0;
    std::function<void(const char*)> hook;
};

std::mutex& mutex()
{
    static std::mutex m;
    return m;
}

Armed& armed()
{
    static Armed state;
    return state;
}

/** CUDNN_SETUP_TEST_FAULT, read once, before the first pass anywhere. */
void armFromEnvironment()
{
    static std::once_flag once;
    std::call_once(once, [] {
        const QString spec = qEnvironmentVariable("CUDNN_SETUP_TEST_FAULT");
        if (spec.isEmpty())
            return;
        const QStringList parts = spec.split(QLatin1Char(':'));
        const int skip = parts.size() > 1 ? parts.at(1).toInt() : 0;
        const QString effect = parts.value(2);
        FaultPoint::arm(parts.at(0),
                        skip,
                        effect == QLatin1String("exit")       ? FaultPoint::Effect::Exit
                            : effect == QLatin1String("stop") ? FaultPoint::Effect::Stop
                                                              : FaultPoint::Effect::Fail);
    });
}

} // namespace

void FaultPoint::arm(const QString& point, int skip, Effect effect)
{
    std::lock_guard<std::mutex> lock(mutex());
    armed() = Armed{point.toUtf8(), skip, effect, 0, armed().hook};
}

void FaultPoint::disarm()
{
    std::lock_guard<std::mutex> lock(mutex());
    armed() = Armed{};
}

void FaultPoint::setHook(std::function<void(const char*)> hook)
{
    std::lock_guard<std::mutex> lock(mutex());
    armed().hook = std::move(hook);
}

bool FaultPoint::hit(const char* point)
{
    armFromEnvironment();
    std::function<void(const char*)> hook;
    {
        std::lock_guard<std::mutex> lock(mutex());
        hook = armed().hook;
    }
    if (hook)
        hook(point);
    std::lock_guard<std::mutex> lock(mutex());
    Armed& state = armed();
    if (state.point.isEmpty() || state.point != point)
        return false;
    if (state.passes++ < state.skip)
        return false;
    if (state.effect == Effect::Exit)
        _exit(ExitStatus);
    if (state.effect == Effect::Stop) {
        state.point.clear(); // once: the run then goes on as if nothing was armed
#ifndef Q_OS_WIN
        raise(SIGSTOP);
#endif
        return false;
    }
    return true;
}

QStringList FaultPoint::points()
{
    return {QStringLiteral("journal.write"),
            QStringLiteral("folder.create"),
            QStringLiteral("stage.write"),
            QStringLiteral("stage.flush"),
            QStringLiteral("stage.nospace"),
            QStringLiteral("swap.backup"),
            QStringLiteral("swap.rename"),
            QStringLiteral("manifest.write"),
            QStringLiteral("environment.step")};
}

#endif // CUDNN_SETUP_FAULT_INJECTION
