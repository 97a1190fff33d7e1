#pragma once

#include <QString>
#include <QStringList>
#include <functional>

#ifdef CUDNN_SETUP_FAULT_INJECTION

/**
 * Named places in the install's file writing and search path steps where a test makes the next pass fail (as a full
 * disk or a yanked drive would) or makes the process die on the spot (as kill -9 would), to prove that rollback and
 * recovery give back the prior state, or stop the process there (SIGSTOP) so a test can act at exactly that moment
 * (swap a folder, send a signal) and let it go on with SIGCONT. Inert unless armed: in-process by a test with arm(),
 * or for the binary through the environment variable
 * CUDNN_SETUP_TEST_FAULT=<point>[:<passes to let through>[:fail|exit|stop]] (docs/install.md).
 * Exists only in a build with the CMake option CUDNN_SETUP_FAULT_INJECTION (the test tree's).
 */
class FaultPoint
{
public:
    enum class Effect {
        Fail,
        Exit, // _exit(ExitStatus): no destructor, no flush, no rollback
        Stop, // raise(SIGSTOP) once, then the pass goes through: a test's deterministic moment (POSIX only)
    };
    static constexpr int ExitStatus = 137; // what a shell reports for kill -9

    /** Arms one point: the pass after `skip` passes fails (or exits); every later pass fails too. */
    static void arm(const QString& point, int skip = 0, Effect effect = Effect::Fail);
    /** Also disarms the hook. */
    static void disarm();
    /**
     * Runs hook(point) at every pass through any point, before the pass is judged: the deterministic way for a test to
     * change the disk at an exact moment (a folder swapped for a link while files are put in place).
     */
    static void setHook(std::function<void(const char* point)> hook);
    /** True when this pass through `point` must fail. Does not return when armed to exit. */
    static bool hit(const char* point);

    /** Every point the code passes through, for tests that try each. */
    static QStringList points();
};

#else

/** A build without CUDNN_SETUP_FAULT_INJECTION (a release) has no fault points: every pass goes through. */
class FaultPoint
{
public:
    static constexpr bool hit(const char*) { return false; }
};

#endif
