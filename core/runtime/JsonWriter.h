#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

/** Just enough JSON output for the probe, with no dependency. Compact, one line. */
namespace cudnnsetup::runtime {

/**
 * `text` as a JSON string literal, quotes included. Escapes '"', '\\' and every control character; bytes that are
 * not valid UTF-8 (a path on Linux can hold any bytes) become U+FFFD so the result is always valid JSON.
 */
std::string jsonQuote(std::string_view text);

/**
 * Writes values in order and places the commas and colons:
 *   JsonWriter w; w.beginObject().key("loaded").boolean(true).endObject(); w.str() == R"({"loaded":true})"
 * Nesting mistakes (a value where a key belongs) are the caller's bug and are not diagnosed.
 */
class JsonWriter
{
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);

    JsonWriter& string(std::string_view text);
    template <typename Int, std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>, int> = 0>
    JsonWriter& number(Int value)
    {
        return token(std::to_string(value));
    }
    /** A number, or null when absent. */
    JsonWriter& number(std::optional<long long> value);
    /** A floating-point number to 6 significant digits ("0.0123", "1.5e-07"); null when absent or not finite. */
    JsonWriter& decimal(std::optional<double> value);
    JsonWriter& boolean(bool value);
    JsonWriter& null();

    const std::string& str() const { return m_out; }

private:
    void beforeValue();
    JsonWriter& token(std::string_view text); // a value written as is
    JsonWriter& open(char bracket);
    JsonWriter& close(char bracket);

    std::string m_out;
    std::vector<bool> m_hasMember; // per open container: has it got a member yet (a comma is due)?
    bool m_afterKey = false;
};

} // namespace cudnnsetup::runtime
