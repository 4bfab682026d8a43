#include "tournaments_store.h"

#include <utility>

#include "server/accounts_store.h"

namespace gobblet::server {

using store_part::bad;
using store_part::one_line;

namespace {

const char* state_word(TournamentState s) {
    switch (s) {
        case TournamentState::Open: return "open";
        case TournamentState::Running: return "running";
        case TournamentState::Over: return "over";
    }
    return "open";
}

TournamentState parse_state(std::string_view s) {
    return s == "running" ? TournamentState::Running
           : s == "over"  ? TournamentState::Over
                          : TournamentState::Open;
}

const char* pairing_word(PairingOutcome o) {
    switch (o) {
        case PairingOutcome::A: return "a";
        case PairingOutcome::B: return "b";
        case PairingOutcome::Draw: return "draw";
    }
    return "draw";
}

std::optional<PairingOutcome> parse_pairing(const std::optional<std::string>& s) {
    if (!s) return std::nullopt;
    if (*s == "a") return PairingOutcome::A;
    if (*s == "b") return PairingOutcome::B;
    return PairingOutcome::Draw;
}

TournamentRecord read_tournament(const db::Query& q) {
    TournamentRecord t;
    t.id = q.int64(0);
    t.name = q.text(1);
    t.terms = q.text(2);
    t.state = parse_state(q.text(3));
    t.created_by = q.int64(4);
    t.created = q.int64(5);
    t.key = q.optional_text(6).value_or("");
    t.by_operator = q.int64(7) != 0;
    t.seed = static_cast<std::uint64_t>(q.int64(8));
    t.terms_format = int(q.int64(9));
    return t;
}

}  // namespace

// The part's statements, prepared once.
struct TournamentsStore::Statements {
    explicit Statements(db::Database& d) : db(d) {}
    db::Database& db;

    db::Statement insert_tournament{db, R"sql(
INSERT INTO tournaments(name, terms, created_by, created, name_key, by_operator, seed, terms_format)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8))sql"};
    db::Statement tournament_by_key{db, "SELECT id FROM tournaments WHERE name_key = ?1"};
    db::Statement update_player_seed{
        db, "UPDATE tournament_players SET seed = ?3 WHERE tournament_id = ?1 AND account_id = ?2"};
    db::Statement insert_tournament_player{db, R"sql(
INSERT INTO tournament_players(tournament_id, account_id, joined) VALUES (?1, ?2, ?3)
ON CONFLICT DO NOTHING)sql"};
    db::Statement withdraw_player{
        db, "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = ?1 AND account_id = ?2"};
    db::Statement update_tournament_state{db, "UPDATE tournaments SET state = ?2 WHERE id = ?1"};
    db::Statement insert_pairing{
        db,
        "INSERT INTO tournament_pairings(tournament_id, round, player_a, player_b) VALUES (?1, ?2, ?3, ?4)"};
    db::Statement pairing_game_check{db, R"sql(
SELECT p.id FROM tournament_pairings p JOIN games g ON g.tournament_id = p.tournament_id
WHERE p.id = ?1 AND g.id = ?2)sql"};
    db::Statement update_pairing_game{db, "UPDATE tournament_pairings SET game_id = ?2 WHERE id = ?1"};
    db::Statement update_pairing_outcome{db, "UPDATE tournament_pairings SET outcome = ?2 WHERE id = ?1"};
    db::Statement upsert_starter{db, R"sql(
INSERT INTO tournament_starters(tournament_id, player_lo, player_hi, starter, chosen)
VALUES (?1, min(?2, ?3), max(?2, ?3), ?2, ?4)
ON CONFLICT (tournament_id, player_lo, player_hi) DO UPDATE SET starter = excluded.starter, chosen = excluded.chosen
)sql"};
    db::Statement tournament_starters{db,
                                      "SELECT starter, CASE WHEN starter = player_lo THEN player_hi ELSE "
                                      "player_lo END FROM tournament_starters "
                                      "WHERE tournament_id = ?1 ORDER BY chosen, player_lo, player_hi"};
    db::Statement pairings_by_game{db, "SELECT id, player_a FROM tournament_pairings WHERE game_id = ?1"};
    db::Statement tournament_by_id{
        db,
        "SELECT id, name, terms, state, created_by, created, name_key, by_operator, "
        "seed, terms_format FROM tournaments WHERE id = ?1"};
    db::Statement tournaments_in_state{
        db,
        "SELECT id, name, terms, state, created_by, created, name_key, "
        "by_operator, seed, terms_format FROM tournaments WHERE state = ?1 ORDER BY id DESC"};
    db::Statement tournament_players{db, R"sql(
SELECT p.account_id, a.name, p.joined, p.withdrawn, p.seed
FROM tournament_players p JOIN accounts a ON a.id = p.account_id
WHERE p.tournament_id = ?1 ORDER BY p.joined, p.account_id)sql"};
    // With each pairing's match score as its players a and b won rounds, once the game is over.
    db::Statement tournament_pairings{db, R"sql(
SELECT p.id, p.round, p.player_a, p.player_b, p.game_id, p.outcome, g.score0, g.score1, g.account0
FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id
WHERE p.tournament_id = ?1 ORDER BY p.round, p.id)sql"};
};

TournamentsStore::TournamentsStore(db::Database& db, AccountsStore& accounts)
    : db_(db), accounts_(accounts), s_(std::make_unique<Statements>(db)) {}
TournamentsStore::~TournamentsStore() = default;

TournamentId TournamentsStore::create_tournament(std::string_view name, std::string_view terms,
                                                 AccountId created_by, UnixTime now) {
    if (name.empty() || !one_line(name) || !one_line(terms))
        bad("create_tournament: name and terms are single lines");
    s_->insert_tournament.run(name, terms, created_by, now, std::nullopt, 0, 0, 1);
    return db_.last_insert_rowid();
}

