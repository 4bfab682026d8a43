// The store's part for accounts and what proves them: names, machine secrets, SSH keys, passwords, and
// when the lobby last saw each (store.accounts()). Its tables: accounts, account_secrets, account_keys.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "server/db.h"
#include "server/store_part.h"

namespace gobblet::server {

// The form names are compared in: ASCII letters and the capitals of Latin-1, Latin Extended-A, Greek and
// Cyrillic lowered (a fixed table, so that a key never changes under a name); other characters as they
// are. "Liam", "LIAM" and "liam" are one name; so are "Émile" and "émile".
std::string name_key(std::string_view name);

// At most this many machines prove an account at once: a new secret beyond them forgets the one used
// least recently.
constexpr int max_secrets_per_account = 16;
// ... and this many SSH keys.
constexpr int max_keys_per_account = 16;

// The account that stands for the server's operator as the organizer of tournaments made with
// --new-tournament: a name no player can register.
constexpr const char* operator_name = "(operator)";

// A machine that proves an account's name: a machine secret (known by its digest: nothing shows it) or
// an SSH key (its fingerprint), with when it was added and last used, and where from.
struct Machine {
    enum class Kind : std::uint8_t { Secret, Key };
    Kind kind = Kind::Secret;
    std::int64_t id = 0;      // within its kind
    std::string fingerprint;  // a key's; "" for a secret
    UnixTime created = 0, last_used = 0;
    std::string address;  // of its last login: an IP address, "unix", or "" (unknown)
    friend bool operator==(const Machine&, const Machine&) = default;
};

struct Account {
    AccountId id = 0;
    std::string name;  // as registered
    UnixTime created = 0;
    bool has_password = false;
    std::optional<UnixTime> last_seen;  // the last time the lobby saw it come or go (seen())
    // A computer player's account (--bot) or a person's, for good: set when it is registered (by the
    // role of its first login), changed only by the operator (set_bot, --account-kind). An account
    // registered before the kinds were kept has the role it last logged in with.
    bool bot = false;
};

class TournamentsStore;

// One per Store, made by it over its database; reached as store.accounts().
class AccountsStore {
  public:
    explicit AccountsStore(db::Database& db);
    ~AccountsStore();

    // Registers `name` (which must be as clean_name leaves it, and not empty), or says why not: the name
    // is not acceptable or is taken ("the name liam is taken (as Liam)"). `lobby_key`: the lobby's form of
    // the name (net/lobby.h's name_key, which also reads look-alikes as one), unique among the names the
    // lobby registered; empty for an account made otherwise. `bot`: a computer player's account.
    Expected<Account> create_account(std::string_view name, UnixTime now, std::string_view lobby_key = {},
                                     bool bot = false);
    // The account of `name`, whatever its case.
    std::optional<Account> find_account(std::string_view name);
    // The account the lobby registered under `lobby_key`.
    std::optional<Account> find_lobby_account(std::string_view lobby_key);
    std::optional<Account> account(AccountId id);
    // The lobby saw the account come or go at `now`.
    void seen(AccountId account, UnixTime now);
    // The operator makes the account a computer player's (`bot`) or a person's (--account-kind).
    void set_bot(AccountId account, bool bot);

    // A new machine secret for the account (64 hex digits, to give to the client once), remembered by
    // its digest.
    std::string add_secret(AccountId account, UnixTime now);
    // Adds a machine's own secret (64 hex digits, made by the client) to the account, as add_secret does;
    // false when it is not such a secret. `address`: where it logs in from ("" unknown). One the account
    // has already is marked used instead (a machine logging in again with the password).
    bool add_secret(AccountId account, std::string_view secret, UnixTime now, std::string_view address = {});
    // Whether `secret` is one of the account's; a match marks it used at `now`, from `address` when given.
    bool check_secret(AccountId account, std::string_view secret, UnixTime now,
                      std::string_view address = {});

    // The SSH keys that prove the account, by fingerprint (net::lobby::valid_ssh_key: "SHA256:..."):
    // adds one (false when it is not a fingerprint), at most max_keys_per_account (the least recently
    // used go); whether it is one of the account's (a match marks it used at `now`); how many it has.
    bool add_key(AccountId account, std::string_view fingerprint, UnixTime now,
                 std::string_view address = {});
    bool check_key(AccountId account, std::string_view fingerprint, UnixTime now,
                   std::string_view address = {});
    int keys(AccountId account);
    // The id of the account's machine secret `secret` (as machines() lists it), if it is one.
    std::optional<std::int64_t> secret_id(AccountId account, std::string_view secret);
    // The machines that prove the account, its secrets and keys, the last used first.
    std::vector<Machine> machines(AccountId account);
    // Forgets one (false when the account has no such machine): it must prove the name again.
    bool forget_machine(AccountId account, Machine::Kind kind, std::int64_t id);
    // Forgets every machine of the account but the secret `keep_secret` and the key `keep_key` (either
    // may be ""), in one transaction (a password changed for fear of an intruder); how many went.
    int forget_other_machines(AccountId account, std::string_view keep_secret, std::string_view keep_key);

    // The password: the server hashes it (hash_password, on a worker thread) and stores the string
    // here; to log in it fetches the string and checks it (check_password, on a worker).
    // `hash` must be a crypto_pwhash_str string; an empty optional removes the password.
    void set_password_hash(AccountId account, std::optional<std::string_view> hash);
    std::optional<std::string> password_hash(AccountId account);

  private:
    friend class TournamentsStore;
    // The operator's reserved account (operator_name), made the first time: for a tournament the
    // operator makes, inside that tournament's transaction (it opens none of its own).
    AccountId operator_account(UnixTime now);
    std::optional<Account> account_by_key(const std::string& key);

    struct Statements;
    db::Database& db_;
    std::unique_ptr<Statements> s_;
};

}  // namespace gobblet::server
