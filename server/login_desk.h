// The lobby's login desk (docs/lobby.md, "Logging in", "Machines"; docs/server.md, "The SSH front
// door"): logins by a machine's secret, a password (checked on a worker thread), an SSH key, or as a
// guest; the registration of a name nobody has; setting a password; the machines and keys that prove a
// name (`secret`, `key`, `machines`, `forget`); and the `ssh` line, believed only from the unix users
// sshd runs the lobby client as. What proves each connection (its secret, its SSH key, where it is) is
// the desk's; who is online is the lobby's.
//
// Its limits, per source address so that one address never locks another out: failed logins and
// password checks (net::GuessGuard: a password is counted when its check starts, and a right secret,
// key or guest login is never held back by others' failures), and registrations.
//
// It reaches the lobby only through LobbyRoom (server/lobby_room.h): a login it accepts is the lobby's
// `welcome`.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "net/code.h"
#include "server/env.h"
#include "server/lobby_room.h"
#include "server/secrets.h"
#include "server/store.h"
#include "server/workers.h"

namespace gobblet::server {

// Names one address may register: this many at once, then one every registrations_every.
constexpr int registrations_burst = 10;
constexpr Millis registrations_every = 30'000;
// A name taken over from another connection by a login: this many times at once, then one every
// takeovers_every. A machine secret or SSH key login past that is refused and the name locked: from then
// on only its password logs in (an intruder with a machine secret of the name, logging in again at once
// after each of the owner's logins, kept the owner from ever reaching the list of machines). A password
// login lifts the lock and holds the name against secrets and keys while it stays; a name without a
// password has nothing else to open it, so its lock lapses after takeover_lock_without_password.
constexpr int takeovers_burst = 4;
constexpr Millis takeovers_every = 150'000;
constexpr Millis takeover_lock_without_password = 3600'000;
constexpr Millis takeover_lock_at_most = 24 * 3600'000;
constexpr std::size_t max_locked_names = 4096;

class LoginDesk {
  public:
    // `cost`: the password hash's; `ssh_uids`: whose `ssh` lines are believed (hub.h).
    LoginDesk(Env& env, Workers& workers, LobbyRoom& room, PasswordCost cost, std::vector<unsigned> ssh_uids)
        : env_(env), workers_(workers), room_(room), cost_(cost), ssh_uids_(std::move(ssh_uids)) {}
    LoginDesk(const LoginDesk&) = delete;
    LoginDesk& operator=(const LoginDesk&) = delete;

    // A connection came from `peer`; one went (whatever it proved is forgotten).
    void opened(ConnId conn, const Peer& from);
    void closed(ConnId conn);
    // A password login of the connection is being checked; an `ssh` line came on it.
    bool logging_in(ConnId conn) const;
    bool ssh_said(ConnId conn) const;
    // Whether two connections are proved by one machine: the same machine secret or the same SSH key.
    bool one_machine(ConnId a, ConnId b) const;

    // The connection's login (the lobby has checked it may add a player from its address), and its `ssh`
    // line before it.
    // Each is done or refused (the lobby sends the refusal); a password login is checked on a worker,
    // and refused through LobbyRoom::refuse when the check comes back.
    Reply login(ConnId conn, const lobby::Login& l, Millis now);
    Reply ssh(ConnId conn, const lobby::Ssh& m, Millis now);

    // The requests of a player in the lobby about what proves their name.
    Reply set_password(ConnId conn, const LobbyPlayer& p, const lobby::SetPassword& m, Millis now);
    Reply add_secret(ConnId conn, const LobbyPlayer& p, const lobby::AddSecret& m, Millis now);
    Reply add_key(ConnId conn, const LobbyPlayer& p, Millis now);
    // The machines that prove the player's name (`machines`), and forgetting one (`forget`).
    Reply machines(ConnId conn, const LobbyPlayer& p);
    Reply forget_machine(ConnId conn, const LobbyPlayer& p, const lobby::Forget& f, Millis now);

  private:
    // What proves a connection, and where it is.
    struct Proof {
        // Where the player is, as their list of machines shows it: an IP address (the `ssh` line's when
        // believed), or "unix" for a local socket.
        std::string origin;
        std::string secret;     // the machine secret that proves this connection (its login's, or `secret`'s)
        bool ssh_said = false;  // an `ssh` line came (believed or not)
        std::string ssh_key;    // the SSH key a believed `ssh` line named ("" none)
        bool logging_in = false;   // its password is being checked
        bool by_password = false;  // it logged in with the name's password
        std::string key;           // the name key it logged in as ("" not logged in, or a guest)
    };

    const Peer& peer(ConnId conn) const;
    // Whether `guard` lets the connection's address try now; if not, a denial with `code`, saying there
    // were too many `what` ("failed logins") from the address, or from many.
    Reply guarded(ConnId conn, net::GuessGuard& guard, lobby::Refusal code, const char* what, Millis now);
    // Registers the login's name (a secret or key login of a name nobody has), counted against its
    // address's registrations; or why the login is refused.
    Expected<Account, Denial> register_name(ConnId conn, const lobby::Login& l, Millis now);
    // A login refused: logged, charged to the address's failed logins (`charge`; a wrong password's check
    // was counted when it started), and its denial.
    Failure<Denial> login_failed(ConnId conn, const lobby::Login& l, lobby::Refusal code,
                                 const std::string& text, Millis now, bool charge = true);
    Reply login_by_key(ConnId conn, const lobby::Login& l, std::optional<Account> account, Millis now);
    // The login proved the account: the player is welcomed, unless the login's role is not the account's
    // kind (a person's or a computer's for good): then the denial says so.
    Reply admit(ConnId conn, const lobby::Login& l, const Account& a, lobby::How how, Millis now);
    // Why a login by machine secret or SSH key may not take the name now (locked after too many
    // takeovers, or held by a password login), or nothing.
    Reply unlocked(const Account& a, Millis now);
    // A request that changes what proves the name (the password once set, the machines) needs a
    // connection that logged in with the password: the current one, asked again.
    Reply by_password(ConnId conn, const LobbyPlayer& p, const char* to_do);

    Env& env_;
    Workers& workers_;
    LobbyRoom& room_;
    PasswordCost cost_;
    std::vector<unsigned> ssh_uids_;
    std::map<ConnId, Proof> proofs_;
    std::uint64_t guests_ = 0;  // guest logins so far (each one's number)
    // Failed logins by secret, key or a name nobody has (cheap to check: a right one from an address that
    // failed nothing lately is never held back by others), and password checks, counted as they start
    // (each costs a worker tens of milliseconds and 64 MiB, right or wrong: all addresses wait together).
    net::GuessGuard logins_;
    net::GuessGuard passwords_{net::GuessGuard::Shared::Everyone};
    net::PerSource registrations_{registrations_burst, registrations_every,
                                  registrations_burst* registrations_every};
    // Takeovers of each name (by name key), the names locked against secrets and keys (until when), and
    // the connections that hold a name by its password after a lock.
    net::PerSource takeovers_{takeovers_burst, takeovers_every, takeovers_burst* takeovers_every};
    std::unordered_map<std::string, Millis> locked_;
    std::unordered_map<std::string, ConnId> held_;
};

}  // namespace gobblet::server
