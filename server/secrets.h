// What proves a player's name, and what lets a player back into a game, with libsodium: never a
// hand-written hash.
//
//  - Machine secrets and join tokens: 32 random bytes (randombytes_buf), shown as 64 lowercase hex
//    digits. The store keeps only their BLAKE2b-256 digest (crypto_generichash), compared in constant
//    time (sodium_memcmp). A secret of 256 random bits cannot be guessed, so a fast unsalted digest is
//    the right tool: a stolen database gives nobody a secret that works.
//  - Passwords, which people choose and so can be guessed: crypto_pwhash_str (Argon2id, memory-hard,
//    salted, the parameters inside the string it returns), verified with crypto_pwhash_str_verify, and
//    hashed again with today's parameters when crypto_pwhash_str_needs_rehash says so.
//
// Every function here is a plain function safe to call from any thread (libsodium is, once initialized:
// each function initializes it first). Hashing a password costs tens of milliseconds and 64 MiB
// (PasswordCost::standard()): the server runs hash_password and check_password on a worker thread, never
// on its event loop.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/expected.h"

namespace gobblet::server {

// Starts libsodium (sodium_init) the first time, from any thread; throws std::runtime_error when it
// cannot start (no source of randomness).
void init_crypto();

// ---- Secrets and tokens ----

constexpr std::size_t secret_bytes = 32;
constexpr std::size_t secret_text_length = 2 * secret_bytes;
using Digest = std::array<unsigned char, 32>;

// A new secret from the system's random generator, as 64 lowercase hex digits.
std::string new_secret();
// The digest the store keeps of a secret; nullopt when `text` is not 64 hex digits (either case).
std::optional<Digest> secret_digest(std::string_view text);
// The digest the store keeps of a game's join code (any text: the server's codes are 32 characters of
// Crockford's base 32, 160 random bits), BLAKE2b-256 of its bytes.
Digest code_digest(std::string_view code);
// Whether a stored digest equals `digest`, in time that does not depend on where they differ. A stored
// value of another length is never equal.
bool same_digest(const Digest& digest, std::span<const unsigned char> stored);

// ---- Passwords ----

// Passwords are 8 to 128 characters of UTF-8 text without control characters (spaces are fine).
constexpr std::size_t min_password_chars = 8;
constexpr std::size_t max_password_chars = 128;
// Whether `password` may be used, or what is wrong with it, for the player ("a password needs at least 8
// characters (this one has 5)").
Expected<void> password_allowed(std::string_view password);

// The work of one password hash: Argon2id's passes and memory.
struct PasswordCost {
    unsigned long long opslimit;
    std::size_t memlimit;
    // What the server uses: libsodium's INTERACTIVE limits (2 passes over 64 MiB), meant for logins
    // that a person waits for. Measured here: see `./main --bench-store`.
    static PasswordCost standard();
    // The least libsodium allows (1 pass over 8 KiB): no protection at all, for tests only, which pass it
    // explicitly. Nothing in the program uses it.
    static PasswordCost for_tests();
};

// The string to store for `password` (crypto_pwhash_str: "$argon2id$v=19$m=65536,t=2,p=1$..."), at most
// 127 characters. The password must have passed password_allowed. Throws std::runtime_error when the
// hash cannot be made (out of memory).
std::string hash_password(std::string_view password, const PasswordCost& cost = PasswordCost::standard());

struct PasswordCheck {
    bool ok = false;
    // When the password was right but the stored hash was made with other parameters than `cost`: the
    // hash to store in its place (made here, on the same thread).
    std::optional<std::string> rehash;
};
// Whether `password` matches `stored` (a hash_password string); anything that is not such a string
// never matches.
PasswordCheck check_password(std::string_view stored, std::string_view password,
                             const PasswordCost& cost = PasswordCost::standard());

}  // namespace gobblet::server
