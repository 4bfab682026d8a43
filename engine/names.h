// Players' names and what proves them, as a lobby server, its clients and this machine's files read them
// (docs/lobby.md, "Names" and "Logging in"): the form of a registered name, a guest's and a tournament's,
// the key names are compared by, machine secrets, SSH keys' fingerprints, numeric addresses and passwords.
// Plain checks of text, below both the lobby protocol (net/lobby.h, which carries them) and the files
// that keep a machine's secrets (saves/identity.h, saves/ssh_identity.h), so that neither reaches into
// the other. No files, sockets or time: an address is read as text (inet_pton), never looked up.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/expected.h"

namespace gobblet::names {

constexpr std::size_t min_name = 2, max_name = 20;  // a registered name: characters (all ASCII)
constexpr std::size_t max_guest_name = 24;          // "~" and the name, with the server's suffix
constexpr std::size_t secret_digits = 64;           // a machine secret: 32 random bytes in hex
constexpr std::size_t max_address = 45;             // a numeric IPv6 address, the longest form
constexpr std::size_t min_password = 8;             // characters
constexpr std::size_t max_password = 128;           // bytes
constexpr std::size_t max_tournament_name = 32;     // characters (all ASCII)

// A registered name has min_name to max_name characters: ASCII letters, digits, '-' and '_', starting
// with a letter, so that every terminal shows it the same and nobody can pass for someone else with a
// look-alike letter from another script. A guest's name is '~' and such a name (up to max_guest_name
// characters in all), so it never collides with a registered one.
bool valid_name(std::string_view name);
bool valid_guest_name(std::string_view name);
// The key a server compares names by: two names with the same key are the same name. Lower case, and
// the look-alikes read as one: 0 as o, 1 and i as l, '_' as '-' ("Liam", "LIAM" and "L1am" are one name).
std::string name_key(std::string_view name);
// A tournament's name: 2 to max_tournament_name ASCII letters, digits, '-', '_' and '.', a letter or
// digit first ("autumn-cup", "DM.2026"). Compared by name_key, as players' names.
bool valid_tournament_name(std::string_view name);
// A machine secret: secret_digits lowercase hex digits.
bool valid_secret(std::string_view s);
// An SSH key's fingerprint as OpenSSH shows it: "SHA256:" and 43 characters of base64 without padding
// (the SHA-256 of the key's blob).
bool valid_ssh_key(std::string_view s);
// A numeric IPv4 or IPv6 address ("203.0.113.5", "2001:db8::5"), as sshd writes $SSH_CONNECTION's.
bool valid_address(std::string_view s);
// Whether a password can be one, or why not: min_password characters at least, max_password bytes at
// most, UTF-8 without control characters. It travels and is compared exactly as typed.
Expected<void> password_allowed(std::string_view password);

}  // namespace gobblet::names
