#include "ratings_store.h"

#include <algorithm>

#include "engine/position.h"

namespace gobblet::server {

using store_part::sql;

namespace {

constexpr const char* rating_columns =
    "rating, deviation, volatility, games, wins, losses, draws, last_rated";

// A rating row read from column `at` on (rating_columns).
RatingRecord read_rating(const db::Query& q, int at) {
    RatingRecord r;
    r.rating = {q.real(at), q.real(at + 1), q.real(at + 2)};
    r.games = int(q.int64(at + 3));
    r.wins = int(q.int64(at + 4));
    r.losses = int(q.int64(at + 5));
    r.draws = int(q.int64(at + 6));
    r.last_rated = q.int64(at + 7);
    return r;
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
                    last_rated)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
ON CONFLICT (account_id, rules, size) DO UPDATE SET
    rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
    games = excluded.games, wins = excluded.wins, losses = excluded.losses, draws = excluded.draws,
    last_rated = excluded.last_rated)sql"};
    db::Statement ratings_of_variant{db, sql(sql("SELECT r.account_id, a.name, ", rating_columns), R"sql(
FROM ratings r JOIN accounts a ON a.id = r.account_id
WHERE r.rules = ?1 AND r.size = ?2 AND r.games > 0
ORDER BY r.rating DESC, a.name_key LIMIT ?3 OFFSET ?4)sql")};
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
    std::vector<RatingsRow> rows;
    auto q = s_->ratings_of_variant.query(rules_name(variant.rules), variant.size, limit > 0 ? limit : -1,
                                          std::max(0, offset));
    while (q.next()) {
        RatingsRow row{q.int64(0), q.text(1), read_rating(q, 2)};
        row.record.rating = glicko2::after_inactivity(row.record.rating,
                                                      glicko2::periods_between(*row.record.last_rated, now));
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<RatingsRow> RatingsStore::leaders(Variant variant, UnixTime now, double max_deviation,
                                              int limit) {
    // Best first, a page at a time, until `limit` settled ratings are found: the deviation grows while
    // a player does not play, so it is judged as of now, not as stored.
    constexpr int page = 200;
    std::vector<RatingsRow> out;
    for (int offset = 0; int(out.size()) < limit; offset += page) {
        const std::vector<RatingsRow> rows = ratings_list(variant, now, page, offset);
        for (const RatingsRow& r : rows)
            if (r.record.rating.deviation <= max_deviation && int(out.size()) < limit) out.push_back(r);
        if (int(rows.size()) < page) break;
    }
    return out;
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
                              after.losses, after.draws, now);
        changes[p] = RatingChange{before[p].rating.rating, after.rating.rating};
    }
    return changes;
}

}  // namespace gobblet::server
