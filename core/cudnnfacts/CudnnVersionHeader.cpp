#include "cudnnfacts/CudnnVersionHeader.h"

#include <map>
#include <string>

namespace cudnnsetup::cudnnfacts {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool isIdentifier(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

void skipBlanks(std::string_view line, std::size_t& at)
{
    while (at < line.size() && isBlank(line[at])) {
        ++at;
    }
}

/** One line "#define NAME 12" (or "# define NAME (12) // ..."): the name and the number; false for anything else. */
bool readDefine(std::string_view line, std::string_view& name, int& value)
{
    std::size_t at = 0;
    skipBlanks(line, at);
    if (at >= line.size() || line[at] != '#') {
        return false;
    }
    ++at;
    skipBlanks(line, at);
    if (line.substr(at, 6) != "define") {
        return false;
    }
    at += 6;
    const std::size_t beforeName = at;
    skipBlanks(line, at);
    if (at == beforeName) {
        return false;
    }
    const std::size_t nameStart = at;
    while (at < line.size() && isIdentifier(line[at])) {
        ++at;
    }
    name = line.substr(nameStart, at - nameStart);
    const std::size_t afterName = at;
    skipBlanks(line, at);
    if (name.empty() || at == afterName) {
        return false;
    }
    const bool parenthesized = at < line.size() && line[at] == '(';
    if (parenthesized) {
        ++at;
        skipBlanks(line, at);
    }
    const std::size_t digits = at;
    long long number = 0;
    while (at < line.size() && line[at] >= '0' && line[at] <= '9' && at - digits < 9) {
        number = number * 10 + (line[at] - '0');
        ++at;
    }
    if (at == digits || (at < line.size() && line[at] >= '0' && line[at] <= '9')) {
        return false; // no number, or one of more than nine digits
    }
    skipBlanks(line, at);
    if (parenthesized) {
        if (at >= line.size() || line[at] != ')') {
            return false;
        }
        ++at;
        skipBlanks(line, at);
    }
    const std::string_view rest = line.substr(at);
    if (!rest.empty() && rest.substr(0, 2) != "//" && rest.substr(0, 2) != "/*") {
        return false;
    }
    value = int(number);
    return true;
}

} // namespace

long long CudnnVersionHeader::versionCode() const
{
    return major >= 9 ? major * 10000LL + minor * 100LL + patch : major * 1000LL + minor * 100LL + patch;
}

std::optional<CudnnVersionHeader> CudnnVersionHeader::parse(std::string_view text)
{
    static constexpr std::string_view wanted[]
        = {"CUDNN_MAJOR", "CUDNN_MINOR", "CUDNN_PATCHLEVEL", "CUDNN_MAX_SM_MAJOR_NUMBER", "CUDNN_MAX_SM_MINOR_NUMBER"};
    std::map<std::string_view, int> values;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        std::string_view name;
        int value = 0;
        if (readDefine(text.substr(start, end - start), name, value)) {
            for (const std::string_view macro : wanted) {
                if (name == macro) {
                    values.emplace(macro, value); // the first definition counts
                }
            }
        }
        start = end + 1;
    }
    const auto value = [&](std::string_view macro) -> std::optional<int> {
        const auto it = values.find(macro);
        return it == values.end() ? std::nullopt : std::optional<int>(it->second);
    };
    if (!value("CUDNN_MAJOR") || !value("CUDNN_MINOR") || !value("CUDNN_PATCHLEVEL")) {
        return std::nullopt;
    }
    CudnnVersionHeader header;
    header.major = *value("CUDNN_MAJOR");
    header.minor = *value("CUDNN_MINOR");
    header.patch = *value("CUDNN_PATCHLEVEL");
    if (value("CUDNN_MAX_SM_MAJOR_NUMBER") && value("CUDNN_MAX_SM_MINOR_NUMBER")) {
        header.maxSmMajor = value("CUDNN_MAX_SM_MAJOR_NUMBER");
        header.maxSmMinor = value("CUDNN_MAX_SM_MINOR_NUMBER");
    }
    return header;
}

} // namespace cudnnsetup::cudnnfacts
