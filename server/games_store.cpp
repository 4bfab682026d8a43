#include "games_store.h"

#include <algorithm>

#include "engine/clock.h"
#include "server/tournaments_store.h"

namespace gobblet::server {

using store_part::bad;
using store_part::one_line;
using store_part::sql;

namespace {

const char* outcome_word(GameOutcome o) {
    switch (o) {
        case GameOutcome::Player0: return "player0";
        case GameOutcome::Player1: return "player1";
        case GameOutcome::Draw: return "draw";
        case GameOutcome::Aborted: return "aborted";
    }
    return "aborted";
}

std::optional<GameOutcome> parse_outcome(std::string_view s) {
    for (GameOutcome o :
         {GameOutcome::Player0, GameOutcome::Player1, GameOutcome::Draw, GameOutcome::Aborted})
        if (s == outcome_word(o)) return o;
    return std::nullopt;
}

// The columns of a game, in the order read_game reads them.
constexpr const char* game_columns = R"sql(
SELECT g.id, g.rules, g.size, g.clock, g.first_to, g.rated,
       g.account0, COALESCE(a0.name, g.guest0), g.account1, COALESCE(a1.name, g.guest1),
       g.status, g.outcome, g.result, g.created, g.ended, g.tournament_id,
       g.rating0_before, g.rating0_after, g.rating1_before, g.rating1_after, g.score0, g.score1,
       g.bot0, g.bot1
FROM games g LEFT JOIN accounts a0 ON a0.id = g.account0 LEFT JOIN accounts a1 ON a1.id = g.account1
)sql";

}  // namespace

// The part's statements, prepared once.
struct GamesStore::Statements {
    explicit Statements(db::Database& d) : db(d) {}
    db::Database& db;

    db::Statement insert_game{db, R"sql(
INSERT INTO games(rules, size, clock, first_to, rated, account0, guest0, account1, guest1, token0, token1,
                  created, tournament_id, bot0, bot1)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15))sql"};
    db::Statement update_bot0{db, "UPDATE games SET bot0 = 1 WHERE id = ?1 AND status = 'playing'"};
    db::Statement update_bot1{db, "UPDATE games SET bot1 = 1 WHERE id = ?1 AND status = 'playing'"};
    // One statement, so one transaction and one commit a fact; it inserts nothing unless the game is in
    // play and `seq` is its next number.
    db::Statement insert_fact{db, R"sql(
INSERT INTO game_facts(game_id, seq, fact, clock, format)
SELECT ?1, ?2, ?3, ?4, ?5
WHERE (SELECT status FROM games WHERE id = ?1) = 'playing'
  AND ?2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM game_facts WHERE game_id = ?1))sql"};
    db::Statement game_next_fact{db, R"sql(
SELECT status, (SELECT COALESCE(MAX(seq) + 1, 0) FROM game_facts WHERE game_id = ?1)
FROM games WHERE id = ?1)sql"};
    db::Statement game_tokens{db, "SELECT status, token0, token1 FROM games WHERE id = ?1"};
    db::Statement update_token0{db, "UPDATE games SET token0 = ?2 WHERE id = ?1 AND status = 'playing'"};
    db::Statement update_token1{db, "UPDATE games SET token1 = ?2 WHERE id = ?1 AND status = 'playing'"};
    db::Statement update_score{db, "UPDATE games SET score0 = ?2, score1 = ?3 WHERE id = ?1"};
    db::Statement game_for_finish{
        db, "SELECT rated, rules, size, account0, account1, status, tournament_id FROM games WHERE id = ?1"};
    db::Statement update_finish{db, R"sql(
UPDATE games SET status = 'over', outcome = ?2, result = ?3, ended = ?4,
                 rating0_before = ?5, rating0_after = ?6, rating1_before = ?7, rating1_after = ?8
WHERE id = ?1)sql"};
    db::Statement game_by_id{db, sql(game_columns, "WHERE g.id = ?1")};
    db::Statement games_playing{db, sql(game_columns, "WHERE g.status = 'playing' ORDER BY g.id")};
    // Each seat's newest finished games by its index alone (games_over_by_account0/1: account, id, of the
    // finished games: version 9), as far as the page goes, and the two merged: the cost is the page and
    // the index entries before it, never all of a player's games.
    db::Statement games_finished_page{db, sql(game_columns, R"sql(
WHERE g.id IN (
    SELECT id FROM (SELECT id FROM games WHERE account0 = ?1 AND status = 'over'
                    ORDER BY id DESC LIMIT ?2 + ?3)
    UNION
    SELECT id FROM (SELECT id FROM games WHERE account1 = ?1 AND status = 'over'
                    ORDER BY id DESC LIMIT ?2 + ?3)
    ORDER BY id DESC LIMIT ?2 OFFSET ?3)
ORDER BY g.id DESC)sql")};
    // Each seat's newest rated games with a result by its index (games_over_by_account0/1), as far as the
    // window goes, and the two merged: the cost is the window, never all of a player's games.
    db::Statement rating_history{db, R"sql(
SELECT rules, size, ended, r FROM (
    SELECT * FROM (SELECT id, rules, size, ended, rating0_after AS r FROM games
                   WHERE account0 = ?1 AND status = 'over' AND rated = 1 AND rating0_after IS NOT NULL
                   ORDER BY id DESC LIMIT ?2)
    UNION ALL
    SELECT * FROM (SELECT id, rules, size, ended, rating1_after AS r FROM games
                   WHERE account1 = ?1 AND status = 'over' AND rated = 1 AND rating1_after IS NOT NULL
                   ORDER BY id DESC LIMIT ?2))
ORDER BY id DESC LIMIT ?2)sql"};
    db::Statement facts_of{db,
                           "SELECT seq, fact, clock, format FROM game_facts WHERE game_id = ?1 ORDER BY seq"};
};

