#include "accounts_store.h"

#include "engine/match.h"
#include "engine/text.h"
#include "net/lobby.h"
#include "server/secrets.h"

namespace gobblet::server {

using store_part::bad;
using store_part::one_line;
using store_part::sql;

namespace {

// The lower case of the capitals name_key folds; every other code point as it is.
char32_t fold(char32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;  // Latin-1: À-Þ but ×
    if (c >= 0x100 && c <= 0x17F) {                            // Latin Extended-A: pairs
        if (c == 0x130 || c == 0x131 || c == 0x138 || c == 0x149 || c == 0x17F) return c;  // no simple pair
        if (c == 0x178) return 0xFF;                                                       // Ÿ
        const bool odd_capitals = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
        const bool capital = odd_capitals ? (c % 2 == 1) : (c % 2 == 0);
        return capital ? c + 1 : c;
    }
    if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 0x20;  // Greek capitals
    if (c == 0x3C2) return 0x3C3;                                 // final sigma is sigma
    if (c >= 0x410 && c <= 0x42F) return c + 0x20;                // Cyrillic А-Я
    if (c >= 0x400 && c <= 0x40F) return c + 0x50;                // Cyrillic Ѐ-Џ
    return c;
}

constexpr const char* account_columns =
    "SELECT id, name, created, password IS NOT NULL, last_seen, bot FROM accounts ";

Account read_account(const db::Query& q) {
    return Account{q.int64(0), q.text(1), q.int64(2), q.int64(3) != 0, q.optional_int64(4), q.int64(5) != 0};
}

// An address as a column keeps it: NULL when unknown.
std::optional<std::string_view> address_column(std::string_view address) {
    if (address.empty()) return std::nullopt;
    return address;
}

}  // namespace

std::string name_key(std::string_view name) {
    std::string out;
    out.reserve(name.size());
    for (std::size_t i = 0; i < name.size();) {
        const auto c = static_cast<unsigned char>(name[i]);
        const int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        bool ok = len > 0 && i + len <= name.size();
        for (int k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(name[i + k]) >> 6) == 2;
        if (!ok) {  // not UTF-8 (clean names always are): the byte as it is
            out += name[i++];
            continue;
        }
        char32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
        for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(name[i + k]) & 0x3F);
        append_utf8(out, fold(cp));
        i += len;
    }
    return out;
}

// The part's statements, prepared once.
struct AccountsStore::Statements {
    explicit Statements(db::Database& d) : db(d) {}
    db::Database& db;

    db::Statement insert_account{
        db, "INSERT INTO accounts(name, name_key, created, lobby_key) VALUES (?1, ?2, ?3, ?4)"};
    db::Statement account_by_key{db, sql(account_columns, "WHERE name_key = ?1")};
    db::Statement account_by_lobby_key{db, sql(account_columns, "WHERE lobby_key = ?1")};
    db::Statement account_by_id{db, sql(account_columns, "WHERE id = ?1")};

