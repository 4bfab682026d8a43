#include "identity.h"

#include <fcntl.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "engine/match.h"
#include "engine/names.h"
#include "engine/text.h"
#include "savefile.h"

namespace gobblet::saves {

namespace fs = std::filesystem;

namespace {

std::string escaped(std::string_view s) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
            c == '-' || c == '_') {
            out += ch;
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string mode_text(mode_t mode) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", unsigned(mode & 07777));
    return buf;
}

// The secret in a file's text: its one line that is not a '%' comment.
std::string secret_in(std::string_view text) {
    std::string found;
    std::size_t lines = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const std::string_view line = trim(text.substr(0, nl));
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        if (line.empty() || line[0] == '%') continue;
        if (++lines > 1) return {};
        found = std::string(line);
    }
    return names::valid_secret(found) ? found : std::string();
}

// Reads an existing secret file, or says why it cannot be used.
Expected<Secret> read_secret(const fs::path& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0)
        return Failure{"cannot read the lobby secret " + path.string() + ": " + std::strerror(errno)};
    if (!S_ISREG(st.st_mode))
        return Failure{"the lobby secret " + path.string() +
                       " is not a regular file (a link, a folder...): move it "
                       "away and log in again"};
    if (st.st_mode & 077)
        return Failure{"the lobby secret " + path.string() + " may be read by others (mode " +
                       mode_text(st.st_mode) + "): make it yours alone with chmod 600 " + path.string()};
    const Expected<std::string> text = read_file(path);
    if (!text) return Failure{text.why() + " (it holds the secret that proves your name on that server)"};
    std::string secret = secret_in(*text);
    if (secret.empty())
        return Failure{path.string() +
                       " does not hold a lobby secret (one line of 64 hex digits): it was left as it "
                       "is; move it away to make a new one (the name is then lost on that server "
                       "unless it has a password)"};
    return Secret{std::move(secret), false, path};
}

}  // namespace

fs::path secrets_dir() {
    const fs::path state = state_dir();
    return state.empty() ? state : state / "lobby";
}

std::string secret_file_name(std::string_view server, std::string_view name) {
    const std::string where = server.starts_with("unix:") ? std::string(server) : lower(server);
    return escaped(where) + "@" + escaped(names::name_key(name)) + ".secret";
}

Expected<Secret> lobby_secret(const fs::path& dir, std::string_view server, std::string_view name) {
    const auto fail = [](std::string why) { return Failure{std::move(why)}; };
    if (dir.empty()) return fail("no folder for the lobby secret: set HOME (or XDG_STATE_HOME)");
    if (!names::valid_name(name))
        return fail("a name has 2 to 20 letters, digits, '-' or '_', and starts with a letter");
    const fs::path path = dir / secret_file_name(server, name);

    std::error_code ec;
    if (fs::exists(fs::symlink_status(path, ec))) return read_secret(path);

    // The folder: ours alone (the group's and others' rights taken away; the owner's left as they are).
    fs::create_directories(dir, ec);
    if (ec) return fail("cannot make the folder " + dir.string() + " for the lobby secret: " + ec.message());
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || ((st.st_mode & 077) && ::chmod(dir.c_str(), st.st_mode & 0700) != 0))
        return fail("cannot make the folder " + dir.string() +
                    " private (chmod go-rwx): " + std::strerror(errno));

    // 32 random bytes from the kernel, through libsodium (which this program links for SSH keys too).
    if (sodium_init() < 0) return fail("cannot make a lobby secret: libsodium cannot start");
    unsigned char bytes[names::secret_digits / 2];
    randombytes_buf(bytes, sizeof bytes);
    std::string secret;
    static constexpr char hex[] = "0123456789abcdef";
    for (unsigned char b : bytes) {
        secret += hex[b >> 4];
        secret += hex[b & 15];
    }
    const std::string text =
        "% gobblet lobby secret: it proves the name to the server. Keep it to yourself.\n"
        "% server: " +
        clean_text(server, 200) + "\n% name: " + std::string(name) + "\n" + secret + "\n";

    // A temporary file (mkstemp makes it 0600), flushed, then linked into place: link never replaces, so of
    // two programs making the secret at once, one wins and the other reads its secret.
    std::string tmp = (dir / ".secret.XXXXXX").string();
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) return fail("cannot write the lobby secret in " + dir.string() + ": " + std::strerror(errno));
    std::string why;
    for (std::size_t done = 0; done < text.size() && why.empty();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            why = std::strerror(errno);
        else
            done += std::size_t(n);
    }
    if (why.empty() && ::fchmod(fd, 0600) != 0) why = std::strerror(errno);
    if (why.empty() && ::fsync(fd) != 0) why = std::strerror(errno);
    if (::close(fd) != 0 && why.empty()) why = std::strerror(errno);
    if (why.empty() && ::link(tmp.c_str(), path.c_str()) != 0) {
        if (errno == EEXIST) {
            ::unlink(tmp.c_str());
            return read_secret(path);
        }
        why = std::strerror(errno);
    }
    ::unlink(tmp.c_str());
    if (!why.empty()) return fail("cannot write the lobby secret " + path.string() + ": " + why);
    // The new name in the folder must survive a crash too: it is the only proof of the name.
    if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return Secret{secret, true, path};
}

}  // namespace gobblet::saves
