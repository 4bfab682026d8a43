// Small text helpers shared by the readers of the engine and the saves (protocol lines, save headers,
// notation): ASCII case folding and trimming. Bytes outside ASCII are left as they are.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace gobblet {

inline std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

inline std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// s without the white space (spaces, tabs, line ends) at either end.
inline std::string_view trim(std::string_view s) {
    const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

}  // namespace gobblet
