// What sshd tells the lobby client (saves/ssh_identity.h): the player's address from $SSH_CONNECTION and
// their key's fingerprint from $SSH_USER_AUTH, computed as OpenSSH shows it (the fingerprints below are
// what `ssh-keygen -l` printed for these keys), and every malformed or hostile input refused with why.
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "net/lobby.h"
#include "saves/ssh_identity.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::saves;
using gobblet::test::TempDir;

namespace {

const std::string ed25519 = "AAAAC3NzaC1lZDI1NTE5AAAAIB0Og/27tddCSAj+JouFuM8dwYMef0VbLLGaCYy9Yw6c";
const std::string ed25519_fp = "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM";
const std::string rsa =
    "AAAAB3NzaC1yc2EAAAADAQABAAAAgQDKJALVhT4pgqL6Xn1gvfBMozlQ5Gc6qdLNyvXP4XIE34sqAW5EtilX/"
    "VKPABszAticfSXwUP1c3/"
    "7RmyBs7Q3UiyXG8ae5YSrbgWH4h93xUhrQ2oNebX8RAp64vaUEBE0ymuP9rVlBaY0BVaMrSo3Nh0YMCJqrqgIbsUKN3+iMxQ==";
const std::string rsa_fp = "SHA256:Ko57HAfMy+JOMVbAZlnRzyAfLBgAZID3IqhK0+N7M9Q";
const std::string ecdsa =
    "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBE4Tvwqc/"
    "5h1qc9u7h9F+nrBeHIIQL+mMM0dZKNtRDVyS0RiFWr5t4I45L29"
    "Nyw6FJHBIspcvLaWJDVjCTgWO50=";
const std::string ecdsa_fp = "SHA256:lJdxPfzS6KJXtM0xC3lhb0eDaM0WhSoL5+7O0356/Lk";

std::string why_not(std::string_view type, std::string_view key) {
    const Expected<std::string> fp = ssh_key_fingerprint(type, key);
    CHECK_FALSE(fp);
    return fp.why();
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("an SSH key's fingerprint is OpenSSH's", "[identity][ssh]") {
    CHECK(ssh_key_fingerprint("ssh-ed25519", ed25519) == ed25519_fp);
    CHECK(ssh_key_fingerprint("ssh-rsa", rsa) == rsa_fp);
    CHECK(ssh_key_fingerprint("ecdsa-sha2-nistp256", ecdsa) == ecdsa_fp);
    for (const auto& fp : {ed25519_fp, rsa_fp, ecdsa_fp}) CHECK(net::lobby::valid_ssh_key(fp));
}

TEST_CASE("what is not an SSH key is refused with why", "[identity][ssh]") {
    CHECK(why_not("ssh-rsa", ed25519) == "an SSH key whose blob is of another type than its line says");
    CHECK(why_not("ssh-ed25519", "AAAA!!!!") == "an SSH key that is not base64");
    CHECK(why_not("ssh-ed25519", ed25519 + "=") == "an SSH key that is not base64");
    CHECK(why_not("ssh-ed25519", "AAA=") == "an SSH key too short to hold its type");
    CHECK(why_not("ssh-ed25519", "") == "an SSH key of 1 to 16384 characters");
    CHECK(why_not("ssh-ed25519", std::string(20000, 'A')) == "an SSH key of 1 to 16384 characters");
    CHECK(why_not("ssh-\x1b[2J", ed25519) == "an SSH key type of letters, digits and -.@_ only");
    CHECK(why_not("", ed25519) == "an SSH key type of 1 to 64 characters");
    // A blob that claims a longer type than it holds.
    CHECK(why_not("ssh-ed25519", "AAAA/3NzaC1lZDI1NTE5") ==
          "an SSH key whose blob is of another type than its line says");
}

TEST_CASE("$SSH_USER_AUTH: the first public key counts, other methods are skipped", "[identity][ssh]") {
    CHECK(ssh_auth_fingerprint("publickey ssh-ed25519 " + ed25519 + "\n") == ed25519_fp);
    CHECK(ssh_auth_fingerprint("keyboard-interactive\npublickey ssh-rsa " + rsa + "\npublickey ssh-ed25519 " +
                               ed25519 + "\n") == rsa_fp);
    const Expected<std::string> password = ssh_auth_fingerprint("password\n");
    CHECK_FALSE(password);
    CHECK(password.why() ==
          "you logged in to ssh without a key: a key would prove your name without a password");
    CHECK_FALSE(ssh_auth_fingerprint(""));
    const Expected<std::string> keyless = ssh_auth_fingerprint("password\npublickey ssh-ed25519\n");
    CHECK_FALSE(keyless);
    CHECK(keyless.why() == "sshd's $SSH_USER_AUTH file, line 2: a publickey line without a key");
    const Expected<std::string> mistyped = ssh_auth_fingerprint("publickey ssh-rsa " + ed25519 + "\n");
    CHECK_FALSE(mistyped);
    CHECK(mistyped.why() ==
          "sshd's $SSH_USER_AUTH file, line 1: an SSH key whose blob is of another type than its line says");
}

TEST_CASE("$SSH_CONNECTION: the player's numeric address", "[identity][ssh]") {
    CHECK(ssh_client_address("203.0.113.5 51234 192.0.2.1 22") == "203.0.113.5");
    CHECK(ssh_client_address("2001:db8::5 51234 2001:db8::1 22") == "2001:db8::5");
    const Expected<std::string> named = ssh_client_address("evil.example.org 1 192.0.2.1 22");
    CHECK_FALSE(named);
    CHECK(named.why() == "$SSH_CONNECTION is not 'ADDRESS PORT ADDRESS PORT' with numeric addresses");
    CHECK_FALSE(ssh_client_address("203.0.113.5"));
    CHECK_FALSE(ssh_client_address(""));
    CHECK_FALSE(ssh_client_address("203.0.113.5\x1b[2J 1 2 3"));
}

TEST_CASE("the identity sshd gives: both variables, the file bounded and checked", "[identity][ssh]") {
    TempDir dir;
    const std::string conn = "203.0.113.5 51234 192.0.2.1 22";
    SECTION("not run by sshd") {
        const SshIdentity id = ssh_identity(nullptr, nullptr);
        CHECK_FALSE(id.present);
        CHECK(id.problem == "");
    }
    SECTION("a key") {
        write(dir / "auth", "publickey ssh-ed25519 " + ed25519 + "\n");
        const SshIdentity id = ssh_identity(conn.c_str(), (dir / "auth").c_str());
        CHECK(id.present);
        CHECK(id.address == "203.0.113.5");
        CHECK(id.key == ed25519_fp);
        CHECK(id.problem == "");
    }
    SECTION("sshd without ExposeAuthInfo: the address, no key, and why") {
        const SshIdentity id = ssh_identity(conn.c_str(), nullptr);
        CHECK(id.present);
        CHECK(id.key == "");
        CHECK(id.problem ==
              "sshd does not say which key you logged in with (the server's sshd needs ExposeAuthInfo yes)");
    }
    SECTION("a file that is too large, missing, or not a file") {
        write(dir / "big", "password\n" + std::string(70000, '#') + "\n");
        SshIdentity id = ssh_identity(conn.c_str(), (dir / "big").c_str());
        CHECK(id.present);
        CHECK(id.key == "");
        CHECK(id.problem == "sshd's $SSH_USER_AUTH file is larger than 64 KiB");
        id = ssh_identity(conn.c_str(), (dir / "none").c_str());
        CHECK(id.key == "");
        CHECK(id.problem == "cannot read sshd's $SSH_USER_AUTH file: No such file or directory");
        id = ssh_identity(conn.c_str(), dir.path.c_str());
        CHECK(id.key == "");
        CHECK(id.problem == "sshd's $SSH_USER_AUTH is not a regular file");
        REQUIRE(::symlink((dir / "big").c_str(), (dir / "link").c_str()) == 0);
        id = ssh_identity(conn.c_str(), (dir / "link").c_str());
        CHECK(id.key == "");
        CHECK(id.problem.starts_with("cannot read sshd's $SSH_USER_AUTH file: "));
    }
    SECTION("a malformed address: nothing is claimed") {
        write(dir / "auth", "publickey ssh-ed25519 " + ed25519 + "\n");
        const SshIdentity id = ssh_identity("nonsense", (dir / "auth").c_str());
        CHECK_FALSE(id.present);
        CHECK(id.key == "");
        CHECK(id.problem == "$SSH_CONNECTION is not 'ADDRESS PORT ADDRESS PORT' with numeric addresses");
    }
}