GamesStore::GamesStore(db::Database& db, RatingsStore& ratings, TournamentsStore& tournaments)
    : db_(db), ratings_(ratings), tournaments_(tournaments), s_(std::make_unique<Statements>(db)) {}
GamesStore::~GamesStore() = default;

GameRecord GamesStore::read_game(const db::Query& q) const {
    GameRecord g;
    g.id = q.int64(0);
    const auto rules = parse_rules(q.text(1));
    const auto clock = parse_clock_settings(q.text(3));
    if (!rules || !clock)
        throw db::Error(db_.path().string() + ": game " + std::to_string(g.id) +
                            " has settings this gobblet "
                            "cannot read",
                        SQLITE_CORRUPT);
    g.settings.variant = Variant{int(q.int64(2)), *rules};
    g.settings.clock = *clock;
    g.settings.first_to = int(q.int64(4));
    g.rated = q.int64(5) != 0;
    for (int p : {0, 1})
        g.players[p] = GamePlayer{q.optional_int64(6 + 2 * p), q.text(7 + 2 * p), q.int64(22 + p) != 0};
    g.status = q.text(10) == "over" ? GameStatus::Over : GameStatus::Playing;
    if (const auto o = q.optional_text(11)) g.outcome = parse_outcome(*o);
    g.result = q.text(12);
    g.created = q.int64(13);
    g.ended = q.optional_int64(14);
    g.tournament = q.optional_int64(15);
    if (!q.is_null(16) && !q.is_null(18))
        g.ratings = std::array<RatingChange, 2>{RatingChange{q.real(16), q.real(17)},
                                                RatingChange{q.real(18), q.real(19)}};
    if (!q.is_null(20) && !q.is_null(21)) g.score = std::array<int, 2>{int(q.int64(20)), int(q.int64(21))};
    return g;
}

void GamesStore::read_facts(GameRecord& g) {
    auto q = s_->facts_of.query(g.id);
    while (q.next()) g.facts.push_back(Fact{q.int64(0), q.text(1), q.text(2), int(q.int64(3))});
}

NewGame GamesStore::create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players,
                                bool rated, UnixTime now, std::optional<TournamentId> tournament) {
    std::array<std::string, 2> tokens = {new_secret(), new_secret()};
    return create_game(settings, players, rated, now, tournament, tokens, true);
}