Expected<TournamentId> TournamentsStore::create_tournament(const NewTournament& t, UnixTime now) {
    if (t.name.empty() || t.key.empty() || !one_line(t.name) || !one_line(t.key) || !one_line(t.terms))
        bad("create_tournament: name, key and terms are single lines");
    if (t.terms_format < 1) bad("create_tournament: a tournament's terms format is 1 or more");
    db::Transaction tx(db_);
    {
        auto q = s_->tournament_by_key.query(t.key);
        if (q.next()) return Failure{"a tournament is named " + t.name + " already: choose another name"};
    }
    const AccountId by = t.organizer ? *t.organizer : accounts_.operator_account(now);
    s_->insert_tournament.run(t.name, t.terms, by, now, t.key, t.organizer ? 0 : 1,
                              static_cast<std::int64_t>(t.seed), std::int64_t(t.terms_format));
    const TournamentId id = db_.last_insert_rowid();
    tx.commit();
    return id;
}

std::optional<TournamentId> TournamentsStore::tournament_named(std::string_view key) {
    auto q = s_->tournament_by_key.query(key);
    if (!q.next()) return std::nullopt;
    return q.int64(0);
}

void TournamentsStore::set_seeds(TournamentId tournament, const std::vector<AccountId>& order) {
    db::Transaction tx(db_);
    int seed = 0;
    for (AccountId a : order) s_->update_player_seed.run(tournament, a, ++seed);
    tx.commit();
}

bool TournamentsStore::join_tournament(TournamentId tournament, AccountId account, UnixTime now) {
    s_->insert_tournament_player.run(tournament, account, now);
    return db_.changes() == 1;
}

void TournamentsStore::withdraw_from_tournament(TournamentId tournament, AccountId account) {
    s_->withdraw_player.run(tournament, account);
    if (db_.changes() == 0)
        bad("account " + std::to_string(account) + " is not in tournament " + std::to_string(tournament));
}

void TournamentsStore::set_tournament_state(TournamentId tournament, TournamentState state) {
    s_->update_tournament_state.run(tournament, state_word(state));
    if (db_.changes() == 0) bad("no tournament " + std::to_string(tournament));
}

PairingId TournamentsStore::add_pairing(TournamentId tournament, int round, AccountId a,
                                        std::optional<AccountId> b) {
    // The foreign keys refuse players who are not in the tournament.
    s_->insert_pairing.run(tournament, round, a, b);
    return db_.last_insert_rowid();
}

void TournamentsStore::set_pairing_game(PairingId pairing, GameId game) {
    {
        auto q = s_->pairing_game_check.query(pairing, game);
        if (!q.next())
            bad("set_pairing_game: pairing " + std::to_string(pairing) + " and game " + std::to_string(game) +
                " are not of one tournament");
    }
    s_->update_pairing_game.run(pairing, game);
}

void TournamentsStore::set_starter(TournamentId tournament, AccountId starter, AccountId other,
                                   UnixTime now) {
    // The foreign keys refuse players who are not in the tournament.
    s_->upsert_starter.run(tournament, starter, other, now);
}

void TournamentsStore::set_pairing_outcome(PairingId pairing, PairingOutcome outcome) {
    s_->update_pairing_outcome.run(pairing, pairing_word(outcome));
    if (db_.changes() == 0) bad("no pairing " + std::to_string(pairing));
}

void TournamentsStore::decide_pairings(GameId game, std::optional<AccountId> winner) {
    std::vector<std::pair<PairingId, AccountId>> pairings;
    {
        auto q = s_->pairings_by_game.query(game);
        while (q.next()) pairings.emplace_back(q.int64(0), q.int64(1));
    }
    for (const auto& [pairing, a] : pairings) {
        const PairingOutcome po = !winner        ? PairingOutcome::Draw
                                  : *winner == a ? PairingOutcome::A
                                                 : PairingOutcome::B;
        s_->update_pairing_outcome.run(pairing, pairing_word(po));
    }
}

std::optional<TournamentRecord> TournamentsStore::tournament(TournamentId id) {
    std::optional<TournamentRecord> t;
    {
        auto q = s_->tournament_by_id.query(id);
        if (!q.next()) return std::nullopt;
        t = read_tournament(q);
    }
    {
        auto q = s_->tournament_players.query(id);
        while (q.next()) {
            TournamentPlayer p{q.int64(0), q.text(1), q.int64(2), q.int64(3) != 0, std::nullopt};
            if (!q.is_null(4)) p.seed = int(q.int64(4));
            t->players.push_back(std::move(p));
        }
    }
    auto q = s_->tournament_pairings.query(id);
    while (q.next()) {
        Pairing p{q.int64(0),          int(q.int64(1)),     q.int64(2),
                  q.optional_int64(3), q.optional_int64(4), parse_pairing(q.optional_text(5)),
                  std::nullopt};
        if (!q.is_null(6) && !q.is_null(7)) {
            const std::array<int, 2> s{int(q.int64(6)), int(q.int64(7))};
            p.score =
                q.optional_int64(8) == std::optional<AccountId>(p.a) ? s : std::array<int, 2>{s[1], s[0]};
        }
        t->pairings.push_back(p);
    }
    auto s = s_->tournament_starters.query(id);
    while (s.next()) t->starters.push_back(StarterChoice{s.int64(0), s.int64(1)});
    return t;
}

std::vector<TournamentRecord> TournamentsStore::tournaments(TournamentState state) {
    std::vector<TournamentRecord> out;
    auto q = s_->tournaments_in_state.query(state_word(state));
    while (q.next()) out.push_back(read_tournament(q));
    return out;
}

}  // namespace gobblet::server