    db::Statement insert_secret{db, R"sql(
INSERT INTO account_secrets(account_id, digest, created, last_used, last_address) VALUES (?1, ?2, ?3, ?3, ?4))sql"};
    db::Statement trim_secrets{db, R"sql(
DELETE FROM account_secrets WHERE account_id = ?1 AND id NOT IN
    (SELECT id FROM account_secrets WHERE account_id = ?1 ORDER BY last_used DESC, id DESC LIMIT ?2))sql"};
    db::Statement secrets_of{db, "SELECT id, digest FROM account_secrets WHERE account_id = ?1"};
    db::Statement touch_secret{
        db,
        "UPDATE account_secrets SET last_used = ?2, last_address = COALESCE(?3, last_address) WHERE id = ?1"};
    db::Statement delete_secret{db, "DELETE FROM account_secrets WHERE account_id = ?1 AND id = ?2"};
    db::Statement delete_key{db, "DELETE FROM account_keys WHERE account_id = ?1 AND id = ?2"};
    db::Statement delete_other_keys{
        db, "DELETE FROM account_keys WHERE account_id = ?1 AND fingerprint IS NOT ?2"};
    db::Statement machines_of{db, R"sql(
SELECT 0, id, '', created, last_used, last_address FROM account_secrets WHERE account_id = ?1
UNION ALL
SELECT 1, id, fingerprint, created, last_used, last_address FROM account_keys WHERE account_id = ?1
ORDER BY 5 DESC, 2 DESC)sql"};
    db::Statement insert_key{db, R"sql(
INSERT INTO account_keys(account_id, fingerprint, created, last_used, last_address) VALUES (?1, ?2, ?3, ?3, ?4)
    ON CONFLICT (account_id, fingerprint) DO UPDATE SET last_used = ?3, last_address = COALESCE(?4, last_address))sql"};
    db::Statement trim_keys{db, R"sql(
DELETE FROM account_keys WHERE account_id = ?1 AND id NOT IN
    (SELECT id FROM account_keys WHERE account_id = ?1 ORDER BY last_used DESC, id DESC LIMIT ?2))sql"};
    db::Statement touch_key{db, R"sql(
UPDATE account_keys SET last_used = ?3, last_address = COALESCE(?4, last_address)
    WHERE account_id = ?1 AND fingerprint = ?2)sql"};
    db::Statement count_keys{db, "SELECT count(*) FROM account_keys WHERE account_id = ?1"};
    db::Statement set_password{db, "UPDATE accounts SET password = ?2 WHERE id = ?1"};
    db::Statement get_password{db, "SELECT password FROM accounts WHERE id = ?1"};
    db::Statement update_seen{db, "UPDATE accounts SET last_seen = ?2 WHERE id = ?1"};
    db::Statement set_bot{db, "UPDATE accounts SET bot = ?2 WHERE id = ?1"};
};

AccountsStore::AccountsStore(db::Database& db) : db_(db), s_(std::make_unique<Statements>(db)) {}
AccountsStore::~AccountsStore() = default;

std::optional<Account> AccountsStore::account_by_key(const std::string& key) {
    auto q = s_->account_by_key.query(key);
    if (!q.next()) return std::nullopt;
    return read_account(q);
}

Expected<Account> AccountsStore::create_account(std::string_view name, UnixTime now,
                                                std::string_view lobby_key, bool bot) {
    if (name.empty() || clean_name(name) != name)
        return Failure{
            "a name is 1 to 24 visible characters, one space at most between words, none at either end"};
    const std::string key = name_key(name);
    if (auto existing = account_by_key(key))
        return Failure{"the name " + std::string(name) + " is taken (as " + existing->name + ")"};
    if (!lobby_key.empty())
        if (auto existing = find_lobby_account(lobby_key))
            return Failure{"the name " + std::string(name) + " is taken (as " + existing->name + ")"};
    s_->insert_account.run(name, key, now,
                           lobby_key.empty() ? std::nullopt : std::optional<std::string_view>(lobby_key));
    const AccountId id = db_.last_insert_rowid();
    if (bot) s_->set_bot.run(id, 1);
    return Account{id, std::string(name), now, false, std::nullopt, bot};
}

AccountId AccountsStore::operator_account(UnixTime now) {
    // A name no player can register (the lobby's names are letters, digits, '-' and '_').
    if (auto existing = account_by_key(operator_name)) return existing->id;
    s_->insert_account.run(operator_name, operator_name, now, std::nullopt);
    return db_.last_insert_rowid();
}

std::optional<Account> AccountsStore::find_account(std::string_view name) {
    return account_by_key(name_key(name));
}

std::optional<Account> AccountsStore::find_lobby_account(std::string_view lobby_key) {
    auto q = s_->account_by_lobby_key.query(lobby_key);
    if (!q.next()) return std::nullopt;
    return read_account(q);
}

std::optional<Account> AccountsStore::account(AccountId id) {
    auto q = s_->account_by_id.query(id);
    if (!q.next()) return std::nullopt;
    return read_account(q);
}

void AccountsStore::seen(AccountId account, UnixTime now) { s_->update_seen.run(account, now); }

void AccountsStore::set_bot(AccountId account, bool bot) { s_->set_bot.run(account, bot ? 1 : 0); }

std::string AccountsStore::add_secret(AccountId account, UnixTime now) {
    std::string secret = new_secret();
    const Digest digest = *secret_digest(secret);
    db::Transaction t(db_);
    s_->insert_secret.run(account, db::Blob(digest), now, std::optional<std::string_view>());
    s_->trim_secrets.run(account, max_secrets_per_account);
    t.commit();
    return secret;
}

