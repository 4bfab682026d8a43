// The lobby secrets kept on this machine (saves/identity.h): made once, private, read back, never
// replaced, and every way it can go wrong said with the path and what to do.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "net/lobby.h"
#include "saves/identity.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::saves;
namespace fs = std::filesystem;

namespace {

using test::TempDir;  // (tests/support.h)

mode_t mode_of(const fs::path& p) {
    struct stat st {};
    REQUIRE(::stat(p.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

// The secret read or made; "" when there is none, so that a comparison fails rather than reading nothing.
std::string secret_of(const Expected<Secret>& s) { return s ? s->secret : std::string(); }

// Sets an environment variable for the length of a test.
struct Env {
    std::string name;
    std::optional<std::string> old;
    Env(std::string n, const char* value) : name(std::move(n)) {
        if (const char* v = std::getenv(name.c_str())) old = v;
        if (value)
            ::setenv(name.c_str(), value, 1);
        else
            ::unsetenv(name.c_str());
    }
    ~Env() {
        if (old)
            ::setenv(name.c_str(), old->c_str(), 1);
        else
            ::unsetenv(name.c_str());
    }
};

}  // namespace

TEST_CASE("a lobby secret is made once, private, and read back the same", "[saves][identity]") {
    TempDir tmp;
    const fs::path dir = tmp.path / "gobblet" / "lobby";
    const Expected<Secret> made = lobby_secret(dir, "example.org:7300", "Liam");
    REQUIRE(made);
    CHECK(made->created);
    CHECK(net::lobby::valid_secret(made->secret));
    CHECK(made->path == dir / "example.org%3A7300@llam.secret");
    CHECK(mode_of(dir) == 0700);
    CHECK(mode_of(made->path) == 0600);
    const std::string text = test::read_text(made->path);
    CHECK(
        text.starts_with("% gobblet lobby secret: it proves the name to the server. Keep it to yourself.\n"
                         "% server: example.org:7300\n% name: Liam\n"));
    CHECK(text.ends_with(made->secret + "\n"));
    // No temporary file is left behind.
    int files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
    CHECK(files == 1);

    const Expected<Secret> again = lobby_secret(dir, "example.org:7300", "Liam");
    REQUIRE(again);
    CHECK_FALSE(again->created);
    CHECK(again->secret == made->secret);
    // The same name however it is spelled, and the host in any case: the same secret.
    CHECK(secret_of(lobby_secret(dir, "Example.ORG:7300", "LIAM")) == made->secret);
    CHECK(secret_of(lobby_secret(dir, "example.org:7300", "L1am")) == made->secret);

    // Another name, another server: another secret.
    const Expected<Secret> eamon = lobby_secret(dir, "example.org:7300", "Eamon");
    const Expected<Secret> other = lobby_secret(dir, "[::1]:7300", "Liam");
    const Expected<Secret> local = lobby_secret(dir, "unix:/run/gobblet/Lobby.sock", "Liam");
    REQUIRE(eamon);
    REQUIRE(other);
    REQUIRE(local);
    CHECK(eamon->created);
    CHECK(other->created);
    CHECK(eamon->secret != made->secret);
    CHECK(other->secret != made->secret);
    CHECK(other->path.filename() == "%5B%3A%3A1%5D%3A7300@llam.secret");
    CHECK(local->path.filename() ==
          "unix%3A%2Frun%2Fgobblet%2FLobby.sock@llam.secret");  // paths keep their case
}

TEST_CASE("the secrets live under XDG_STATE_HOME, else under HOME", "[saves][identity]") {
    {
        Env state("XDG_STATE_HOME", "/x/state");
        CHECK(secrets_dir() == fs::path("/x/state/gobblet/lobby"));
    }
    {
        Env state("XDG_STATE_HOME", nullptr);
        Env home("HOME", "/home/liam");
        CHECK(secrets_dir() == fs::path("/home/liam/.local/state/gobblet/lobby"));
    }
    {
        Env state("XDG_STATE_HOME", nullptr);
        Env home("HOME", nullptr);
        CHECK(secrets_dir().empty());
        CHECK(lobby_secret(secrets_dir(), "example.org:7300", "Liam").why() ==
              "no folder for the lobby secret: set HOME (or XDG_STATE_HOME)");
    }
}

TEST_CASE("a secret file others may read is refused, not used", "[saves][identity]") {
    TempDir tmp;
    const Expected<Secret> made = lobby_secret(tmp.path, "example.org:7300", "Liam");
    REQUIRE(made);
    fs::permissions(made->path, fs::perms::group_read | fs::perms::others_read, fs::perm_options::add);
    const Expected<Secret> loose = lobby_secret(tmp.path, "example.org:7300", "Liam");
    CHECK_FALSE(loose);
    CHECK(loose.why() == "the lobby secret " + made->path.string() +
                             " may be read by others (mode 0644): make it yours alone with chmod 600 " +
                             made->path.string());
    fs::permissions(made->path, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
    CHECK(secret_of(lobby_secret(tmp.path, "example.org:7300", "Liam")) == made->secret);
}

TEST_CASE("a damaged secret file is refused and left as it is", "[saves][identity]") {
    TempDir tmp;
    const fs::path path = tmp.path / secret_file_name("example.org:7300", "Liam");
    const std::string damaged = "% gobblet lobby secret\n3f9c0e12b47d665f\n";
    { std::ofstream(path) << damaged; }
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
    const Expected<Secret> s = lobby_secret(tmp.path, "example.org:7300", "Liam");
    CHECK_FALSE(s);
    CHECK(s.why() ==
          path.string() +
              " does not hold a lobby secret (one line of 64 hex digits): it was left as it is; move it "
              "away to make a new one (the name is then lost on that server unless it has a password)");
    CHECK(test::read_text(path) == damaged);

    // Two secrets in one file are as bad as none.
    const std::string two = std::string(64, 'a') + "\n" + std::string(64, 'b') + "\n";
    { std::ofstream(path) << two; }
    CHECK_FALSE(lobby_secret(tmp.path, "example.org:7300", "Liam"));
    CHECK(test::read_text(path) == two);
}

TEST_CASE("a link, a folder, or a folder that cannot be made: said, and nothing replaced",
          "[saves][identity]") {
    TempDir tmp;
    const fs::path path = tmp.path / secret_file_name("example.org:7300", "Liam");
    SECTION("a symbolic link where the secret goes") {
        fs::create_symlink(tmp.path / "elsewhere", path);
        const Expected<Secret> s = lobby_secret(tmp.path, "example.org:7300", "Liam");
        CHECK(s.why() == "the lobby secret " + path.string() +
                             " is not a regular file (a link, a folder...): move it away and log in again");
        CHECK(fs::is_symlink(path));
        CHECK_FALSE(fs::exists(tmp.path / "elsewhere"));
    }
    SECTION("the folder's place is taken by a file") {
        std::ofstream(tmp.path / "state") << "x";
        const Expected<Secret> s = lobby_secret(tmp.path / "state" / "lobby", "example.org:7300", "Liam");
        CHECK(s.why().starts_with("cannot make the folder " + (tmp.path / "state" / "lobby").string() +
                                  " for the lobby secret: "));
        CHECK_FALSE(s);
    }
    SECTION("a folder that cannot be written") {
        if (::getuid() == 0) {
            WARN("running as root: permissions do not stop root; skipped");
            return;
        }
        const fs::path locked = tmp.path / "locked";
        fs::create_directory(locked);
        fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec, fs::perm_options::replace);
        const Expected<Secret> s = lobby_secret(locked, "example.org:7300", "Liam");
        CHECK(s.why() == "cannot write the lobby secret in " + locked.string() + ": Permission denied");
    }
    SECTION("a name no player can have") {
        CHECK(lobby_secret(tmp.path, "example.org:7300", "../etc").why() ==
              "a name has 2 to 20 letters, digits, '-' or '_', and starts with a letter");
    }
}