NewGame GamesStore::create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players,
                                bool rated, UnixTime now, std::optional<TournamentId> tournament,
                                const std::array<std::string, 2>& codes) {
    for (const std::string& c : codes)
        if (c.empty() || !one_line(c)) bad("create_game: a join code is a single line");
    return create_game(settings, players, rated, now, tournament, codes, false);
}

NewGame GamesStore::create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players,
                                bool rated, UnixTime now, std::optional<TournamentId> tournament,
                                const std::array<std::string, 2>& secrets, bool tokens) {
    const std::string clock = clock_settings_text(settings.clock);
    if ((settings.variant.size != 3 && settings.variant.size != 4) || settings.first_to < 1 ||
        settings.first_to > max_first_to || parse_clock_settings(clock) != settings.clock)
        bad("create_game: settings out of range");
    for (const GamePlayer& p : players)
        if (!p.account && (p.name.empty() || clean_name(p.name) != p.name))
            bad("create_game: a guest's name must be clean and not empty");
    if (rated && (!players[0].account || !players[1].account || players[0].account == players[1].account))
        bad("create_game: a rated game needs two different registered players");
    NewGame game;
    std::array<Digest, 2> digests;
    for (int p : {0, 1}) {
        game.tokens[p] = secrets[p];
        digests[p] = tokens ? *secret_digest(secrets[p]) : code_digest(secrets[p]);
    }
    const auto guest = [](const GamePlayer& p) {
        return p.account ? std::nullopt : std::optional<std::string_view>(p.name);
    };
    s_->insert_game.run(rules_name(settings.variant.rules), settings.variant.size, clock, settings.first_to,
                        rated, players[0].account, guest(players[0]), players[1].account, guest(players[1]),
                        db::Blob(digests[0]), db::Blob(digests[1]), now, tournament, players[0].bot,
                        players[1].bot);
    game.id = db_.last_insert_rowid();
    return game;
}

void GamesStore::mark_bot(GameId game, int player) {
    if (player != 0 && player != 1) bad("mark_bot: player 0 or 1");
    (player == 0 ? s_->update_bot0 : s_->update_bot1).run(game);
}

void GamesStore::append_fact(GameId game, std::int64_t seq, int format, std::string_view fact,
                             std::string_view clock) {
    if (!one_line(fact) || !one_line(clock))
        bad("append_fact: a fact and a clock are single lines of at most " + std::to_string(max_fact_bytes) +
            " bytes");
    if (format < 1) bad("append_fact: a fact's format is 1 or more");
    s_->insert_fact.run(game, seq, fact, clock, std::int64_t(format));
    if (db_.changes() == 1) return;
    // Nothing was inserted: say why.
    auto q = s_->game_next_fact.query(game);
    if (!q.next()) bad("append_fact: no game " + std::to_string(game));
    if (q.text(0) != "playing") bad("append_fact: game " + std::to_string(game) + " is over");
    bad("append_fact: game " + std::to_string(game) + " expects fact " + std::to_string(q.int64(1)) +
        ", not " + std::to_string(seq));
}

void GamesStore::set_join_code(GameId game, int player, std::string_view code) {
    if (player != 0 && player != 1) bad("set_join_code: player 0 or 1");
    if (code.empty() || !one_line(code)) bad("set_join_code: a join code is a single line");
    (player == 0 ? s_->update_token0 : s_->update_token1).run(game, db::Blob(code_digest(code)));
    if (db_.changes() == 0) bad("set_join_code: no game " + std::to_string(game) + " in play");
}

std::optional<std::array<Digest, 2>> GamesStore::join_digests(GameId game) {
    auto q = s_->game_tokens.query(game);
    if (!q.next() || q.text(0) != "playing") return std::nullopt;
    std::array<Digest, 2> out{};
    for (int p : {0, 1}) {
        const auto blob = q.blob(1 + p);
        if (blob.size() != out[p].size()) return std::nullopt;
        std::copy(blob.begin(), blob.end(), out[p].begin());
    }
    return out;
}

