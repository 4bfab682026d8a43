#include "names.h"

#include <arpa/inet.h>

#include "engine/text.h"

namespace gobblet::names {

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_hex(std::string_view s, std::size_t digits) {
    if (s.size() != digits) return false;
    for (char c : s)
        if (!is_digit(c) && !(c >= 'a' && c <= 'f')) return false;
    return true;
}

// A name of letters, digits, '-' and '_' starting with a letter, of min_name to `max` characters.
bool name_body(std::string_view s, std::size_t max) {
    if (s.size() < min_name || s.size() > max || !is_letter(s[0])) return false;
    for (char c : s)
        if (!is_letter(c) && !is_digit(c) && c != '-' && c != '_') return false;
    return true;
}

std::size_t utf8_chars(std::string_view s) {
    std::size_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

}  // namespace

bool valid_name(std::string_view name) { return name_body(name, max_name); }

bool valid_guest_name(std::string_view name) {
    return name.size() > 1 && name[0] == '~' && name_body(name.substr(1), max_guest_name - 1);
}

std::string name_key(std::string_view name) {
    std::string key;
    for (char c : name) {
        c = c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
        if (c == '0') c = 'o';
        if (c == '1' || c == 'i') c = 'l';
        if (c == '_') c = '-';
        key += c;
    }
    return key;
}

bool valid_tournament_name(std::string_view name) {
    if (name.size() < 2 || name.size() > max_tournament_name || !(is_letter(name[0]) || is_digit(name[0])))
        return false;
    for (char c : name)
        if (!is_letter(c) && !is_digit(c) && c != '-' && c != '_' && c != '.') return false;
    return true;
}

bool valid_secret(std::string_view s) { return is_hex(s, secret_digits); }

bool valid_ssh_key(std::string_view s) {
    constexpr std::string_view prefix = "SHA256:";
    if (!s.starts_with(prefix) || s.size() != prefix.size() + 43) return false;
    for (const char c : s.substr(prefix.size()))
        if (!is_letter(c) && !is_digit(c) && c != '+' && c != '/') return false;
    return true;
}

bool valid_address(std::string_view s) {
    if (s.empty() || s.size() > max_address) return false;
    const std::string text(s);
    in6_addr a6{};
    in_addr a4{};
    return inet_pton(AF_INET, text.c_str(), &a4) == 1 || inet_pton(AF_INET6, text.c_str(), &a6) == 1;
}

Expected<void> password_allowed(std::string_view p) {
    if (p.size() > max_password)
        return Failure{"a password has at most " + std::to_string(max_password) + " bytes"};
    if (!valid_utf8(p)) return Failure{"a password is UTF-8 text"};
    for (char ch : p)
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F)
            return Failure{"a password has no control characters"};
    if (utf8_chars(p) < min_password)
        return Failure{"a password has at least " + std::to_string(min_password) + " characters"};
    return {};
}

}  // namespace gobblet::names
