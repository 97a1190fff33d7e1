#pragma once

#include "CommandLine.h"

#include <memory>

class Engine;
class SetupWizard;

/**
 * The wizard the command line asks for: `--repair` opens it on the repair page, the first `--cuda-root` is the
 * toolkit it prefers (the toolkit chooser starts there), `--package` the package its package page starts with.
 * Not shown yet.
 */
std::unique_ptr<SetupWizard> openWizard(const Engine& engine, const Invocation& invocation);
