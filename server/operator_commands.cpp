#include "operator_commands.h"

#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>

#include "engine/clock.h"
#include "engine/time_source.h"
#include "net/lobby_text.h"
#include "server/db.h"
#include "server/fact_format.h"
#include "server/lobby_server.h"
#include "server/secrets.h"
#include "server/tournament.h"

namespace gobblet::server {

namespace fs = std::filesystem;

namespace {

// Characters of UTF-8 text (its columns, for the names people use).
std::size_t chars_of(std::string_view s) {
    return std::count_if(s.begin(), s.end(),
                         [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

std::string padded(std::string s, std::size_t width) {
    const std::size_t n = chars_of(s);
    if (n < width) s.append(width - n, ' ');
    return s;
}

std::string variant_heading(Variant v) {
    return std::string(rules_name(v.rules)) + " rules, " + std::to_string(v.size) + "x" +
           std::to_string(v.size);
}

// Runs a command on the store: what the store throws (a database that cannot be opened, read or written)
// is said once, "gobblet: FLAG: WHY", with the exit status 1; else the command's own status.
template <class Command>
int on_store(std::ostream& err, const char* flag, Command&& command) {
    try {
        return command();
    } catch (const std::exception& e) {
        err << "gobblet: " << flag << ": " << e.what() << "\n";
        return 1;
    }
}

// The registered player `name` (by the lobby's key, look-alikes read as one, or as the store keys
// names), never the operator's account; nullopt for a name nobody has.
std::optional<Account> registered(Store& store, const std::string& name) {
    const auto by_key = net::lobby::valid_name(name)
                            ? store.accounts().find_lobby_account(net::lobby::name_key(name))
                            : std::nullopt;
    const auto a = by_key ? by_key : store.accounts().find_account(name);
    if (!a || a->name == operator_name) return std::nullopt;
    return a;
}

}  // namespace

std::string ratings_table(Variant variant, const std::vector<RatingsRow>& rows,
                          const std::vector<std::optional<RatingChange>>* last) {
    std::size_t name_width = 4;
    for (const RatingsRow& r : rows) name_width = std::max(name_width, chars_of(r.name));
    const int place_width = int(std::to_string(rows.size()).size());
    std::string out = variant_heading(variant) + "\n";
    char buf[128];
    std::snprintf(buf, sizeof buf, "%*s  ", place_width, "#");
    out += buf + padded("name", name_width);
    out += std::string("  rating  deviation  games  won-lost-drawn") + (last ? "  last" : "") + "\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const RatingRecord& r = rows[i].record;
        std::snprintf(buf, sizeof buf, "%*zu  ", place_width, i + 1);
        out += buf + padded(rows[i].name, name_width);
        std::snprintf(buf, sizeof buf, "  %6.0f  %9.0f  %5d  ", std::round(r.rating.rating),
                      std::round(r.rating.deviation), r.games);
        out += buf;
        const std::string record =
            std::to_string(r.wins) + "-" + std::to_string(r.losses) + "-" + std::to_string(r.draws);
        if (last && i < last->size() && (*last)[i]) {
            const long d = std::lround((*last)[i]->after) - std::lround((*last)[i]->before);
            out += padded(record, 14) + "  " + (d < 0 ? "-" : "+") + std::to_string(d < 0 ? -d : d);
        } else {
            out += record;
        }
        out += "\n";
    }
    return out;
}

int print_ratings(std::ostream& out, std::ostream& err, const fs::path& db, std::optional<Rules> rules,
                  std::optional<int> size, UnixTime now) {
    return on_store(err, "--ratings", [&] {
        Store store = Store::open(db, Store::Access::Read);
        std::vector<Variant> variants;
        for (Variant v : store.ratings().rated_variants())
            if ((!rules || v.rules == *rules) && (!size || v.size == *size)) variants.push_back(v);
        if (variants.empty()) {
            std::string which;
            if (rules) which += std::string(" under the ") + rules_name(*rules) + " rules";
            if (size) which += " on " + std::to_string(*size) + "x" + std::to_string(*size);
            out << "no rated games" << which << " in " << db.string() << " yet\n";
            return 0;
        }
        for (std::size_t i = 0; i < variants.size(); ++i) {
            const std::vector<RatingsRow> rows = store.ratings().ratings_list(variants[i], now);
            std::vector<std::optional<RatingChange>> last;
            for (const RatingsRow& r : rows)
                last.push_back(store.ratings().last_change(r.account, variants[i]));
            out << (i ? "\n" : "") << ratings_table(variants[i], rows, &last);
        }
        return 0;
    });
}

// ---- The operator's tournaments ----

namespace {

// The tournament named `name` of an open store; nullopt with the reason on `err`.
std::optional<TournamentRecord> named(Store& store, std::ostream& err, const char* flag,
                                      const std::string& name) {
    if (!net::lobby::valid_tournament_name(name)) {
        err << "gobblet: " << flag << " " << clean_name(name)
            << ": not a tournament's name (2 to 32 letters, digits, '-', '_' or '.', a letter or digit "
               "first)\n";
        return std::nullopt;
    }
    const auto id = store.tournaments().tournament_named(net::lobby::name_key(name));
    const auto t = id ? store.tournaments().tournament(*id) : std::nullopt;
    if (!t)
        err << "gobblet: " << flag << " " << name << ": no such tournament in " << store.path().string()
            << "\n";
    return t;
}

// A command on one of the operator's tournaments (one made with --new-tournament), in the store beside
// a running server: the tournament by its name, one of a player's refused with `organizer_does` (what
// its organizer does from the lobby instead); the command's own refusal is said the same way.
template <class Command>
int on_operators(std::ostream& err, const char* flag, const fs::path& db, const std::string& name,
                 const char* organizer_does, Command&& command) {
    return on_store(err, flag, [&] {
        Store store = Store::open(db, Store::Access::Share);
        const auto t = named(store, err, flag, name);
        if (!t) return 2;
        const Expected<void> done = t->by_operator ? command(store, *t) : Failure{organizer_does};
        if (done) return 0;
        err << "gobblet: " << flag << " " << name << ": " << done.why() << "\n";
        return 2;
    });
}

}  // namespace

int new_tournament(std::ostream& out, std::ostream& err, const fs::path& db, const std::string& name,
                   const std::string& format, int max_players, net::lobby::First first,
                   const net::lobby::Terms& terms, std::uint64_t seed, UnixTime now) {
    if (!net::lobby::valid_tournament_name(name)) {
        err << "gobblet: --new-tournament " << clean_name(name)
            << ": a tournament's name has 2 to 32 letters, digits, '-', '_' or '.', a letter or digit "
               "first\n";
        return 2;
    }
    // The lobby's own checks of a `create`: the format's word, the number of players, the terms' bounds.
    const Expected<net::lobby::Format> f = net::lobby::parse_format(format, net::lobby::protocol_version);
    if (!f) {
        err << "gobblet: --new-tournament " << name << ": " << f.why()
            << " (--format round-robin, knockout or swiss-N)\n";
        return 2;
    }
    if (max_players < 2 || max_players > net::lobby::max_tournament_players) {
        err << "gobblet: --new-tournament " << name << ": a tournament has 2 to "
            << net::lobby::max_tournament_players << " players\n";
        return 2;
    }
    if (const Expected<void> ok = net::lobby::terms_allowed(terms); !ok) {
        err << "gobblet: --new-tournament " << name << ": " << ok.why() << "\n";
        return 2;
    }
    const tournament::Spec spec{*f, max_players, first, terms};
    return on_store(err, "--new-tournament", [&] {
        Store store = Store::open(db, Store::Access::Share);
        const Expected<TournamentId> id = store.tournaments().create_tournament(
            NewTournament{name, net::lobby::name_key(name), tournament::spec_text(spec), std::nullopt, seed,
                          tournament::spec_format},
            now);
        if (!id) {
            err << "gobblet: --new-tournament: " << id.why() << "\n";
            return 2;
        }
        out << "tournament " << name << " (" << *id << "): " << net::lobby::format_text(spec.format) << ", "
            << net::lobby::terms_description(spec.terms) << "; open for players (they join from the lobby, "
            << "bots with --enter " << name << "); start it with --start-tournament " << name << "\n";
        return 0;
    });
}

int start_tournament(std::ostream& out, std::ostream& err, const fs::path& db, const std::string& name) {
    return on_operators(err, "--start-tournament", db, name,
                        "its organizer starts it from the lobby (the operator starts the tournaments made "
                        "with --new-tournament)",
                        [&](Store& store, const TournamentRecord& t) -> Expected<void> {
                            const Expected<int> players = tournament::may_start(t);
                            if (!players) return Failure{players.why()};
                            store.tournaments().set_tournament_state(t.id, TournamentState::Running);
                            out << "tournament " << name << " starts with " << *players
                                << " players: the server pairs the first round\n";
                            return {};
                        });
}

int choose_starter(std::ostream& out, std::ostream& err, const fs::path& db, const std::string& name,
                   const std::string& starter, const std::string& opponent, UnixTime now) {
    return on_operators(
        err, "--tournament-first", db, name,
        "its organizer chooses who starts from the lobby (the operator chooses for the tournaments made with "
        "--new-tournament)",
        [&](Store& store, const TournamentRecord& t) -> Expected<void> {
            const auto choice = tournament::starter_choice(t, clean_name(starter), clean_name(opponent));
            if (!choice) return Failure{choice.why()};
            store.tournaments().set_starter(t.id, choice->starter, choice->other, now);
            std::string names[2];
            for (const TournamentPlayer& p : t.players)
                for (int i : {0, 1})
                    if (p.account == (i == 0 ? choice->starter : choice->other)) names[i] = p.name;
            out << "tournament " << name << ": " << names[0]
                << " plays White in round 1 of the match against " << names[1] << "\n";
            return {};
        });
}

std::string standings_text(const TournamentRecord& t) {
    const auto spec = tournament::parse_spec(t.terms, t.terms_format);
    std::string out = t.name;
    if (spec)
        out +=
            ": " + net::lobby::format_text(spec->format) + ", " + net::lobby::terms_description(spec->terms);
    int round = 0, decided = 0;  // the round in play: the first with a pairing undecided
    for (const Pairing& p : t.pairings) {
        if (!p.outcome && (round == 0 || p.round < round)) round = p.round;
        decided += p.outcome.has_value();
    }
    const bool done = t.state == TournamentState::Over;
    out += done                               ? "; final"
           : t.state == TournamentState::Open ? "; open, not started"
                                              : "; round " + std::to_string(round);
    out +=
        " (" + std::to_string(decided) + " of " + std::to_string(t.pairings.size()) + " pairings decided)\n";
    const auto table = tournament::table(t);  // who left without playing is not in it
    std::size_t name_width = 4;
    for (const auto& s : table) name_width = std::max(name_width, chars_of(s.name));
    char buf[160];
    std::snprintf(buf, sizeof buf, "%3s  ", "#");
    out += buf + padded("name", name_width) +
           "  points  head-to-head  played  won-lost-drawn  rounds won  rounds lost\n";
    int rank = 0;
    for (const auto& s : table) {
        std::snprintf(buf, sizeof buf, "%3d  ", ++rank);
        out += buf + padded(s.name, name_width);
        std::snprintf(
            buf, sizeof buf, "  %6s  %12s  %6d  %14s  %10d  %11d%s\n",
            net::lobby::points_text(s.half_points).c_str(), net::lobby::points_text(s.head_to_head).c_str(),
            s.played,
            (std::to_string(s.won) + "-" + std::to_string(s.lost) + "-" + std::to_string(s.drawn)).c_str(),
            s.rounds_won, s.rounds_lost, s.withdrawn ? "  (withdrew)" : "");
        out += buf;
    }
    if (done && spec)
        if (const auto won = tournament::winner(t, *spec))
            for (const auto& s : table)
                if (s.account == *won) out += "final: " + s.name + " wins\n";
    return out;
}

int print_standings(std::ostream& out, std::ostream& err, const fs::path& db, const std::string& name) {
    return on_store(err, "--standings", [&] {
        Store store = Store::open(db, Store::Access::Read);
        const auto t = named(store, err, "--standings", name);
        if (!t) return 2;
        out << standings_text(*t);
        return 0;
    });
}

int set_account_kind(std::ostream& out, std::ostream& err, const fs::path& db, const std::string& name,
                     const std::string& kind) {
    if (kind != "human" && kind != "bot") {
        err << "gobblet: --kind " << clean_name(kind)
            << ": an account is human (a person's) or bot (a computer's)\n";
        return 2;
    }
    return on_store(err, "--account-kind", [&] {
        Store store = Store::open(db, Store::Access::Share);
        const auto a = registered(store, name);
        if (!a) {
            err << "gobblet: --account-kind " << clean_name(name) << ": nobody is registered so in "
                << store.path().string() << "\n";
            return 2;
        }
        const bool bot = kind == "bot";
        const char* what = bot ? "a computer's" : "a person's";
        if (a->bot == bot) {
            out << a->name << " is " << what << " account already\n";
            return 0;
        }
        store.accounts().set_bot(a->id, bot);
        out << a->name << " is " << what << " account now: it logs in "
            << (bot ? "with --bot" : "as a person") << " from its next login\n";
        return 0;
    });
}

int print_profile(std::ostream& out, std::ostream& err, const fs::path& db, const std::string& name,
                  UnixTime now) {
    return on_store(err, "--profile", [&] {
        Store store = Store::open(db, Store::Access::Read);
        const auto a = registered(store, name);
        if (!a) {
            err << "gobblet: --profile " << clean_name(name) << ": nobody is registered so in "
                << store.path().string() << "\n";
            return 2;
        }
        net::lobby::ProfileItem p;
        std::vector<net::lobby::StatsItem> stats;
        std::vector<net::lobby::HistoryItem> games;
        std::vector<net::lobby::TrendItem> trends;
        for (const net::lobby::Message& m : profile_of(store, *a, now, false)) {
            if (const auto* x = std::get_if<net::lobby::ProfileItem>(&m)) p = *x;
            if (const auto* x = std::get_if<net::lobby::StatsItem>(&m)) stats.push_back(*x);
            if (const auto* x = std::get_if<net::lobby::TrendItem>(&m)) trends.push_back(*x);
            if (const auto* x = std::get_if<net::lobby::HistoryItem>(&m)) games.push_back(*x);
        }
        // The player and their ratings, each variant's rating over time, then the last games.
        const std::vector<std::string> text = net::lobby::profile_text(p, stats, games);
        const std::size_t head = std::min(text.size(), 1 + stats.size());
        for (std::size_t i = 0; i < head; ++i) out << text[i] << "\n";
        for (const net::lobby::TrendItem& t : trends)
            for (const std::string& line :
                 net::lobby::trend_chart(t, profile_chart_width, profile_chart_rows))
                out << line << "\n";
        for (std::size_t i = head; i < text.size(); ++i) out << text[i] << "\n";
        return 0;
    });
}

// ---- The benchmark ----

namespace {

// Seconds since `start_us` on `time` (the program's one monotonic clock: main.cpp passes it).
double seconds_since(const TimeSource& time, std::int64_t start_us) {
    return seconds_between(start_us, time.now_us());
}

// The p-th percentile (0-100) of some durations in seconds, as microseconds.
double percentile_us(std::vector<double> samples, double p) {
    if (samples.empty()) return 0;
    std::sort(samples.begin(), samples.end());
    const auto i = std::min(samples.size() - 1, std::size_t(p / 100 * double(samples.size())));
    return samples[i] * 1e6;
}

void report_rate(std::ostream& out, const char* what, int n, double seconds,
                 const std::vector<double>& each) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%-44s %6d in %6.3f s: %8.0f a second; p50 %5.0f us, p99 %6.0f us, max %6.0f us\n", what, n,
                  seconds, seconds > 0 ? n / seconds : 0.0, percentile_us(each, 50), percentile_us(each, 99),
                  percentile_us(each, 100));
    out << buf;
}

// Single-row transactions at one synchronous level, straight on the db layer: what the setting costs.
void bench_synchronous(std::ostream& out, const TimeSource& time, const fs::path& path, const char* level,
                       int n) {
    db::Database d = db::Database::open(path, {false, 5000});
    d.prepare_for_writing();
    d.exec(std::string("PRAGMA synchronous = ") + level);
    d.exec("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, line TEXT NOT NULL)");
    db::Statement insert(d, "INSERT INTO t (line) VALUES (?1)");
    std::vector<double> each;
    const std::int64_t start = time.now_us();
    for (int i = 0; i < n; ++i) {
        const std::int64_t t = time.now_us();
        insert.run("move 17 9 K1C3 left 0 0 reserve 300000 300000 running white elapsed 0 budget 120000");
        each.push_back(seconds_since(time, t));
    }
    const std::string what = std::string("a row a commit, WAL + synchronous=") + level;
    report_rate(out, what.c_str(), n, seconds_since(time, start), each);
}

// The lobby's questions at 100,000 players (docs/server.md, "What a question costs"): each timed `runs`
// times on a crowd, with the SQLite steps it takes.
void bench_questions(std::ostream& out, const TimeSource& time, const fs::path& path) {
    constexpr int players = 100'000;
    const UnixTime t0 = 1'800'000'000;
    Store store = Store::open(path);
    std::int64_t start = time.now_us();
    const Crowd crowd = make_crowd(store, players, t0);
    char buf[256];
    std::snprintf(buf, sizeof buf, "a crowd of %d players and %d rated games written in %.1f s\n",
                  players + 13, players + 132, seconds_since(time, start));
    out << buf;
    const UnixTime now = t0 + 3600;
    const Variant v{4, Rules::Official};
    const auto question = [&](const char* what, const std::function<std::size_t()>& ask, int times = 20) {
        std::vector<double> each;
        std::size_t rows = 0;
        std::int64_t steps = 0, scanned = 0;
        for (int i = 0; i < times; ++i) {
            db::StepCounter counter = store.count_steps();
            const std::int64_t t = time.now_us();
            rows = ask();
            each.push_back(seconds_since(time, t));
            steps = counter.vm_steps();
            scanned = counter.full_scan_steps();
        }
        std::snprintf(buf, sizeof buf,
                      "%-58s %5zu rows: p50 %7.0f us, max %7.0f us; %8lld steps, %lld in scans\n", what, rows,
                      percentile_us(each, 50), percentile_us(each, 100), static_cast<long long>(steps),
                      static_cast<long long>(scanned));
        out << buf;
    };
    question("best: the leaderboard read again (4 variants)", [&] {
        std::size_t n = 0;
        (void)store.ratings().prune_settled(now, prune_settled_batch);
        for (int i = 0; i < 4; ++i)
            n += store.ratings()
                     .leaders(net::lobby::variant_at(i), now, net::lobby::leaders_per_variant)
                     .size();
        return n;
    });
    question("history: Marathon's first page (100,000 games)", [&] {
        return store.games().finished_games_page(crowd.marathon.id, net::lobby::page_size, 0).size();
    });
    question("history: Marathon's deepest page (100)", [&] {
        return store.games()
            .finished_games_page(crowd.marathon.id, net::lobby::page_size,
                                 (max_list_page - 1) * net::lobby::page_size)
            .size();
    });
    question("finger: Marathon's profile", [&] {
        return profile_of(store, *store.accounts().find_account("Marathon"), now, false).size();
    });
    question("ratings: the first page",
             [&] { return store.ratings().ratings_list(v, now, net::lobby::page_size, 0).size(); });
    question("ratings: the deepest page (100)", [&] {
        return store.ratings()
            .ratings_list(v, now, net::lobby::page_size, (max_list_page - 1) * net::lobby::page_size)
            .size();
    });
    question("standings: a tournament of twelve",
             [&] { return store.tournaments().tournament(crowd.tournament)->players.size(); });
}

int bench(std::ostream& out, const TimeSource& time, const fs::path& path) {
    const UnixTime t0 = 1'800'000'000;
    const std::string clock =
        "left 0 0 reserve 300000 300000 running white elapsed 1200 budget 120000 paused no flagged none";
    Store store = Store::open(path);
    out << "store benchmark in " << path.string() << " (SQLite " << sqlite3_libversion() << ", WAL)\n";
    const Account liam = *store.accounts().create_account("Liam", t0),
                  eamon = *store.accounts().create_account("Eamon", t0);
    const MatchSettings settings{{4, Rules::Official}, 2, ClockSettings::dm(120'000, 300'000, 30'000)};

    // Facts: one transaction, one commit each, as the server writes them.
    constexpr int facts = 5000;
    const GameId game =
        store.games()
            .create_game(settings, {GamePlayer{liam.id, liam.name}, GamePlayer{eamon.id, eamon.name}}, true,
                         t0)
            .id;
    std::vector<double> each;
    std::int64_t start = time.now_us();
    for (int i = 0; i < facts; ++i) {
        const std::int64_t t = time.now_us();
        store.games().append_fact(game, i, fact_format,
                                  "move " + std::to_string(i) + " " + std::to_string(i / 2 + 1) + " W3B2",
                                  clock);
        each.push_back(seconds_since(time, t));
    }
    report_rate(out, "append_fact (WAL + synchronous=NORMAL)", facts, seconds_since(time, start), each);
    bench_synchronous(out, time, path.string() + ".normal", "NORMAL", 2000);
    bench_synchronous(out, time, path.string() + ".full", "FULL", 500);

    // Rated results: create a game and finish it (two rating updates, one transaction).
    constexpr int results = 1000;
    each.clear();
    start = time.now_us();
    for (int i = 0; i < results; ++i) {
        const std::int64_t t = time.now_us();
        const GameId g =
            store.games()
                .create_game(settings, {GamePlayer{liam.id, liam.name}, GamePlayer{eamon.id, eamon.name}},
                             true, t0 + i)
                .id;
        store.games().finish_game(g,
                                  i % 3 == 0 ? GameOutcome::Draw
                                  : i % 2    ? GameOutcome::Player0
                                             : GameOutcome::Player1,
                                  "", t0 + i);
        each.push_back(seconds_since(time, t));
    }
    report_rate(out, "create_game + finish_game, rated", results, seconds_since(time, start), each);

    // Logins by machine secret.
    const std::string secret = store.accounts().add_secret(liam.id, t0);
    constexpr int logins = 2000;
    each.clear();
    start = time.now_us();
    for (int i = 0; i < logins; ++i) {
        const std::int64_t t = time.now_us();
        if (!store.accounts().check_secret(liam.id, secret, t0 + i))
            throw std::runtime_error("the secret did not match");
        each.push_back(seconds_since(time, t));
    }
    report_rate(out, "check_secret (a right one, then its commit)", logins, seconds_since(time, start), each);

    // A restart: 200 games in progress of 60 facts each, read back.
    for (int g = 0; g < 200; ++g) {
        const GameId id =
            store.games()
                .create_game(settings, {GamePlayer{liam.id, liam.name}, GamePlayer{std::nullopt, "Guest"}},
                             false, t0)
                .id;
        for (int i = 0; i < 60; ++i)
            store.games().append_fact(id, i, fact_format, "move " + std::to_string(i) + " 1 W3B2", clock);
    }
    start = time.now_us();
    const auto games = store.games().games_in_progress();
    std::size_t read = 0;
    for (const auto& g : games) read += g.facts.size();
    char buf[200];
    std::snprintf(buf, sizeof buf, "games_in_progress: %zu games, %zu facts read back in %.1f ms\n",
                  games.size(), read, seconds_since(time, start) * 1e3);
    out << buf;

    // Passwords at the standard cost.
    const PasswordCost cost = PasswordCost::standard();
    std::vector<double> hashes, checks;
    std::string hash;
    for (int i = 0; i < 5; ++i) {
        std::int64_t t = time.now_us();
        hash = hash_password("correct horse battery", cost);
        hashes.push_back(seconds_since(time, t));
        t = time.now_us();
        if (!check_password(hash, "correct horse battery", cost).ok)
            throw std::runtime_error("password check failed");
        checks.push_back(seconds_since(time, t));
    }
    std::snprintf(
        buf, sizeof buf,
        "password hash (Argon2id, %llu passes, %zu MiB): %.0f ms to hash, %.0f ms to check (medians of 5)\n",
        cost.opslimit, cost.memlimit >> 20, percentile_us(hashes, 50) / 1e3, percentile_us(checks, 50) / 1e3);
    out << buf;

    bench_questions(out, time, path.string() + ".crowd");
    return 0;
}

}  // namespace

Crowd make_crowd(Store& store, int players, UnixTime now) {
    const MatchSettings settings{{4, Rules::Official}, 1, ClockSettings::dm(120'000, 300'000, 30'000)};
    const auto rated = [&](const Account& a, const Account& b, GameOutcome outcome) {
        const GameId g =
            store.games()
                .create_game(settings, {GamePlayer{a.id, a.name}, GamePlayer{b.id, b.name}}, true, now)
                .id;
        (void)store.games().finish_game(g, outcome, "", now);
        return g;
    };
    const auto account = [&](const std::string& name) {
        const auto made = store.accounts().create_account(name, now, net::lobby::name_key(name));
        if (!made) throw std::runtime_error("make_crowd: " + name + ": " + made.why());
        return *made;
    };
    db::Transaction batch = store.transaction();
    Crowd crowd;
    crowd.marathon = account("Marathon");
    for (int i = 1; i <= players; ++i)
        crowd.last_game = rated(account("crowd-" + std::to_string(i)), crowd.marathon,
                                i % 2 ? GameOutcome::Player0 : GameOutcome::Player1);
    std::vector<Account> regulars;
    for (int i = 1; i <= 12; ++i) regulars.push_back(account("regular-" + std::to_string(i)));
    crowd.tournament = store.tournaments().create_tournament("regulars", "round-robin", regulars[0].id, now);
    for (const Account& r : regulars) (void)store.tournaments().join_tournament(crowd.tournament, r.id, now);
    for (std::size_t i = 0; i < regulars.size(); ++i)
        for (std::size_t j = i + 1; j < regulars.size(); ++j) {
            (void)rated(regulars[i], regulars[j], GameOutcome::Player0);
            crowd.last_game = rated(regulars[j], regulars[i], GameOutcome::Player0);
        }
    batch.commit();
    return crowd;
}

int run_store_bench(std::ostream& out, std::ostream& err, const TimeSource& time, const fs::path& db) {
    std::error_code ec;
    fs::path dir;
    if (db.empty()) {
        std::string pattern = (fs::temp_directory_path(ec) / "gobblet-bench-XXXXXX").string();
        if (ec || !mkdtemp(pattern.data())) {
            err << "gobblet: --bench-store: cannot make a temporary folder\n";
            return 1;
        }
        dir = pattern;
    }
    const fs::path path = db.empty() ? dir / "server.db" : db;
    // Everything the benchmark makes; it removes them afterwards, so none may exist before.
    std::vector<std::string> made;
    for (const std::string& base :
         {path.string(), path.string() + ".normal", path.string() + ".full", path.string() + ".crowd"})
        for (const char* suffix : {"", "-wal", "-shm", "-journal"}) made.push_back(base + suffix);
    for (const std::string& p : made)
        if (fs::exists(fs::symlink_status(p, ec))) {
            err << "gobblet: --bench-store: " << p
                << " exists: the benchmark writes new files and removes them, so give a path where nothing "
                   "is\n";
            return 1;
        }
    const int status = on_store(err, "--bench-store", [&] { return bench(out, time, path); });
    for (const std::string& p : made) fs::remove(p, ec);
    if (!dir.empty()) fs::remove(dir, ec);
    return status;
}

}  // namespace gobblet::server
