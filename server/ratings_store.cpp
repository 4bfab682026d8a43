#include "ratings_store.h"

#include <algorithm>

#include "engine/position.h"
#include "net/lobby.h"

namespace gobblet::server {

using store_part::sql;

namespace {

constexpr const char* rating_columns =
    "rating, deviation, volatility, games, wins, losses, draws, last_rated, settled_until";

// A rating row read from column `at` on (rating_columns).
RatingRecord read_rating(const db::Query& q, int at) {
    RatingRecord r;
    r.rating = {q.real(at), q.real(at + 1), q.real(at + 2)};
    r.games = int(q.int64(at + 3));
    r.wins = int(q.int64(at + 4));
    r.losses = int(q.int64(at + 5));
    r.draws = int(q.int64(at + 6));
    r.last_rated = q.int64(at + 7);
    r.settled_until = q.optional_int64(at + 8);
    return r;
}

// The rows of a query of (account, name, rating...), each rating aged to `now` by the periods its
// player has not played.
std::vector<RatingsRow> ratings_rows(db::Query& q, UnixTime now) {
    std::vector<RatingsRow> rows;
    while (q.next()) {
        RatingsRow row{q.int64(0), q.text(1), read_rating(q, 2)};
        row.record.rating = glicko2::after_inactivity(row.record.rating,
                                                      glicko2::periods_between(*row.record.last_rated, now));
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace

// The part's statements, prepared once.
struct RatingsStore::Statements {
    explicit Statements(db::Database& d) : db(d) {}
    db::Database& db;

    db::Statement rating_row{db, sql(sql("SELECT ", rating_columns),
                                     " FROM ratings WHERE account_id = ?1 AND rules = ?2 AND size = ?3")};
    db::Statement upsert_rating{db, R"sql(
INSERT INTO ratings(account_id, rules, size, rating, deviation, volatility, games, wins, losses, draws,
                    last_rated, settled_until)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
ON CONFLICT (account_id, rules, size) DO UPDATE SET
    rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
    games = excluded.games, wins = excluded.wins, losses = excluded.losses, draws = excluded.draws,
    last_rated = excluded.last_rated, settled_until = excluded.settled_until)sql"};
    // By the index ratings_settled (rules, size, rating DESC, account_id, settled_until: version 9), which
    // holds only the ratings settled once: the lapsed ones among them are stepped over in the index
    // itself, and it gives the order whole (ties by account: a tie by name would sort every tied row).
    db::Statement settled_of_variant{db, sql(sql("SELECT r.account_id, a.name, ", rating_columns), R"sql(
FROM ratings r JOIN accounts a ON a.id = r.account_id
WHERE r.rules = ?1 AND r.size = ?2 AND r.settled_until >= ?3
ORDER BY r.rating DESC, r.account_id LIMIT ?4)sql")};
    // By the index ratings_lapsing (settled_until), a batch at a time.
    db::Statement prune_settled{db, R"sql(
UPDATE ratings SET settled_until = NULL
WHERE (account_id, rules, size) IN
      (SELECT account_id, rules, size FROM ratings WHERE settled_until < ?1 LIMIT ?2))sql"};
    // The page's keys from the index ratings_by_variant alone (rules, size, rating DESC and the key: the
    // rows before the page are stepped over without reading them), then the page's rows and names.
    db::Statement ratings_of_variant{db, sql(sql("SELECT r.account_id, a.name, ", rating_columns), R"sql(
FROM ratings r JOIN accounts a ON a.id = r.account_id
WHERE (r.account_id, r.rules, r.size) IN
      (SELECT account_id, rules, size FROM ratings WHERE rules = ?1 AND size = ?2
       ORDER BY rating DESC, account_id LIMIT ?3 OFFSET ?4)
  AND r.games > 0
ORDER BY r.rating DESC, r.account_id)sql")};
    db::Statement variants{
        db, "SELECT DISTINCT size, rules FROM ratings WHERE games > 0 ORDER BY size DESC, rules"};
    // The last rated game of a player in a variant that changed ratings: its before and after (kept with
    // the game: games_store.cpp writes them).
    db::Statement last_change{db, R"sql(
SELECT * FROM (
    SELECT id, rating0_before, rating0_after FROM games
    WHERE account0 = ?1 AND rules = ?2 AND size = ?3 AND rated AND status = 'over'
          AND rating0_before IS NOT NULL
    UNION ALL
    SELECT id, rating1_before, rating1_after FROM games
    WHERE account1 = ?1 AND rules = ?2 AND size = ?3 AND rated AND status = 'over'
          AND rating1_before IS NOT NULL)
ORDER BY id DESC LIMIT 1)sql"};
};

RatingsStore::RatingsStore(db::Database& db) : s_(std::make_unique<Statements>(db)) {}
RatingsStore::~RatingsStore() = default;

std::optional<RatingRecord> RatingsStore::stored_rating(AccountId account, Variant v) {
    auto q = s_->rating_row.query(account, rules_name(v.rules), v.size);
    if (!q.next()) return std::nullopt;
    return read_rating(q, 0);
}

RatingRecord RatingsStore::rating_of(AccountId account, Variant variant, UnixTime now) {
    std::optional<RatingRecord> r = stored_rating(account, variant);
    if (!r) return RatingRecord{};
    r->rating = glicko2::after_inactivity(r->rating, glicko2::periods_between(*r->last_rated, now));
    return *r;
}

std::vector<RatingsRow> RatingsStore::ratings_list(Variant variant, UnixTime now, int limit, int offset) {
    auto q = s_->ratings_of_variant.query(rules_name(variant.rules), variant.size, limit > 0 ? limit : -1,
                                          std::max(0, offset));
    return ratings_rows(q, now);
}

std::vector<RatingsRow> RatingsStore::leaders(Variant variant, UnixTime now, int limit) {
    // The deviation grows while a player does not play, so settledness is a matter of `now`: the row
    // keeps until when (settled_until, written with the rating), and the index finds those still settled.
    auto q = s_->settled_of_variant.query(rules_name(variant.rules), variant.size, now, std::max(0, limit));
    return ratings_rows(q, now);
}

int RatingsStore::prune_settled(UnixTime now, int batch) {
    s_->prune_settled.run(now, batch);
    return s_->db.changes();
}

std::optional<UnixTime> RatingsStore::settled_until(const RatingRecord& r) {
    if (!r.last_rated || r.games == 0) return std::nullopt;
    return glicko2::settled_until(r.rating, *r.last_rated, net::lobby::settled_deviation);
}

std::optional<RatingChange> RatingsStore::last_change(AccountId account, Variant variant) {
    auto q = s_->last_change.query(account, rules_name(variant.rules), variant.size);
    if (!q.next()) return std::nullopt;
    return RatingChange{q.real(1), q.real(2)};
}

std::vector<Variant> RatingsStore::rated_variants() {
    std::vector<Variant> out;
    auto q = s_->variants.query();
    while (q.next())
        if (const auto rules = parse_rules(q.text(1))) out.push_back(Variant{int(q.int64(0)), *rules});
    return out;
}

std::array<RatingChange, 2> RatingsStore::rate(const std::array<AccountId, 2>& players, Variant variant,
                                               double score0, UnixTime now) {
    std::array<RatingRecord, 2> before;
    std::array<double, 2> periods;
    for (int p : {0, 1}) {
        const auto stored = stored_rating(players[p], variant);
        before[p] = stored.value_or(RatingRecord{});
        // A newcomer's deviation is already the largest: one period, as the paper's single period.
        periods[p] = stored ? glicko2::periods_between(*stored->last_rated, now) : 1.0;
    }
    std::array<RatingChange, 2> changes;
    for (int p : {0, 1}) {
        const double score = p == 0 ? score0 : 1 - score0;
        RatingRecord after = before[p];
        after.rating = glicko2::rate_game(before[p].rating, before[1 - p].rating, score, periods[p]);
        ++after.games;
        after.wins += score == 1;
        after.losses += score == 0;
        after.draws += score == 0.5;
        after.last_rated = now;
        s_->upsert_rating.run(players[p], rules_name(variant.rules), variant.size, after.rating.rating,
                              after.rating.deviation, after.rating.volatility, after.games, after.wins,
                              after.losses, after.draws, now, settled_until(after));
        changes[p] = RatingChange{before[p].rating.rating, after.rating.rating};
    }
    return changes;
}

}  // namespace gobblet::server
