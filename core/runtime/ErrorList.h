#pragma once

#include <string>

namespace cudnnsetup::runtime {

/** Adds one message to a "; "-separated list of what went wrong. */
inline void appendError(std::string& errors, const std::string& message)
{
    if (!errors.empty()) {
        errors += "; ";
    }
    errors += message;
}

} // namespace cudnnsetup::runtime
