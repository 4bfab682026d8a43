#include "login_desk.h"

#include <algorithm>

#include "engine/dates.h"
#include "net/socket.h"

namespace gobblet::server {

namespace {

using lobby::Refusal;

// Where a peer is, for its player's list of machines: the IP address of "127.0.0.1:51234" or
// "[2001:db8::5]:7300", "unix" for a unix socket's peer ("unix:uid=1000").
std::string origin_of(const Peer& peer) {
    const std::string& a = peer.address;
    if (a.starts_with("unix:")) return "unix";
    if (a.starts_with("[")) return a.substr(1, a.find(']') == std::string::npos ? 0 : a.find(']') - 1);
    return a.substr(0, a.rfind(':'));
}

// The uid of a unix-socket peer, as the socket layer wrote its source from SO_PEERCRED ("unix:uid=1000"):
// a TCP peer's source is an address and never starts so. nullopt for anything else.
std::optional<unsigned> unix_uid(const Peer& peer) {
    constexpr std::string_view prefix = "unix:uid=";
    const std::string_view s = peer.source;
    if (!s.starts_with(prefix) || s.size() == prefix.size() || s.size() > prefix.size() + 10)
        return std::nullopt;
    unsigned long long uid = 0;
    for (const char c : s.substr(prefix.size())) {
        if (c < '0' || c > '9') return std::nullopt;
        uid = uid * 10 + unsigned(c - '0');
    }
    if (uid > 0xffffffffULL) return std::nullopt;
    return unsigned(uid);
}

}  // namespace

void LoginDesk::opened(ConnId conn, const Peer& from) {
    proofs_[conn] = Proof{};
    proofs_[conn].origin = origin_of(from);
}

void LoginDesk::closed(ConnId conn) {
    if (const auto it = proofs_.find(conn); it != proofs_.end()) {
        if (const auto h = held_.find(it->second.key); h != held_.end() && h->second == conn) held_.erase(h);
        proofs_.erase(it);
    }
}

bool LoginDesk::logging_in(ConnId conn) const {
    const auto it = proofs_.find(conn);
    return it != proofs_.end() && it->second.logging_in;
}

bool LoginDesk::ssh_said(ConnId conn) const {
    const auto it = proofs_.find(conn);
    return it != proofs_.end() && it->second.ssh_said;
}

bool LoginDesk::one_machine(ConnId a, ConnId b) const {
    const auto x = proofs_.find(a), y = proofs_.find(b);
    if (x == proofs_.end() || y == proofs_.end()) return false;
    return (!x->second.secret.empty() && x->second.secret == y->second.secret) ||
           (!x->second.ssh_key.empty() && x->second.ssh_key == y->second.ssh_key);
}

const Peer& LoginDesk::peer(ConnId conn) const {
    static const Peer none;
    const Peer* p = room_.peer(conn);
    return p ? *p : none;
}

Failure<Denial> LoginDesk::login_failed(ConnId conn, const lobby::Login& l, Refusal code,
                                        const std::string& text, Millis now, bool charge) {
    if (charge) logins_.charge(peer(conn).source, now);
    env_.note(now, "lobby: login as " + l.name + " from " + peer(conn).address +
                       " refused: " + lobby::refusal_word(code));
    return deny(code, text);
}

Reply LoginDesk::guarded(ConnId conn, net::GuessGuard& guard, Refusal code, const char* what, Millis now) {
    switch (guard.allow(peer(conn).source, now)) {
        case net::GuessGuard::Verdict::Allowed: return {};
        case net::GuessGuard::Verdict::ThisSource:
            return deny(code, std::string("too many ") + what +
                                  " from your address lately: wait a minute and try again");
        case net::GuessGuard::Verdict::Everyone:
            return deny(code, std::string("too many ") + what +
                                  " from many addresses lately: wait a minute and try again");
    }
    return deny(code, std::string("too many ") + what + " lately");
}

Expected<Account, Denial> LoginDesk::register_name(ConnId conn, const lobby::Login& l, Millis now) {
    const std::string source = peer(conn).source;
    if (!registrations_.allow(source, now))
        return deny(
            Refusal::Limit,
            "too many names registered from your address lately: wait a few minutes, or log in as a guest");
    Expected<Account> made = env_.store.accounts().create_account(
        l.name, env_.unix(now), lobby::name_key(l.name), l.role == lobby::Role::Bot);
    if (!made) return deny(Refusal::NameTaken, made.why());
    registrations_.spend(source, now);
    return *made;
}

Reply LoginDesk::login(ConnId conn, const lobby::Login& l, Millis now) {
    Proof& c = proofs_[conn];
    // A login that works: the player comes into the lobby.
    const auto in = [&](const Account& a, lobby::How how) { return admit(conn, l, a, how, now); };
    if (l.method == lobby::Method::Guest) {
        // A guest proves nothing and can be wrong about nothing: no guard holds it back.
        if (l.role == lobby::Role::Bot)
            return deny(Refusal::NotAllowed, "a computer player registers its name: it cannot be a guest");
        // "~Liam", or "~Liam2" when a guest online has it.
        std::string name = "~" + l.name;
        for (int n = 2; room_.online_player(lobby::name_key(name)); ++n)
            name = "~" + l.name + std::to_string(n);
        LobbyPlayer p{name, lobby::name_key(name), lobby::Role::Guest, std::nullopt, {}, ++guests_};
        room_.welcome(conn, std::move(p), lobby::How::Guest, now);
        return {};
    }
    if (Reply may = guarded(conn, logins_, Refusal::TooManyAttempts, "failed logins", now); !may) return may;
    if (l.method == lobby::Method::Password)
        if (Reply may = guarded(conn, passwords_, Refusal::TooManyAttempts, "password attempts", now); !may)
            return may;
    const std::string key = lobby::name_key(l.name);
    std::optional<Account> account = env_.store.accounts().find_lobby_account(key);
    if (!account) account = env_.store.accounts().find_account(l.name);
    if (l.method == lobby::Method::Key) return login_by_key(conn, l, account, now);
    if (l.method == lobby::Method::Secret) {
        if (!account) {
            // The first login of a name nobody has registers it, committed before the welcome.
            const Expected<Account, Denial> made = register_name(conn, l, now);
            if (!made) return Failure{made.why()};
            env_.store.accounts().add_secret(made->id, l.credential, env_.unix(now), c.origin);
            c.secret = l.credential;
            env_.note(now, "lobby: " + l.name + " registered from " + peer(conn).address);
            return in(*made, lobby::How::New);
        }
        if (env_.store.accounts().check_secret(account->id, l.credential, env_.unix(now), c.origin)) {
            c.secret = l.credential;
            return in(*account, lobby::How::Secret);
        }
        if (account->has_password)
            return login_failed(conn, l, Refusal::PasswordNeeded,
                                account->name + " has a password: log in with it", now);
        return login_failed(
            conn, l, Refusal::NameTaken,
            "the name " + account->name +
                " is registered from another machine: set a password there to log in here, or "
                "pick another name",
            now);
    }
    // A password: checked on a worker (Argon2id takes tens of milliseconds), answered when it is back.
    if (!account)
        return login_failed(
            conn, l, Refusal::NotFound,
            "nobody is registered as " + l.name + ": log in with your machine's secret to register it", now);
    const std::optional<std::string> hash = env_.store.accounts().password_hash(account->id);
    if (!hash)
        return login_failed(conn, l, Refusal::WrongPassword,
                            account->name + " has no password: log in from a machine of theirs and set one",
                            now);
    // Counted now, before the hash runs: checks running side by side from many connections of one
    // address cannot pass the limit, and a right password costs the same as a wrong one.
    passwords_.charge(peer(conn).source, now);
    c.logging_in = true;
    const PasswordCost cost = cost_;
    const Account who = *account;
    workers_.submit([this, conn, who, l, stored = *hash, cost, now]() -> Workers::Continuation {
        const PasswordCheck check = check_password(stored, l.credential, cost);
        return [this, conn, who, l, check, now] {
            const auto it = proofs_.find(conn);
            if (it == proofs_.end() || !it->second.logging_in) return;
            it->second.logging_in = false;
            if (!check.ok)
                return room_.refuse(conn, lobby::verb_of<lobby::Login>,
                                    login_failed(conn, l, Refusal::WrongPassword,
                                                 "wrong password for " + who.name, now, false)
                                        .why);
            if (check.rehash) env_.store.accounts().set_password_hash(who.id, *check.rehash);
            if (const Reply admitted = admit(conn, l, who, lobby::How::Password, now); !admitted)
                room_.refuse(conn, lobby::verb_of<lobby::Login>, admitted.why());
        };
    });
    return {};
}

Reply LoginDesk::admit(ConnId conn, const lobby::Login& l, const Account& a, lobby::How how, Millis now) {
    // A person's account is never a computer's for a while (its seat in a rated game, its seeks for
    // people), nor a bot's a person's: the name proved, the role must be the account's.
    const bool bot = l.role == lobby::Role::Bot;
    if (bot != a.bot) {
        env_.note(now, "lobby: login as " + a.name + " from " + peer(conn).address + " refused: " +
                           (bot ? "a person's account, logging in as a computer"
                                : "a computer's account, logging in as a person"));
        return deny(
            Refusal::NotAllowed,
            bot ? a.name +
                      " is a person's account: a computer cannot log in as it (the operator can "
                      "change that)"
                : a.name + " is a computer's account: log in with --bot (the operator can change that)");
    }
    const std::string key = lobby::name_key(a.name);
    const bool by_password = how == lobby::How::Password;
    if (how == lobby::How::Secret || how == lobby::How::Key)
        if (Reply may = unlocked(a, now); !may) {
            env_.note(now, "lobby: login as " + a.name + " from " + peer(conn).address +
                               " refused: " + may.why().text);
            return may;
        }
    // A login of a name online on another connection takes it over: counted by name. A password login is
    // never held back (it is how the name is taken back); too many by secret or key lock the name.
    if (room_.online_player(key)) {
        if (!by_password && !takeovers_.allow(key, now)) {
            if (locked_.size() >= max_locked_names) {
                std::erase_if(locked_, [&](const auto& e) { return e.second <= now; });
                if (locked_.size() >= max_locked_names)
                    locked_.erase(
                        std::min_element(locked_.begin(), locked_.end(),
                                         [](const auto& x, const auto& y) { return x.second < y.second; }));
            }
            locked_[key] = now + (a.has_password ? takeover_lock_at_most : takeover_lock_without_password);
            env_.note(now, "lobby: " + a.name +
                               " was taken over too often lately: locked against machine "
                               "secrets and SSH keys until a password login");
            Reply locked = unlocked(a, now);
            env_.note(now, "lobby: login as " + a.name + " from " + peer(conn).address +
                               " refused: " + locked.why().text);
            return locked;
        }
        takeovers_.spend(key, now);
    }
    // The password takes a locked name back, and holds it against secrets and keys while it stays.
    if (by_password && (locked_.erase(key) > 0 || held_.contains(key))) held_[key] = conn;
    Proof& c = proofs_[conn];
    c.by_password = by_password;
    c.key = key;
    room_.welcome(conn, LobbyPlayer{a.name, key, l.role, a.id, {}}, how, now);
    return {};
}

Reply LoginDesk::unlocked(const Account& a, Millis now) {
    const std::string key = lobby::name_key(a.name);
    if (const auto it = locked_.find(key); it != locked_.end()) {
        if (now < it->second)
            return a.has_password
                       ? deny(Refusal::PasswordNeeded,
                              a.name +
                                  " was taken over from other connections too often lately: log in with "
                                  "the password")
                       : deny(Refusal::TooManyAttempts,
                              a.name +
                                  " was taken over from other connections too often lately: wait an hour");
        locked_.erase(it);
    }
    if (held_.contains(key))
        return deny(Refusal::PasswordNeeded,
                    a.name +
                        " is logged in with the password on another connection: log in with it to take "
                        "over");
    return {};
}

Reply LoginDesk::by_password(ConnId conn, const LobbyPlayer& p, const char* to_do) {
    if (proofs_[conn].by_password) return {};
    const auto a = p.account ? env_.store.accounts().account(*p.account) : std::nullopt;
    if (a && !a->has_password)
        return deny(Refusal::PasswordNeeded,
                    std::string("set a password first, and log in with it to ") + to_do);
    return deny(Refusal::PasswordNeeded, std::string("log in with your password to ") + to_do +
                                             " (the server asks it again for that)");
}

Reply LoginDesk::set_password(ConnId conn, const LobbyPlayer& p, const lobby::SetPassword& m, Millis now) {
    if (!p.account) return deny(Refusal::NotAllowed, "a guest has no password to set");
    if (const Expected<void> allowed = password_allowed(m.password); !allowed)
        return deny(Refusal::BadPassword, allowed.why());
    // A password once set is changed only by a connection that logged in with it (a machine secret alone,
    // an intruder's, took the name with `password forget`); the first may be set by any.
    if (const auto a = env_.store.accounts().account(*p.account); a && a->has_password)
        if (Reply may = by_password(conn, p, "change it"); !may) return may;
    // Hashing it costs what checking one does: counted with the address's password attempts.
    if (Reply may = guarded(conn, passwords_, Refusal::SlowDown, "password attempts", now); !may) return may;
    passwords_.charge(peer(conn).source, now);
    const AccountId account = *p.account;
    const PasswordCost cost = cost_;
    // The machines this connection is proved by stay; with `forget`, every other goes once the password is
    // stored (someone who knew the old one may have added theirs).
    std::optional<std::pair<std::string, std::string>> keep;
    if (m.forget_others) keep.emplace(proofs_[conn].secret, proofs_[conn].ssh_key);
    workers_.submit([this, conn, account, name = p.name, password = m.password, cost, keep,
                     now]() -> Workers::Continuation {
        std::string hash = hash_password(password, cost);
        return [this, conn, account, name, hash, keep, now] {
            env_.store.accounts().set_password_hash(account, hash);
            const int forgotten =
                keep ? env_.store.accounts().forget_other_machines(account, keep->first, keep->second) : 0;
            env_.note(now, "lobby: " + name + " (account " + std::to_string(account) + ") set a password" +
                               (keep ? " and forgot " + std::to_string(forgotten) + " other machines" : ""));
            const auto it = proofs_.find(conn);
            if (it == proofs_.end()) return;
            it->second.by_password = true;  // (it knows the password now: the first one, or the new)
            room_.send(conn, lobby::Ok{lobby::verb_of<lobby::SetPassword>,
                                       !keep ? std::string("your password is set")
                                             : "your password is set; " + std::to_string(forgotten) +
                                                   " other machines forgotten (they must log in with it)"});
        };
    });
    return {};
}

Reply LoginDesk::add_secret(ConnId conn, const LobbyPlayer& p, const lobby::AddSecret& m, Millis now) {
    if (!p.account) return deny(Refusal::NotAllowed, "a guest has no name to prove");
    // A machine is added after a password login (a forgotten machine's session cannot add itself back).
    if (Reply may = by_password(conn, p, "add this machine"); !may) return may;
    if (Reply may = room_.may_change(conn, Change::Machines, now); !may) return may;
    env_.store.accounts().add_secret(*p.account, m.secret, env_.unix(now), proofs_[conn].origin);
    proofs_[conn].secret = m.secret;
    room_.send(conn,
               lobby::Ok{lobby::verb_of<lobby::AddSecret>, "this machine can log in as " + p.name + " now"});
    return {};
}

Reply LoginDesk::machines(ConnId conn, const LobbyPlayer& p) {
    const Proof& c = proofs_[conn];
    if (!p.account) return deny(Refusal::NotAllowed, "a guest has no machines: nothing proves its name");
    const std::optional<std::int64_t> mine =
        c.secret.empty() ? std::nullopt : env_.store.accounts().secret_id(*p.account, c.secret);
    // The connection's own first, then the others, the last used first.
    std::vector<lobby::MachineItem> items;
    for (const Machine& m : env_.store.accounts().machines(*p.account)) {
        if (m.id > lobby::max_id)
            continue;  // (a store that old has other worries; a client reads ids to 10^9)
        const bool key = m.kind == Machine::Kind::Key;
        items.push_back(lobby::MachineItem{key ? lobby::MachineKind::Key : lobby::MachineKind::Secret, m.id,
                                           key ? m.fingerprint == c.ssh_key : m.id == mine,
                                           date_text(m.last_used, DateForm::Minute), m.address,
                                           m.fingerprint});
    }
    std::stable_partition(items.begin(), items.end(), [](const lobby::MachineItem& m) { return m.current; });
    for (const lobby::MachineItem& m : items) room_.send(conn, m);
    room_.send(conn, lobby::End{lobby::List::Machines});
    return {};
}

Reply LoginDesk::forget_machine(ConnId conn, const LobbyPlayer& p, const lobby::Forget& f, Millis now) {
    if (!p.account) return deny(Refusal::NotAllowed, "a guest has no machines: nothing proves its name");
    if (Reply may = by_password(conn, p, "forget a machine"); !may) return may;
    if (Reply may = room_.may_change(conn, Change::Machines, now); !may) return may;
    const bool key = f.kind == lobby::MachineKind::Key;
    if (!env_.store.accounts().forget_machine(*p.account, key ? Machine::Kind::Key : Machine::Kind::Secret,
                                              f.id))
        return deny(Refusal::NotFound, std::string("no machine ") + lobby::machine_kind_word(f.kind) + " " +
                                           std::to_string(f.id) + " of yours");
    env_.note(
        now, "lobby: " + p.name + " forgot " + lobby::machine_kind_word(f.kind) + " " + std::to_string(f.id));
    room_.send(conn, lobby::Ok{lobby::verb_of<lobby::Forget>,
                               std::string(key ? "that SSH key" : "that machine") + " no longer logs in as " +
                                   p.name + ": it must prove the name again"});
    return {};
}

Reply LoginDesk::ssh(ConnId conn, const lobby::Ssh& m, Millis now) {
    Proof& c = proofs_[conn];
    c.ssh_said = true;
    const std::optional<unsigned> uid = unix_uid(peer(conn));
    const bool trusted = uid && std::find(ssh_uids_.begin(), ssh_uids_.end(), *uid) != ssh_uids_.end();
    if (!trusted) {
        // Anyone can claim any key: only the account sshd runs the lobby client as is believed.
        env_.note(now, "lobby: " + peer(conn).address +
                           " said it came through sshd: not believed (not an --ssh-user)");
        return deny(Refusal::NotAllowed,
                    "this server believes SSH logins only from the account sshd runs the lobby for: log in "
                    "with a password or as a guest");
    }
    // From now on the player's own address counts, for the limits and in the log.
    const std::string via = peer(conn).address;
    room_.vouch(conn, Peer{"ssh:" + m.address + " (" + via + ")", net::source_key(m.address)});
    c.origin = m.address;
    c.ssh_key = m.key;
    env_.note(now, "lobby: " + via + " vouches for a player from " + m.address + " with " +
                       (m.key.empty() ? std::string("no SSH key") : "SSH key " + m.key));
    room_.send(conn, lobby::Ok{lobby::verb_of<lobby::Ssh>,
                               m.key.empty() ? "welcome: log in with a password or as a guest"
                                             : "welcome: your SSH key can prove your name"});
    return {};
}

Reply LoginDesk::login_by_key(ConnId conn, const lobby::Login& l, std::optional<Account> account,
                              Millis now) {
    const Proof& c = proofs_[conn];
    if (c.ssh_key.empty())
        return deny(Refusal::NotAllowed,
                    c.ssh_said ? "no SSH key proves this connection: log in with a password or as a guest"
                               : "a login by key needs the ssh line first");
    if (!account) {
        // The first login of a name nobody has registers it with the key, committed before the welcome.
        const Expected<Account, Denial> made = register_name(conn, l, now);
        if (!made) return Failure{made.why()};
        env_.store.accounts().add_key(made->id, c.ssh_key, env_.unix(now), c.origin);
        env_.note(now, "lobby: " + l.name + " registered with SSH key " + c.ssh_key + " from " +
                           peer(conn).address);
        return admit(conn, l, *made, lobby::How::New, now);
    }
    if (env_.store.accounts().check_key(account->id, c.ssh_key, env_.unix(now), c.origin))
        return admit(conn, l, *account, lobby::How::Key, now);
    if (account->has_password)
        return login_failed(conn, l, Refusal::PasswordNeeded,
                            account->name +
                                " has a password: log in with it, and this SSH key proves the name "
                                "from then on",
                            now);
    return login_failed(conn, l, Refusal::NameTaken,
                        "the name " + account->name +
                            " is registered with another key: set a password there to log in here, or pick "
                            "another name",
                        now);
}

Reply LoginDesk::add_key(ConnId conn, const LobbyPlayer& p, Millis now) {
    const Proof& c = proofs_[conn];
    if (!p.account) return deny(Refusal::NotAllowed, "a guest has no name to prove");
    if (c.ssh_key.empty()) return deny(Refusal::NotAllowed, "no SSH key proves this connection");
    if (Reply may = by_password(conn, p, "add this SSH key"); !may) return may;
    if (Reply may = room_.may_change(conn, Change::Machines, now); !may) return may;
    env_.store.accounts().add_key(*p.account, c.ssh_key, env_.unix(now), c.origin);
    env_.note(now, "lobby: " + p.name + " added SSH key " + c.ssh_key);
    room_.send(conn,
               lobby::Ok{lobby::verb_of<lobby::AddKey>, "this SSH key can log in as " + p.name + " now"});
    return {};
}

}  // namespace gobblet::server
