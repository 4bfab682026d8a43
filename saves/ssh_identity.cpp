#include "ssh_identity.h"

#include <fcntl.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/names.h"

namespace gobblet::saves {

namespace {

bool key_type_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '.' || c == '@' || c == '_';
}

// Splits a line at single spaces or tabs, skipping runs of them.
std::vector<std::string_view> fields_of(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

// The text of $SSH_USER_AUTH's file, a regular file of at most max_ssh_auth_info bytes; why not when it
// cannot be read.
Expected<std::string> read_bounded(const char* path) {
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0)
        return Failure{std::string("cannot read sshd's $SSH_USER_AUTH file: ") + std::strerror(errno)};
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return Failure{"sshd's $SSH_USER_AUTH is not a regular file"};
    }
    std::string out;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const std::string why =
                std::string("cannot read sshd's $SSH_USER_AUTH file: ") + std::strerror(errno);
            ::close(fd);
            return Failure{why};
        }
        if (n == 0) break;
        out.append(buf, std::size_t(n));
        if (out.size() > max_ssh_auth_info) {
            ::close(fd);
            return Failure{"sshd's $SSH_USER_AUTH file is larger than 64 KiB"};
        }
    }
    ::close(fd);
    return out;
}

}  // namespace

Expected<std::string> ssh_client_address(std::string_view ssh_connection) {
    const std::vector<std::string_view> f = fields_of(ssh_connection.substr(0, 256));
    if (f.size() == 4 && names::valid_address(f[0])) return std::string(f[0]);
    return Failure{"$SSH_CONNECTION is not 'ADDRESS PORT ADDRESS PORT' with numeric addresses"};
}

Expected<std::string> ssh_key_fingerprint(std::string_view type, std::string_view base64) {
    const auto fail = [](const char* why) { return Failure{why}; };
    if (type.empty() || type.size() > 64) return fail("an SSH key type of 1 to 64 characters");
    for (const char c : type)
        if (!key_type_char(c)) return fail("an SSH key type of letters, digits and -.@_ only");
    if (base64.empty() || base64.size() > max_ssh_key_text)
        return fail("an SSH key of 1 to 16384 characters");
    if (sodium_init() < 0) return fail("libsodium cannot start");
    std::vector<unsigned char> blob(base64.size());
    std::size_t len = 0;
    const char* end = nullptr;
    if (sodium_base642bin(blob.data(), blob.size(), base64.data(), base64.size(), nullptr, &len, &end,
                          sodium_base64_VARIANT_ORIGINAL) != 0 ||
        end != base64.data() + base64.size())
        return fail("an SSH key that is not base64");
    // The blob's first field is its type, a string (a 32-bit big-endian length, then the bytes): the
    // line's type must be the same.
    if (len < 4) return fail("an SSH key too short to hold its type");
    const std::size_t type_len = (std::size_t(blob[0]) << 24) | (std::size_t(blob[1]) << 16) |
                                 (std::size_t(blob[2]) << 8) | std::size_t(blob[3]);
    if (type_len != type.size() || len < 4 + type_len ||
        std::memcmp(blob.data() + 4, type.data(), type_len) != 0)
        return fail("an SSH key whose blob is of another type than its line says");
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, blob.data(), len);
    char text[sodium_base64_ENCODED_LEN(crypto_hash_sha256_BYTES, sodium_base64_VARIANT_ORIGINAL_NO_PADDING)];
    sodium_bin2base64(text, sizeof text, digest, sizeof digest, sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
    return "SHA256:" + std::string(text);
}

Expected<std::string> ssh_auth_fingerprint(std::string_view auth_info) {
    std::size_t line_no = 0;
    while (!auth_info.empty()) {
        const std::size_t nl = auth_info.find('\n');
        const std::string_view line = auth_info.substr(0, nl);
        auth_info = nl == std::string_view::npos ? std::string_view() : auth_info.substr(nl + 1);
        ++line_no;
        const std::vector<std::string_view> f = fields_of(line);
        if (f.empty() || f[0] != "publickey") continue;
        const std::string where = "sshd's $SSH_USER_AUTH file, line " + std::to_string(line_no) + ": ";
        if (f.size() < 3) return Failure{where + "a publickey line without a key"};
        Expected<std::string> fp = ssh_key_fingerprint(f[1], f[2]);
        if (!fp) return Failure{where + fp.why()};
        return fp;
    }
    return Failure{"you logged in to ssh without a key: a key would prove your name without a password"};
}

SshIdentity ssh_identity(const char* ssh_connection, const char* ssh_user_auth) {
    SshIdentity id;
    if (!ssh_connection) return id;
    const Expected<std::string> address = ssh_client_address(ssh_connection);
    if (!address) {
        id.problem = address.why();
        return id;
    }
    id.address = *address;
    id.present = true;
    if (!ssh_user_auth || !*ssh_user_auth) {
        id.problem =
            "sshd does not say which key you logged in with (the server's sshd needs ExposeAuthInfo yes)";
        return id;
    }
    const Expected<std::string> text = read_bounded(ssh_user_auth);
    if (!text) {
        id.problem = text.why();
        return id;
    }
    const Expected<std::string> key = ssh_auth_fingerprint(*text);
    if (!key) {
        id.problem = key.why();
        return id;
    }
    id.key = *key;
    return id;
}

SshIdentity ssh_identity_from_env() {
    return ssh_identity(std::getenv("SSH_CONNECTION"), std::getenv("SSH_USER_AUTH"));
}

}  // namespace gobblet::saves
