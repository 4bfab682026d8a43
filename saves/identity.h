// The secrets that prove a player's name to a lobby server from this machine (docs/lobby.md, "Logging
// in"). The first login of a name registers it with a random secret; the client keeps that secret, one
// file per server and name, in $XDG_STATE_HOME/gobblet/lobby/ (~/.local/state/gobblet/lobby/), and
// shows it next time instead of a password:
//
//     % gobblet lobby secret: it proves the name to the server. Keep it to yourself.
//     % server: example.org:7300
//     % name: Liam
//     3f9c0e12b47d665f3a9c0e12b47d665f3a9c0e12b47d665f3a9c0e12b47d6601
//
// The folder is made with mode 0700 and each file with 0600; a file that others may read is refused
// (as ssh refuses such a key) rather than used. A file is written once, atomically (a temporary file
// linked into place, so two programs starting at once end up with the same secret), and never replaced:
// losing it loses the name on that server, unless a password was set there.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "engine/expected.h"

namespace gobblet::saves {

// $XDG_STATE_HOME/gobblet/lobby (default ~/.local/state/gobblet/lobby); empty when neither the XDG
// variable nor HOME is set.
std::filesystem::path secrets_dir();

// The file for (server, name) in the folder: the server as written (a host in lower case) and the
// name's key (engine/names.h's name_key, so "Liam" and "LIAM" share it), with every byte but letters, digits,
// '.', '-' and '_' written %XX: "example.org%3A7300@llam.secret".
std::string secret_file_name(std::string_view server, std::string_view name);

// The secret for a name on a server, read or made.
struct Secret {
    std::string secret;    // 64 lowercase hex digits
    bool created = false;  // made now: no file held one
    std::filesystem::path path;
};
// Reads the secret that proves `name` (a registered name's form) to `server` (its address as
// net::endpoint_text writes it) from `dir`, or makes one from the kernel's random bytes and writes it
// when there is none. Fails with what is wrong with which path and what to do; nothing is overwritten.
Expected<Secret> lobby_secret(const std::filesystem::path& dir, std::string_view server,
                              std::string_view name);

}  // namespace gobblet::saves