std::optional<std::array<RatingChange, 2>> GamesStore::finish_game(GameId game, GameOutcome outcome,
                                                                   std::string_view result, UnixTime now,
                                                                   std::array<int, 2> score) {
    if (score[0] < 0 || score[1] < 0) bad("finish_game: a score counts rounds won");
    return finish(game, outcome, result, now, score);
}

std::optional<std::array<RatingChange, 2>> GamesStore::finish_game(GameId game, GameOutcome outcome,
                                                                   std::string_view result, UnixTime now) {
    return finish(game, outcome, result, now, std::nullopt);
}

std::optional<std::array<RatingChange, 2>> GamesStore::finish(GameId game, GameOutcome outcome,
                                                              std::string_view result, UnixTime now,
                                                              std::optional<std::array<int, 2>> rounds) {
    if (!one_line(result)) bad("finish_game: the result is a single line");
    db::Transaction t(db_);
    bool rated;
    Variant variant;
    std::array<std::optional<AccountId>, 2> accounts;
    std::optional<TournamentId> tournament;
    {
        auto q = s_->game_for_finish.query(game);
        if (!q.next()) bad("finish_game: no game " + std::to_string(game));
        if (q.text(5) != "playing") bad("finish_game: game " + std::to_string(game) + " is already over");
        rated = q.int64(0) != 0;
        variant = Variant{int(q.int64(2)), parse_rules(q.text(1)).value_or(Rules::Official)};
        accounts = {q.optional_int64(3), q.optional_int64(4)};
        tournament = q.optional_int64(6);
    }

    std::optional<std::array<RatingChange, 2>> changes;
    if (rated && outcome != GameOutcome::Aborted) {
        const double score0 = outcome == GameOutcome::Player0 ? 1 : outcome == GameOutcome::Player1 ? 0 : 0.5;
        changes = ratings_.rate({*accounts[0], *accounts[1]}, variant, score0, now);
    }
    const auto change = [&](int p, bool after) -> std::optional<double> {
        if (!changes) return std::nullopt;
        return after ? (*changes)[p].after : (*changes)[p].before;
    };
    s_->update_finish.run(game, outcome_word(outcome), result, now, change(0, false), change(0, true),
                          change(1, false), change(1, true));
    if (rounds) s_->update_score.run(game, (*rounds)[0], (*rounds)[1]);

    if (tournament && outcome != GameOutcome::Aborted)
        tournaments_.decide_pairings(game, outcome == GameOutcome::Draw
                                               ? std::nullopt
                                               : accounts[outcome == GameOutcome::Player0 ? 0 : 1]);
    t.commit();
    return changes;
}

std::vector<GameRecord> GamesStore::games_in_progress() {
    std::vector<GameRecord> games;
    {
        auto q = s_->games_playing.query();
        while (q.next()) games.push_back(read_game(q));
    }
    for (GameRecord& g : games) read_facts(g);
    return games;
}

std::optional<GameRecord> GamesStore::game_record(GameId game) {
    std::optional<GameRecord> g;
    {
        auto q = s_->game_by_id.query(game);
        if (!q.next()) return std::nullopt;
        g = read_game(q);
    }
    read_facts(*g);
    return g;
}

std::vector<GameRecord> GamesStore::finished_games_page(AccountId account, int limit, int offset) {
    std::vector<GameRecord> games;
    auto q = s_->games_finished_page.query(account, std::clamp(limit, 1, 1000), std::max(0, offset));
    while (q.next()) games.push_back(read_game(q));
    return games;
}

std::vector<RatedPoint> GamesStore::rating_history(AccountId account, int window) {
    std::vector<RatedPoint> out;
    auto q = s_->rating_history.query(account, std::clamp(window, 1, 10'000));
    while (q.next()) {
        const auto rules = parse_rules(q.text(0));
        if (!rules) continue;  // (the table's CHECK allows no other)
        out.push_back(RatedPoint{Variant{int(q.int64(1)), *rules}, q.int64(2), q.real(3)});
    }
    std::reverse(out.begin(), out.end());  // oldest first
    return out;
}

}  // namespace gobblet::server