bool AccountsStore::add_secret(AccountId account, std::string_view secret, UnixTime now,
                               std::string_view address) {
    const auto digest = secret_digest(secret);
    if (!digest) return false;
    db::Transaction t(db_);
    // A machine that has it already (logged in again with the password) is the same machine: used now.
    if (const auto known = secret_id(account, secret)) {
        s_->touch_secret.run(*known, now, address_column(address));
        t.commit();
        return true;
    }
    s_->insert_secret.run(account, db::Blob(*digest), now, address_column(address));
    s_->trim_secrets.run(account, max_secrets_per_account);
    t.commit();
    return true;
}

std::optional<std::int64_t> AccountsStore::secret_id(AccountId account, std::string_view secret) {
    const auto digest = secret_digest(secret);
    if (!digest) return std::nullopt;
    std::optional<std::int64_t> found;
    auto q = s_->secrets_of.query(account);
    // Every stored digest is compared, each in constant time, whether or not one matched already.
    while (q.next())
        if (same_digest(*digest, q.blob(1))) found = q.int64(0);
    return found;
}

bool AccountsStore::check_secret(AccountId account, std::string_view secret, UnixTime now,
                                 std::string_view address) {
    const std::optional<std::int64_t> found = secret_id(account, secret);
    if (!found) return false;
    s_->touch_secret.run(*found, now, address_column(address));
    return true;
}

bool AccountsStore::add_key(AccountId account, std::string_view fingerprint, UnixTime now,
                            std::string_view address) {
    if (!net::lobby::valid_ssh_key(fingerprint)) return false;
    db::Transaction t(db_);
    s_->insert_key.run(account, fingerprint, now, address_column(address));
    s_->trim_keys.run(account, max_keys_per_account);
    t.commit();
    return true;
}

bool AccountsStore::check_key(AccountId account, std::string_view fingerprint, UnixTime now,
                              std::string_view address) {
    if (!net::lobby::valid_ssh_key(fingerprint)) return false;
    s_->touch_key.run(account, fingerprint, now, address_column(address));
    return db_.changes() == 1;
}

std::vector<Machine> AccountsStore::machines(AccountId account) {
    std::vector<Machine> out;
    auto q = s_->machines_of.query(account);
    while (q.next())
        out.push_back(Machine{q.int64(0) == 0 ? Machine::Kind::Secret : Machine::Kind::Key, q.int64(1),
                              q.text(2), q.int64(3), q.int64(4), q.optional_text(5).value_or("")});
    return out;
}

bool AccountsStore::forget_machine(AccountId account, Machine::Kind kind, std::int64_t id) {
    (kind == Machine::Kind::Secret ? s_->delete_secret : s_->delete_key).run(account, id);
    return db_.changes() == 1;
}

int AccountsStore::forget_other_machines(AccountId account, std::string_view keep_secret,
                                         std::string_view keep_key) {
    db::Transaction t(db_);
    int gone = 0;
    const std::optional<std::int64_t> kept =
        keep_secret.empty() ? std::nullopt : secret_id(account, keep_secret);
    for (const Machine& m : machines(account)) {
        if (m.kind != Machine::Kind::Secret || m.id == kept) continue;
        s_->delete_secret.run(account, m.id);
        gone += db_.changes();
    }
    s_->delete_other_keys.run(account, address_column(keep_key));
    gone += db_.changes();
    t.commit();
    return gone;
}

int AccountsStore::keys(AccountId account) {
    auto q = s_->count_keys.query(account);
    return q.next() ? int(q.int64(0)) : 0;
}

void AccountsStore::set_password_hash(AccountId account, std::optional<std::string_view> hash) {
    if (hash && (hash->rfind("$argon2", 0) != 0 || !one_line(*hash) || hash->size() >= 128))
        bad("set_password_hash: not a crypto_pwhash_str string");
    s_->set_password.run(account, hash);
    if (db_.changes() == 0) bad("no account " + std::to_string(account));
}

std::optional<std::string> AccountsStore::password_hash(AccountId account) {
    auto q = s_->get_password.query(account);
    if (!q.next()) return std::nullopt;
    return q.optional_text(0);
}

}  // namespace gobblet::server
