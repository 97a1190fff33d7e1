#include "runtime/JsonWriter.h"

#include <charconv>
#include <cmath>

namespace cudnnsetup::runtime {

namespace {

/** Length of the valid UTF-8 sequence starting at text[i], or 0 when it is not one (RFC 3629 table 3-7). */
std::size_t utf8SequenceLength(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const auto continuation = [&](std::size_t k, unsigned char low = 0x80, unsigned char high = 0xBF) {
        return k < text.size() && byte(k) >= low && byte(k) <= high;
    };
    const unsigned char lead = byte(i);
    if (lead < 0x80) {
        return 1;
    }
    if (lead >= 0xC2 && lead <= 0xDF) {
        return continuation(i + 1) ? 2 : 0;
    }
    if (lead >= 0xE0 && lead <= 0xEF) {
        const unsigned char low = lead == 0xE0 ? 0xA0 : 0x80; // no overlong forms
        const unsigned char high = lead == 0xED ? 0x9F : 0xBF; // no UTF-16 surrogates
        return continuation(i + 1, low, high) && continuation(i + 2) ? 3 : 0;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        const unsigned char low = lead == 0xF0 ? 0x90 : 0x80;
        const unsigned char high = lead == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
        return continuation(i + 1, low, high) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
    }
    return 0;
}

} // namespace

std::string jsonQuote(std::string_view text)
{
    static const char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 0x0F];
            } else if (const std::size_t length = utf8SequenceLength(text, i)) {
                out.append(text.substr(i, length));
                i += length;
                continue;
            } else {
                out += "\\ufffd";
            }
        }
        ++i;
    }
    out += '"';
    return out;
}

void JsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_hasMember.empty()) {
        if (m_hasMember.back()) {
            m_out += ',';
        }
        m_hasMember.back() = true;
    }
}

JsonWriter& JsonWriter::open(char bracket)
{
    beforeValue();
    m_out += bracket;
    m_hasMember.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::close(char bracket)
{
    m_out += bracket;
    if (!m_hasMember.empty()) {
        m_hasMember.pop_back();
    }
    return *this;
}

JsonWriter& JsonWriter::beginObject()
{
    return open('{');
}

JsonWriter& JsonWriter::endObject()
{
    return close('}');
}

JsonWriter& JsonWriter::beginArray()
{
    return open('[');
}

JsonWriter& JsonWriter::endArray()
{
    return close(']');
}

JsonWriter& JsonWriter::key(std::string_view name)
{
    beforeValue();
    m_out += jsonQuote(name);
    m_out += ':';
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::token(std::string_view text)
{
    beforeValue();
    m_out += text;
    return *this;
}

JsonWriter& JsonWriter::string(std::string_view text)
{
    return token(jsonQuote(text));
}

JsonWriter& JsonWriter::number(std::optional<long long> value)
{
    return value ? number(*value) : null();
}

JsonWriter& JsonWriter::decimal(std::optional<double> value)
{
    if (!value || !std::isfinite(*value)) {
        return null();
    }
    char text[32];
    // to_chars ignores the locale: always a '.', never a ','.
    const auto [end, error] = std::to_chars(text, text + sizeof text, *value, std::chars_format::general, 6);
    return error == std::errc() ? token(std::string_view(text, static_cast<std::size_t>(end - text))) : null();
}

JsonWriter& JsonWriter::boolean(bool value)
{
    return token(value ? "true" : "false");
}

JsonWriter& JsonWriter::null()
{
    return token("null");
}

} // namespace cudnnsetup::runtime
