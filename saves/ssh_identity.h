// What sshd tells the program it runs about the player: the SSH front door (docs/server.md). A server's
// operator lets players in through a dedicated account whose ForceCommand runs the lobby client; sshd
// gives that client the address the player came from ($SSH_CONNECTION) and, with `ExposeAuthInfo yes`,
// a file naming the public key they logged in with ($SSH_USER_AUTH: lines such as
// "publickey ssh-ed25519 AAAAC3Nz..."). The client passes both on to the server, which believes them only
// from that account (docs/lobby.md, "Version 2"), so that the key proves a registered name without a
// password.
//
// Everything here comes from outside and is read as untrusted: the file is bounded in size, must be a
// regular file, and every line is checked (a key's blob must be base64 whose first field names the same
// key type as the line); nothing is echoed but the fingerprint, which is plain ASCII.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/expected.h"

namespace gobblet::saves {

// The most of $SSH_USER_AUTH read (sshd writes a line per method: a few kilobytes even for certificates).
constexpr std::size_t max_ssh_auth_info = 64 * 1024;
// The most of one key's base64 text.
constexpr std::size_t max_ssh_key_text = 16 * 1024;

// The player as sshd described them.
struct SshIdentity {
    bool present = false;  // run by sshd: $SSH_CONNECTION was set and named an address
    std::string address;   // the player's numeric IP address ("203.0.113.5", "2001:db8::5")
    std::string key;       // their key's fingerprint as OpenSSH shows it ("SHA256:..."), "" when none
    // Why there is no key or no identity, for the player ("" when all is well): sshd does not expose
    // the key (ExposeAuthInfo), the file is unreadable or malformed, $SSH_CONNECTION is malformed.
    std::string problem;
};

// The player's address: the first field of $SSH_CONNECTION ("203.0.113.5 51234 192.0.2.1 22"), a
// numeric IPv4 or IPv6 address; otherwise why not.
Expected<std::string> ssh_client_address(std::string_view ssh_connection);

// The fingerprint of a public key given as its base64 blob, checked against its type ("ssh-ed25519"):
// "SHA256:" and the unpadded base64 of the blob's SHA-256, as `ssh-keygen -l` prints it; why not when
// the text is not such a key.
Expected<std::string> ssh_key_fingerprint(std::string_view type, std::string_view base64);

// The fingerprint of the first `publickey TYPE BASE64` line of $SSH_USER_AUTH's text; why not when it
// has none (the player logged in another way) or a line is malformed (which one).
Expected<std::string> ssh_auth_fingerprint(std::string_view auth_info);

// Reads the two variables' values as given (nullptr: not set); ssh_identity_from_env() reads the
// process's environment.
SshIdentity ssh_identity(const char* ssh_connection, const char* ssh_user_auth);
SshIdentity ssh_identity_from_env();

}  // namespace gobblet::saves
