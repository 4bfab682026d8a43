#include "secrets.h"

#include <sodium.h>

#include <stdexcept>

#include "net/wire.h"

namespace gobblet::server {

void init_crypto() {
    // sodium_init is safe to call from several threads at once and again after it succeeded (it returns 1
    // then); the static only spares the call.
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium could not start (no source of random numbers?)");
}

std::string new_secret() {
    init_crypto();
    unsigned char bytes[secret_bytes];
    randombytes_buf(bytes, sizeof bytes);
    char hex[secret_text_length + 1];
    sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
    sodium_memzero(bytes, sizeof bytes);
    return std::string(hex, secret_text_length);
}

std::optional<Digest> secret_digest(std::string_view text) {
    init_crypto();
    if (text.size() != secret_text_length) return std::nullopt;
    unsigned char bytes[secret_bytes];
    std::size_t length = 0;
    const char* end = nullptr;
    if (sodium_hex2bin(bytes, sizeof bytes, text.data(), text.size(), nullptr, &length, &end) != 0 ||
        length != secret_bytes || end != text.data() + text.size())
        return std::nullopt;
    Digest digest;
    crypto_generichash(digest.data(), digest.size(), bytes, sizeof bytes, nullptr, 0);
    sodium_memzero(bytes, sizeof bytes);
    return digest;
}

Digest code_digest(std::string_view code) {
    init_crypto();
    Digest digest;
    crypto_generichash(digest.data(), digest.size(), reinterpret_cast<const unsigned char*>(code.data()),
                       code.size(), nullptr, 0);
    return digest;
}

bool same_digest(const Digest& digest, std::span<const unsigned char> stored) {
    init_crypto();
    return stored.size() == digest.size() && sodium_memcmp(digest.data(), stored.data(), digest.size()) == 0;
}

Expected<void> password_allowed(std::string_view password) {
    if (!net::valid_utf8(password)) return Failure{"a password must be UTF-8 text"};
    std::size_t chars = 0;
    for (std::size_t i = 0; i < password.size(); ++i) {
        const auto c = static_cast<unsigned char>(password[i]);
        if (c < 32 || c == 127 ||
            (c == 0xC2 && i + 1 < password.size() && static_cast<unsigned char>(password[i + 1]) < 0xA0))
            return Failure{"a password cannot hold control characters (tabs, line ends, escapes)"};
        chars += (c & 0xC0) != 0x80;  // count the first byte of each character
    }
    if (chars < min_password_chars)
        return Failure{"a password needs at least " + std::to_string(min_password_chars) +
                       " characters (this one has " + std::to_string(chars) + ")"};
    if (chars > max_password_chars)
        return Failure{"a password has at most " + std::to_string(max_password_chars) +
                       " characters (this one has " + std::to_string(chars) + ")"};
    return {};
}

PasswordCost PasswordCost::standard() {
    return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

PasswordCost PasswordCost::for_tests() { return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN}; }

std::string hash_password(std::string_view password, const PasswordCost& cost) {
    init_crypto();
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(out, password.data(), password.size(), cost.opslimit, cost.memlimit) != 0)
        throw std::runtime_error("cannot hash the password: out of memory");
    return out;
}

PasswordCheck check_password(std::string_view stored, std::string_view password, const PasswordCost& cost) {
    init_crypto();
    PasswordCheck check;
    // crypto_pwhash_str_verify reads a NUL-terminated string of at most crypto_pwhash_STRBYTES bytes.
    if (stored.empty() || stored.size() >= crypto_pwhash_STRBYTES || stored.find('\0') != stored.npos)
        return check;
    const std::string hash(stored);
    if (crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) != 0) return check;
    check.ok = true;
    if (crypto_pwhash_str_needs_rehash(hash.c_str(), cost.opslimit, cost.memlimit) != 0)
        check.rehash = hash_password(password, cost);
    return check;
}

}  // namespace gobblet::server
