#pragma once

// What Engine.h only names: the machine an engine works on and the parts of the hand-over. Included by the engine's
// own files and by tests that build an engine on a made-up machine; never by a face (test_face_includes).
#include "ElevatedChannel.h"
#include "Engine.h"
#include "detect/Detector.h"
#include "elevation/ElevationLauncher.h"
#include "elevation/ElevationRequest.h"
#include "env/EnvironmentLocations.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"
#include "install/InstallOptions.h"
#include "install/Operation.h"
