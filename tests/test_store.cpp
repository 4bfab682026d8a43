// The server's store (server/store.h): every call's round trip through a real file, what survives a
// restart or a kill, the schema's versions, and the refusals.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include "engine/clock.h"
#include "engine/text.h"
#include "server/operator_commands.h"
#include "server/secrets.h"
#include "server/store.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::server;
using namespace gobblet::test;

namespace {

constexpr UnixTime day = 86400;
constexpr UnixTime t0 = 1'800'000'000;  // some day in 2027

const MatchSettings rated_dm{{4, Rules::Official}, 2, ClockSettings::dm(120'000, 300'000, 30'000)};
const MatchSettings jr_casual{{3, Rules::Rogers}, 1, ClockSettings{}};

const std::string clock_text =
    "left 0 0 reserve 300000 300000 running white elapsed 0 budget 120000 paused no flagged none";

Account make_account(Store& s, const std::string& name, UnixTime now = t0) {
    auto a = s.accounts().create_account(name, now);
    INFO(a.why());
    REQUIRE(a);
    return *a;
}

GamePlayer player(const Account& a) { return GamePlayer{a.id, a.name}; }
GamePlayer guest(const std::string& name) { return GamePlayer{std::nullopt, name}; }

// Whether `token` is player `player`'s (0 or 1) join token of the game, while it is in play: what a
// restarted server recognizes a returning player by (the store keeps only the digests).
bool check_join_token(Store& s, GameId game, int player, std::string_view token) {
    const auto digests = s.games().join_digests(game);
    const auto digest = secret_digest(token);
    return digests && digest && (player == 0 || player == 1) &&
           same_digest(*digest, (*digests)[std::size_t(player)]);
}

}  // namespace

TEST_CASE("a new database, its folder included, is created at the current schema version", "[store]") {
    TempDir dir;
    const std::string path = dir / "data/gobblet/server.db";
    {
        Store s = Store::open(path);
        CHECK(s.opened_version() == 0);
        CHECK(s.path() == path);
    }
    Store s = Store::open(path);
    CHECK(s.opened_version() == Store::schema_version);
}

TEST_CASE("a version 1 database is upgraded: its rows stay, and games may then belong to tournaments",
          "[store]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    {
        db::Database d = db::Database::open(path, {false, 5000});
        d.prepare_for_writing();
        db::migrate(d, schema_steps().first(1), 0x47625376);
        d.exec("INSERT INTO accounts (name, name_key, created) VALUES ('Liam', 'liam', 1)");
        d.exec(
            "INSERT INTO games (rules, size, clock, first_to, rated, account0, guest1, token0, token1, "
            "created) "
            "VALUES ('official', 4, 'none', 1, 0, 1, 'Eamon', zeroblob(32), zeroblob(32), 2)");
    }
    Store s = Store::open(path);
    CHECK(s.opened_version() == 1);
    const auto g = s.games().game_record(1);
    REQUIRE(g);
    CHECK(g->players[0] == GamePlayer{1, "Liam"});
    CHECK(g->players[1] == guest("Eamon"));
    CHECK_FALSE(g->tournament);
    const TournamentId t = s.tournaments().create_tournament("Spring cup", "round-robin", 1, t0);
    const NewGame tg = s.games().create_game(jr_casual, {guest("A"), guest("B")}, false, t0, t);
    CHECK(s.games().game_record(tg.id)->tournament == t);
}

TEST_CASE("a database of a newer gobblet is refused and left untouched", "[store]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    {
        Store s = Store::open(path);
        make_account(s, "Liam");
    }
    {
        db::Database d = db::Database::open(path, {false, 5000});
        d.exec("PRAGMA user_version = " + std::to_string(Store::schema_version + 1));
    }
    const std::string before = file_bytes(path);
    const std::string newer = std::to_string(Store::schema_version + 1);
    CHECK(thrown_by([&] { Store::open(path); }) ==
          path + " is schema version " + newer + "; this gobblet knows up to " +
              std::to_string(Store::schema_version) + ": use a newer gobblet");
    CHECK(thrown_by([&] { Store::open(path, Store::Access::Read); }) ==
          path + " is schema version " + newer + "; this gobblet knows up to " +
              std::to_string(Store::schema_version) + ": use a newer gobblet");
    CHECK(file_bytes(path) == before);
}

TEST_CASE("one server at a time on a database; a reader may look alongside", "[store]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    Store server = Store::open(path);
    make_account(server, "Liam");
    CHECK(thrown_by([&] { Store::open(path); }) ==
          path + " is in use by another gobblet server: stop it first, or give another --db");
    Store reader = Store::open(path, Store::Access::Read);
    CHECK(reader.accounts().find_account("liam"));
}

TEST_CASE("reading needs an existing database of this version", "[store]") {
    TempDir dir;
    CHECK(thrown_by([&] { Store::open(dir / "none.db", Store::Access::Read); }) ==
          dir / "none.db" + ": cannot open: no such file");
    std::ofstream(dir / "empty.db").close();
    CHECK(thrown_by([&] { Store::open(dir / "empty.db", Store::Access::Read); }) ==
          dir / "empty.db" + " holds no gobblet server data yet (an empty database)");
    {
        db::Database d = db::Database::open(dir / "old.db", {false, 5000});
        d.prepare_for_writing();
        db::migrate(d, schema_steps().first(1), 0x47625376);
    }
    CHECK_THAT(
        thrown_by([&] { Store::open(dir / "old.db", Store::Access::Read); }),
        Catch::Contains("is schema version 1; this gobblet reads " + std::to_string(Store::schema_version) +
                        ": start this gobblet's server on it once"));
    CHECK(thrown_by([&] { Store::open(""); }) ==
          "no database file given (and no XDG_DATA_HOME or HOME for the default)");
}

TEST_CASE("the default database lives in $XDG_DATA_HOME/gobblet", "[store]") {
    {
        EnvVar xdg("XDG_DATA_HOME", "/srv/data");
        CHECK(default_db_path() == "/srv/data/gobblet/server.db");
    }
    EnvVar xdg("XDG_DATA_HOME", nullptr);
    EnvVar home("HOME", "/home/liam");
    CHECK(default_db_path() == "/home/liam/.local/share/gobblet/server.db");
}

TEST_CASE("names are one whatever their case, Latin, Greek and Cyrillic letters included", "[store]") {
    CHECK(name_key("Liam") == "liam");
    CHECK(name_key("LIAM o'Neill") == "liam o'neill");
    CHECK(name_key("ÉMILE") == name_key("émile"));
    CHECK(name_key("Łukasz") == name_key("łukasz"));
    CHECK(name_key("ŸVES") == name_key("ÿves"));
    CHECK(name_key("ΣΩΚΡΑΤΗΣ") == name_key("σωκρατης"));
    CHECK(name_key("ς") == name_key("σ"));
    CHECK(name_key("ЁЖИК") == name_key("ёжик"));
    CHECK(name_key("×÷") == "×÷");
    CHECK(name_key("棋手") == "棋手");
    CHECK(name_key("Liam") != name_key("Liam2"));

    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam", t0);
    CHECK(liam.name == "Liam");
    CHECK(liam.created == t0);
    CHECK_FALSE(liam.has_password);
    for (const char* spelling : {"liam", "LIAM", "lIaM"}) {
        const auto found = s.accounts().find_account(spelling);
        REQUIRE(found);
        CHECK(found->id == liam.id);
        CHECK(found->name == "Liam");
    }
    CHECK_FALSE(s.accounts().find_account("Liam2"));
    CHECK(s.accounts().account(liam.id)->name == "Liam");
    CHECK_FALSE(s.accounts().account(liam.id + 100));

    const auto taken = s.accounts().create_account("LIAM", t0);
    CHECK_FALSE(taken);
    CHECK(taken.why() == "the name LIAM is taken (as Liam)");
    make_account(s, "Émile");
    const auto accented = s.accounts().create_account("émile", t0);
    CHECK_FALSE(accented);
    CHECK(accented.why() == "the name émile is taken (as Émile)");
    for (const char* unclean :
         {"", " Liam", "Li\x1b[2Jam", "Liam\n", "Liam  Og", "a name far longer than twenty-four"}) {
        const auto refused = s.accounts().create_account(unclean, t0);
        CHECK_FALSE(refused);
        CHECK(refused.why() ==
              "a name is 1 to 24 visible characters, one space at most between words, none at either end");
    }
}

TEST_CASE("a machine's secret proves its account; a wrong one, another's, or a forgotten one does not",
          "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam"), eamon = make_account(s, "Eamon");
    const std::string secret = s.accounts().add_secret(liam.id, t0);
    CHECK(secret.size() == 64);
    CHECK(secret.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(s.accounts().check_secret(liam.id, secret, t0 + 1));
    CHECK_FALSE(s.accounts().check_secret(eamon.id, secret, t0 + 1));
    std::string wrong = secret;
    wrong[10] = wrong[10] == '0' ? '1' : '0';
    CHECK_FALSE(s.accounts().check_secret(liam.id, wrong, t0 + 1));
    CHECK_FALSE(s.accounts().check_secret(liam.id, secret.substr(1), t0 + 1));
    CHECK_FALSE(s.accounts().check_secret(liam.id, "", t0 + 1));
    CHECK_FALSE(s.accounts().check_secret(liam.id, std::string(64, 'z'), t0 + 1));
    // Hex digits in upper case are the same secret.
    CHECK(s.accounts().check_secret(liam.id, upper(secret), t0 + 1));
    const std::string laptop = s.accounts().add_secret(liam.id, t0 + 2);
    CHECK(laptop != secret);
    CHECK(s.accounts().check_secret(liam.id, laptop, t0 + 3));
    CHECK(s.accounts().check_secret(liam.id, secret, t0 + 3));
    s.accounts().forget_other_machines(liam.id, "", "");  // every machine
    CHECK_FALSE(s.accounts().check_secret(liam.id, secret, t0 + 4));
    CHECK_FALSE(s.accounts().check_secret(liam.id, laptop, t0 + 4));
}

TEST_CASE(
    "an account's machines: listed with their last use and address, forgotten one by one or all but one",
    "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam"), eamon = make_account(s, "Eamon");
    const std::string desktop(64, 'd'), laptop(64, 'a'), intruder(64, 'e');
    const std::string key = "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM";
    REQUIRE(s.accounts().add_secret(liam.id, desktop, t0, "192.168.1.20"));
    REQUIRE(s.accounts().add_secret(liam.id, laptop, t0 + 10, "198.51.100.7"));
    REQUIRE(s.accounts().add_key(liam.id, key, t0 + 20, "unix"));
    REQUIRE(s.accounts().add_secret(liam.id, intruder, t0 + 30, "203.0.113.5"));
    REQUIRE(s.accounts().add_secret(eamon.id, std::string(64, 'f'), t0 + 40));
    // A login marks its machine used, from where it came (none given: the address stays).
    CHECK(s.accounts().check_secret(liam.id, desktop, t0 + 50, "192.168.1.21"));
    CHECK(s.accounts().check_secret(liam.id, laptop, t0 + 60));
    using K = Machine::Kind;
    const auto listed = s.accounts().machines(liam.id);
    REQUIRE(listed.size() == 4);
    CHECK(listed[0].kind == K::Secret);
    CHECK(listed[0].last_used == t0 + 60);
    CHECK(listed[0].address == "198.51.100.7");
    CHECK(listed[1].address == "192.168.1.21");
    CHECK(listed[1].created == t0);
    CHECK(listed[2].address == "203.0.113.5");
    CHECK(listed[3].kind == K::Key);
    CHECK(listed[3].fingerprint == key);
    CHECK(listed[3].address == "unix");
    CHECK(s.accounts().secret_id(liam.id, desktop) == listed[1].id);
    CHECK_FALSE(s.accounts().secret_id(eamon.id, desktop));
    // One forgotten: it no longer proves the name; another's machine is not Liam's to forget.
    CHECK(s.accounts().forget_machine(liam.id, K::Secret, listed[2].id));
    CHECK_FALSE(s.accounts().check_secret(liam.id, intruder, t0 + 70));
    CHECK_FALSE(s.accounts().forget_machine(liam.id, K::Secret, listed[2].id));
    CHECK_FALSE(s.accounts().forget_machine(liam.id, K::Secret, s.accounts().machines(eamon.id).at(0).id));
    // All but this machine's secret (and no key kept): the laptop and the key go, Eamon's stay.
    CHECK(s.accounts().forget_other_machines(liam.id, desktop, "") == 2);
    CHECK(s.accounts().check_secret(liam.id, desktop, t0 + 80));
    CHECK_FALSE(s.accounts().check_secret(liam.id, laptop, t0 + 80));
    CHECK_FALSE(s.accounts().check_key(liam.id, key, t0 + 80));
    CHECK(s.accounts().machines(liam.id).size() == 1);
    CHECK(s.accounts().machines(eamon.id).size() == 1);
    // Keeping a key: the secrets go.
    REQUIRE(s.accounts().add_key(liam.id, key, t0 + 90, "unix"));
    CHECK(s.accounts().forget_other_machines(liam.id, "", key) == 1);
    CHECK(s.accounts().check_key(liam.id, key, t0 + 91));
    CHECK_FALSE(s.accounts().check_secret(liam.id, desktop, t0 + 91));
}

TEST_CASE("an account keeps the 16 machines used most recently", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam");
    std::vector<std::string> secrets;
    for (int i = 0; i < max_secrets_per_account; ++i)
        secrets.push_back(s.accounts().add_secret(liam.id, t0 + i));
    // The first machine is used again: the second is now the least recently used.
    CHECK(s.accounts().check_secret(liam.id, secrets[0], t0 + 100));
    const std::string newest = s.accounts().add_secret(liam.id, t0 + 101);
    CHECK(s.accounts().check_secret(liam.id, newest, t0 + 102));
    CHECK(s.accounts().check_secret(liam.id, secrets[0], t0 + 102));
    CHECK_FALSE(s.accounts().check_secret(liam.id, secrets[1], t0 + 102));
    for (int i = 2; i < max_secrets_per_account; ++i)
        CHECK(s.accounts().check_secret(liam.id, secrets[i], t0 + 102));
}

TEST_CASE("a password hash is stored, read back, and removed", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam");
    CHECK_FALSE(s.accounts().password_hash(liam.id));
    const std::string hash = hash_password("correct horse", PasswordCost::for_tests());
    s.accounts().set_password_hash(liam.id, hash);
    CHECK(s.accounts().account(liam.id)->has_password);
    REQUIRE(s.accounts().password_hash(liam.id) == hash);
    CHECK(
        check_password(*s.accounts().password_hash(liam.id), "correct horse", PasswordCost::for_tests()).ok);
    CHECK_FALSE(
        check_password(*s.accounts().password_hash(liam.id), "wrong horse", PasswordCost::for_tests()).ok);
    s.accounts().set_password_hash(liam.id, std::nullopt);
    CHECK_FALSE(s.accounts().password_hash(liam.id));
    CHECK_FALSE(s.accounts().account(liam.id)->has_password);
    CHECK(thrown_by([&] { s.accounts().set_password_hash(liam.id, std::string_view("hunter2")); }) ==
          "set_password_hash: not a crypto_pwhash_str string");
    CHECK(thrown_by([&] { s.accounts().set_password_hash(liam.id + 9, std::string_view(hash)); }) ==
          "no account " + std::to_string(liam.id + 9));
}

TEST_CASE("a player without rated games has a newcomer's rating", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam");
    const RatingRecord r = s.ratings().rating_of(liam.id, {4, Rules::Official}, t0);
    CHECK(r.rating.rating == 1500);
    CHECK(r.rating.deviation == 350);
    CHECK(r.rating.volatility == 0.06);
    CHECK(r.games == 0);
    CHECK_FALSE(r.last_rated);
    CHECK(s.ratings().ratings_list({4, Rules::Official}, t0).empty());
    CHECK(s.ratings().rated_variants().empty());
}

TEST_CASE("a rated result moves both ratings, in the game's variant only", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam"), eamon = make_account(s, "Eamon");
    const NewGame g = s.games().create_game(rated_dm, {player(liam), player(eamon)}, true, t0);
    const auto changes =
        s.games().finish_game(g.id, GameOutcome::Player1, "Eamon wins the match 2-1", t0 + 600);
    REQUIRE(changes);
    // Two newcomers: the winner gains what the loser loses (glicko2's own test has the numbers).
    const double gain = (*changes)[1].after - 1500;
    CHECK((*changes)[0].before == 1500);
    CHECK((*changes)[1].before == 1500);
    CHECK(gain == Approx(162.21).margin(0.05));
    CHECK((*changes)[0].after == Approx(1500 - gain));

    const Variant v = rated_dm.variant;
    const RatingRecord e = s.ratings().rating_of(eamon.id, v, t0 + 600),
                       l = s.ratings().rating_of(liam.id, v, t0 + 600);
    CHECK(e.rating.rating == Approx((*changes)[1].after));
    CHECK(e.rating.deviation == Approx(290.23).margin(0.05));
    CHECK(e.games == 1);
    CHECK(e.wins == 1);
    CHECK(e.losses == 0);
    CHECK(l.losses == 1);
    CHECK(l.wins == 0);
    CHECK(e.last_rated == t0 + 600);
    // Other variants are untouched.
    CHECK(s.ratings().rating_of(eamon.id, {3, Rules::Official}, t0).games == 0);
    CHECK(s.ratings().rating_of(eamon.id, {4, Rules::Rogers}, t0).games == 0);

    const auto record = s.games().game_record(g.id);
    REQUIRE(record);
    CHECK(record->status == GameStatus::Over);
    CHECK(record->outcome == GameOutcome::Player1);
    CHECK(record->result == "Eamon wins the match 2-1");
    CHECK(record->ended == t0 + 600);
    REQUIRE(record->ratings);
    CHECK((*record->ratings)[1].after == Approx((*changes)[1].after));

    // A draw between them next: the lower-rated gains, the higher loses; counts go on.
    const NewGame g2 = s.games().create_game(rated_dm, {player(eamon), player(liam)}, true, t0 + day);
    const auto draw = s.games().finish_game(g2.id, GameOutcome::Draw, "draw agreed", t0 + day);
    REQUIRE(draw);
    CHECK((*draw)[0].after < (*draw)[0].before);  // Eamon, player 0 this time
    CHECK((*draw)[1].after > (*draw)[1].before);
    CHECK(s.ratings().rating_of(eamon.id, v, t0 + day).draws == 1);
    CHECK(s.ratings().rating_of(eamon.id, v, t0 + day).games == 2);
}

TEST_CASE("unrated games and games without a result leave ratings alone", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam"), eamon = make_account(s, "Eamon");
    const NewGame casual = s.games().create_game(rated_dm, {player(liam), player(eamon)}, false, t0);
    CHECK_FALSE(s.games().finish_game(casual.id, GameOutcome::Player0, "Liam wins", t0 + 1));
    const NewGame abandoned = s.games().create_game(rated_dm, {player(liam), player(eamon)}, true, t0);
    CHECK_FALSE(s.games().finish_game(abandoned.id, GameOutcome::Aborted, "aborted: nobody moved", t0 + 1));
    CHECK(s.ratings().rating_of(liam.id, rated_dm.variant, t0).games == 0);
    CHECK_FALSE(s.games().game_record(abandoned.id)->ratings);
    CHECK(s.games().game_record(abandoned.id)->outcome == GameOutcome::Aborted);
}

TEST_CASE("a rated game needs two different registered players; guests need clean names", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam");
    const std::string why = "create_game: a rated game needs two different registered players";
    CHECK(thrown_by([&] {
              s.games().create_game(rated_dm, {player(liam), guest("Eamon")}, true, t0);
          }) == why);
    CHECK(thrown_by([&] { s.games().create_game(rated_dm, {player(liam), player(liam)}, true, t0); }) == why);
    CHECK(thrown_by([&] {
              s.games().create_game(rated_dm, {player(liam), guest("Ea\x1bmon")}, false, t0);
          }) == "create_game: a guest's name must be clean and not empty");
    CHECK(thrown_by([&] {
              s.games().create_game(rated_dm, {player(liam), guest("")}, false, t0);
          }) == "create_game: a guest's name must be clean and not empty");
    MatchSettings odd = jr_casual;
    odd.first_to = 100;
    CHECK(thrown_by([&] {
              s.games().create_game(odd, {guest("A"), guest("B")}, false, t0);
          }) == "create_game: settings out of range");
    // An account that does not exist: the database refuses it.
    CHECK_THAT(thrown_by([&] {
                   s.games().create_game(jr_casual, {GamePlayer{liam.id + 7, "X"}, guest("B")}, false, t0);
               }),
               Catch::Contains("FOREIGN KEY constraint failed"));
    CHECK(s.games().games_in_progress().empty());
}

TEST_CASE("a game's facts come back in order after the store is reopened", "[store]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    GameId id;
    std::vector<Fact> facts;
    {
        Store s = Store::open(path);
        const Account liam = make_account(s, "Liam");
        id = s.games().create_game(rated_dm, {player(liam), guest("Eamon")}, false, t0).id;
        for (int i = 0; i < 40; ++i) {
            facts.push_back(Fact{i, "move " + std::to_string(i) + " " + std::to_string(i + 1) + " W3B2",
                                 clock_text + " " + std::to_string(i)});
            s.games().append_fact(id, i, 1, facts.back().text, facts.back().clock);
        }
        s.games().finish_game(id, GameOutcome::Player0, "Liam wins", t0 + 60);
    }
    Store s = Store::open(path);
    const auto g = s.games().game_record(id);
    REQUIRE(g);
    CHECK(g->facts == facts);
    CHECK(g->settings == rated_dm);
    CHECK(g->players[0].name == "Liam");
    CHECK(g->players[1] == guest("Eamon"));
    CHECK_FALSE(g->rated);
    CHECK(g->created == t0);
    CHECK_FALSE(s.games().game_record(id + 1));
}

TEST_CASE("a fact out of turn, for a finished game, or of several lines is refused", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const GameId id = s.games().create_game(jr_casual, {guest("A"), guest("B")}, false, t0).id;
    CHECK(thrown_by([&] { s.games().append_fact(id, 1, 1, "move 1 1 W1A1", ""); }) ==
          "append_fact: game " + std::to_string(id) + " expects fact 0, not 1");
    s.games().append_fact(id, 0, 1, "move 0 1 W1A1", "");
    CHECK(thrown_by([&] { s.games().append_fact(id, 0, 1, "move 0 1 W1A1", ""); }) ==
          "append_fact: game " + std::to_string(id) + " expects fact 1, not 0");
    CHECK(thrown_by([&] { s.games().append_fact(id, 1, 1, "move 1 2 K1B1\nmove 2 3 W1C1", ""); }) ==
          "append_fact: a fact and a clock are single lines of at most 1024 bytes");
    CHECK(thrown_by([&] { s.games().append_fact(id, 1, 1, std::string(1025, 'x'), ""); }) ==
          "append_fact: a fact and a clock are single lines of at most 1024 bytes");
    CHECK(thrown_by([&] { s.games().append_fact(id + 5, 0, 1, "x", ""); }) ==
          "append_fact: no game " + std::to_string(id + 5));
    s.games().finish_game(id, GameOutcome::Draw, "draw", t0);
    CHECK(thrown_by([&] { s.games().append_fact(id, 1, 1, "move 1 2 K1B1", ""); }) ==
          "append_fact: game " + std::to_string(id) + " is over");
    CHECK(thrown_by([&] { s.games().finish_game(id, GameOutcome::Draw, "draw", t0); }) ==
          "finish_game: game " + std::to_string(id) + " is already over");
    CHECK(s.games().game_record(id)->facts.size() == 1);
}

TEST_CASE("games in progress survive a close without finishing, and come back for the restart", "[store]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    NewGame a, b;
    {
        Store s = Store::open(path);
        const Account liam = make_account(s, "Liam"), eamon = make_account(s, "Eamon");
        a = s.games().create_game(rated_dm, {player(liam), player(eamon)}, true, t0);
        b = s.games().create_game(jr_casual, {guest("Nia"), player(liam)}, false, t0 + 5);
        const GameId done = s.games().create_game(jr_casual, {guest("X"), guest("Y")}, false, t0).id;
        s.games().finish_game(done, GameOutcome::Player0, "X wins", t0 + 9);
        s.games().append_fact(a.id, 0, 1, "move 0 1 W3B2", clock_text);
        s.games().append_fact(b.id, 0, 1, "move 0 1 W1A1", "c0");
        s.games().append_fact(a.id, 1, 1, "move 1 2 K1C3", clock_text);
        s.games().append_fact(b.id, 1, 1, "resign 1 black", "c1");
    }
    Store s = Store::open(path);
    const std::vector<GameRecord> games = s.games().games_in_progress();
    REQUIRE(games.size() == 2);
    CHECK(games[0].id == a.id);
    CHECK(games[0].rated);
    CHECK(games[0].status == GameStatus::Playing);
    CHECK_FALSE(games[0].outcome);
    CHECK(games[0].facts ==
          std::vector<Fact>{{0, "move 0 1 W3B2", clock_text}, {1, "move 1 2 K1C3", clock_text}});
    CHECK(games[1].id == b.id);
    CHECK(games[1].settings == jr_casual);
    CHECK(games[1].players[0] == guest("Nia"));
    CHECK(games[1].players[1].name == "Liam");
    CHECK(games[1].facts == std::vector<Fact>{{0, "move 0 1 W1A1", "c0"}, {1, "resign 1 black", "c1"}});
    // The join tokens still let the players back in: each its own seat only.
    CHECK(check_join_token(s, a.id, 0, a.tokens[0]));
    CHECK(check_join_token(s, a.id, 1, a.tokens[1]));
    CHECK_FALSE(check_join_token(s, a.id, 1, a.tokens[0]));
    CHECK_FALSE(check_join_token(s, b.id, 0, a.tokens[0]));
    CHECK_FALSE(check_join_token(s, a.id, 2, a.tokens[0]));
    CHECK_FALSE(check_join_token(s, a.id, 0, "not a token"));
    // The next fact continues the numbering.
    s.games().append_fact(a.id, 2, 1, "move 2 3 W2A2", clock_text);
    s.games().finish_game(a.id, GameOutcome::Player0, "Liam wins", t0 + 100);
    CHECK_FALSE(check_join_token(s, a.id, 0, a.tokens[0]));  // a finished game takes nobody back
    CHECK(s.games().games_in_progress().size() == 1);
}

TEST_CASE("a fact committed before a kill -9 is there after it", "[store]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    GameId id;
    {
        Store s = Store::open(path);
        id = s.games().create_game(jr_casual, {guest("A"), guest("B")}, false, t0).id;
    }
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // The server: records facts and dies at once, without closing anything.
        try {
            Store s = Store::open(path);
            for (int i = 0; i < 25; ++i)
                s.games().append_fact(id, i, 1, "fact " + std::to_string(i), "clock");
        } catch (...) {
            _exit(3);
        }
        raise(SIGKILL);
        _exit(4);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);
    Store s = Store::open(path);
    const auto games = s.games().games_in_progress();
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].facts.size() == 25);
    CHECK(games[0].facts[24] == Fact{24, "fact 24", "clock"});
}

TEST_CASE("a player's finished games are listed newest first, a page at a time", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account liam = make_account(s, "Liam"), eamon = make_account(s, "Eamon");
    std::vector<GameId> liams;
    for (int i = 0; i < 7; ++i) {
        const bool liam_white = i % 2 == 0;
        const GamePlayer other = i == 3 ? guest("Nia") : player(eamon);
        const GameId id =
            s.games()
                .create_game(jr_casual,
                             {liam_white ? player(liam) : other, liam_white ? other : player(liam)}, false,
                             t0 + i)
                .id;
        liams.push_back(id);
        s.games().append_fact(id, 0, 1, "move 0 1 W1A1", "");
        s.games().finish_game(id, GameOutcome::Player0, "game " + std::to_string(i), t0 + i + 1);
    }
    s.games().create_game(jr_casual, {player(liam), player(eamon)}, false, t0 + 50);  // in play: not listed
    s.games().finish_game(s.games().create_game(jr_casual, {guest("A"), guest("B")}, false, t0).id,
                          GameOutcome::Draw, "", t0);

    const auto first = s.games().finished_games_page(liam.id, 3, 0);
    REQUIRE(first.size() == 3);
    CHECK(first[0].id == liams[6]);
    CHECK(first[1].id == liams[5]);
    CHECK(first[2].id == liams[4]);
    CHECK(first[0].facts.empty());  // lists carry no facts
    CHECK(first[0].result == "game 6");
    const auto next = s.games().finished_games_page(liam.id, 3, 3);
    REQUIRE(next.size() == 3);
    CHECK(next[0].id == liams[3]);
    CHECK(next[0].players[0] == guest("Nia"));  // game 3: Liam played second
    const auto last = s.games().finished_games_page(liam.id, 3, 6);
    REQUIRE(last.size() == 1);
    CHECK(last[0].id == liams[0]);
    CHECK(s.games().finished_games_page(eamon.id, 100, 0).size() == 6);
    CHECK(s.games().finished_games_page(liam.id, 0, 0).size() == 1);  // at least one
}

TEST_CASE("the ratings list is per variant, best first", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account a = make_account(s, "Aoife"), b = make_account(s, "Brian"), c = make_account(s, "Cathal");
    const auto play = [&](const Account& p0, const Account& p1, GameOutcome o, const MatchSettings& m,
                          UnixTime at) {
        s.games().finish_game(s.games().create_game(m, {player(p0), player(p1)}, true, at).id, o, "", at);
    };
    play(a, b, GameOutcome::Player0, rated_dm, t0);
    play(a, c, GameOutcome::Player0, rated_dm, t0 + 10);
    play(c, b, GameOutcome::Draw, rated_dm, t0 + 20);
    MatchSettings jr = rated_dm;
    jr.variant = {3, Rules::Rogers};
    play(b, c, GameOutcome::Player0, jr, t0 + 30);

    const auto list = s.ratings().ratings_list(rated_dm.variant, t0 + 30);
    REQUIRE(list.size() == 3);
    CHECK(list[0].name == "Aoife");
    CHECK(list[0].record.wins == 2);
    CHECK(list[0].record.games == 2);
    CHECK(list[0].record.rating.rating > list[1].record.rating.rating);
    CHECK(list[1].record.rating.rating >= list[2].record.rating.rating);
    CHECK(list[2].record.losses + list[1].record.losses == 2);
    CHECK(s.ratings().ratings_list(rated_dm.variant, t0 + 30, 2).size() == 2);
    const auto jr_list = s.ratings().ratings_list(jr.variant, t0 + 30);
    REQUIRE(jr_list.size() == 2);
    CHECK(jr_list[0].name == "Brian");
    CHECK(s.ratings().ratings_list({3, Rules::Official}, t0).empty());
    CHECK(s.ratings().rated_variants() == std::vector<Variant>{{4, Rules::Official}, {3, Rules::Rogers}});

    // A year later the deviations have grown, the ratings have not moved.
    const auto later = s.ratings().ratings_list(rated_dm.variant, t0 + 365 * day);
    CHECK(later[0].record.rating.rating == list[0].record.rating.rating);
    CHECK(later[0].record.rating.deviation > list[0].record.rating.deviation + 10);
    CHECK(s.ratings().rating_of(a.id, rated_dm.variant, t0 + 365 * day).rating.deviation ==
          Approx(later[0].record.rating.deviation));
}

TEST_CASE("a rating after a long absence starts from a wider deviation", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account a = make_account(s, "Aoife"), b = make_account(s, "Brian");
    for (int i = 0; i < 10; ++i)
        s.games().finish_game(s.games().create_game(rated_dm, {player(a), player(b)}, true, t0 + i).id,
                              i % 2 ? GameOutcome::Player1 : GameOutcome::Player0, "", t0 + i);
    // Even results: back near 1500, fairly sure.
    const RatingRecord settled = s.ratings().rating_of(a.id, rated_dm.variant, t0 + 10);
    // The same win now, or after two years away: the second moves the rating more.
    const auto soon =
        s.games().finish_game(s.games().create_game(rated_dm, {player(a), player(b)}, true, t0 + 20).id,
                              GameOutcome::Player0, "", t0 + 20);
    REQUIRE(soon);
    const double soon_gain = (*soon)[0].after - (*soon)[0].before;
    const auto late = s.games().finish_game(
        s.games().create_game(rated_dm, {player(b), player(a)}, true, t0 + 730 * day).id,
        GameOutcome::Player1, "", t0 + 730 * day);
    REQUIRE(late);
    const double late_gain = (*late)[1].after - (*late)[1].before;
    CHECK(settled.rating.deviation < 200);
    CHECK(late_gain > 1.3 * soon_gain);
}

TEST_CASE("a tournament: players, pairings, a game that decides its pairing, a forfeit", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const Account a = make_account(s, "Aoife"), b = make_account(s, "Brian"), c = make_account(s, "Cathal");
    const TournamentId t =
        s.tournaments().create_tournament("Spring cup", "round-robin first-to 2 dm 2m 5m 30s", a.id, t0);
    CHECK(s.tournaments().join_tournament(t, a.id, t0 + 1));
    CHECK(s.tournaments().join_tournament(t, b.id, t0 + 2));
    CHECK(s.tournaments().join_tournament(t, c.id, t0 + 3));
    CHECK_FALSE(s.tournaments().join_tournament(t, b.id, t0 + 4));
    s.tournaments().set_tournament_state(t, TournamentState::Running);

    const PairingId ab = s.tournaments().add_pairing(t, 1, a.id, b.id);
    const PairingId bye = s.tournaments().add_pairing(t, 1, c.id, std::nullopt);
    const PairingId cb = s.tournaments().add_pairing(t, 2, c.id, b.id);
    const GameId game = s.games().create_game(rated_dm, {player(b), player(a)}, true, t0 + 10, t).id;
    s.tournaments().set_pairing_game(ab, game);
    s.tournaments().set_pairing_outcome(bye, PairingOutcome::A);
    // Brian (player 0 of the game, player b of the pairing) wins.
    REQUIRE(s.games().finish_game(game, GameOutcome::Player0, "Brian wins 2-0", t0 + 20));
    s.tournaments().set_pairing_outcome(cb, PairingOutcome::B);  // Cathal did not come: a forfeit
    s.tournaments().withdraw_from_tournament(t, c.id);

    const auto rec = s.tournaments().tournament(t);
    REQUIRE(rec);
    CHECK(rec->name == "Spring cup");
    CHECK(rec->terms == "round-robin first-to 2 dm 2m 5m 30s");
    CHECK(rec->state == TournamentState::Running);
    CHECK(rec->created_by == a.id);
    REQUIRE(rec->players.size() == 3);
    CHECK(rec->players[0].name == "Aoife");
    CHECK(rec->players[2].name == "Cathal");
    CHECK(rec->players[2].withdrawn);
    CHECK_FALSE(rec->players[1].withdrawn);
    REQUIRE(rec->pairings.size() == 3);
    CHECK(rec->pairings[0].id == ab);
    CHECK(rec->pairings[0].game == game);
    CHECK(rec->pairings[0].outcome == PairingOutcome::B);
    CHECK(rec->pairings[1].id == bye);
    CHECK_FALSE(rec->pairings[1].b);
    CHECK(rec->pairings[1].outcome == PairingOutcome::A);
    CHECK(rec->pairings[2].round == 2);
    CHECK(rec->pairings[2].outcome == PairingOutcome::B);
    CHECK(s.games().game_record(game)->tournament == t);

    CHECK(s.tournaments().tournaments(TournamentState::Running).size() == 1);
    CHECK(s.tournaments().tournaments(TournamentState::Open).empty());
    s.tournaments().set_tournament_state(t, TournamentState::Over);
    CHECK(s.tournaments().tournaments(TournamentState::Over)[0].id == t);
    CHECK_FALSE(s.tournaments().tournament(t + 1));

    // Only players of the tournament are paired; only its games decide its pairings.
    const Account d = make_account(s, "Dara");
    CHECK_THAT(thrown_by([&] { s.tournaments().add_pairing(t, 3, a.id, d.id); }),
               Catch::Contains("FOREIGN KEY constraint failed"));
    const GameId outside = s.games().create_game(rated_dm, {player(a), player(b)}, true, t0).id;
    CHECK(thrown_by([&] { s.tournaments().set_pairing_game(cb, outside); }) ==
          "set_pairing_game: pairing " + std::to_string(cb) + " and game " + std::to_string(outside) +
              " are not of one tournament");

    // Version 6: the organizer's choice of who starts, one for each two players, the last one standing.
    CHECK(rec->starters.empty());
    s.tournaments().set_starter(t, b.id, a.id, t0 + 30);
    s.tournaments().set_starter(t, c.id, b.id, t0 + 31);
    CHECK(s.tournaments().tournament(t)->starters == std::vector<StarterChoice>{{b.id, a.id}, {c.id, b.id}});
    s.tournaments().set_starter(t, a.id, b.id,
                                t0 + 32);  // replaces Brian's start against Aoife, and comes last
    CHECK(s.tournaments().tournament(t)->starters == std::vector<StarterChoice>{{c.id, b.id}, {a.id, b.id}});
    CHECK_THAT(thrown_by([&] { s.tournaments().set_starter(t, a.id, d.id, t0 + 33); }),
               Catch::Contains("FOREIGN KEY constraint failed"));
}

TEST_CASE("the ratings table lines up names by characters, not bytes", "[store]") {
    std::vector<RatingsRow> rows;
    const char* names[] = {"Émile",  "Bo",   "Σωκράτης", "Aoife", "Brian",
                           "Cathal", "Dara", "Eoin",     "Fionn", "Gráinne"};
    for (int i = 0; i < 10; ++i)
        rows.push_back(RatingsRow{
            i + 1, names[i],
            RatingRecord{{1900.4 - 50 * i, 60.5 + i, 0.06}, 10 + i, 7, 2, 1 + i, t0, std::nullopt}});
    const std::string table = ratings_table({3, Rules::Rogers}, rows);
    const std::string expected =
        "rogers rules, 3x3\n"
        " #  name      rating  deviation  games  won-lost-drawn\n"
        " 1  Émile       1900         61     10  7-2-1\n"
        " 2  Bo          1850         62     11  7-2-2\n"
        " 3  Σωκράτης    1800         63     12  7-2-3\n"
        " 4  Aoife       1750         64     13  7-2-4\n"
        " 5  Brian       1700         65     14  7-2-5\n"
        " 6  Cathal      1650         66     15  7-2-6\n"
        " 7  Dara        1600         67     16  7-2-7\n"
        " 8  Eoin        1550         68     17  7-2-8\n"
        " 9  Fionn       1500         69     18  7-2-9\n"
        "10  Gráinne     1450         70     19  7-2-10\n";  // deviations from 60.5 up, rounded half up
    CHECK(table == expected);
}

TEST_CASE("version 3: the lobby's names, a machine's own secret, join codes, scores and pages", "[store]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    const auto liam = s.accounts().create_account("Liam", t0, "llam");
    REQUIRE(liam);
    // The lobby's key reads look-alikes as one: "L1am" is Liam to the lobby, though not to name_key.
    const auto alike = s.accounts().create_account("L1am", t0, "llam");
    CHECK_FALSE(alike);
    CHECK(alike.why() == "the name L1am is taken (as Liam)");
    CHECK(s.accounts().find_lobby_account("llam")->name == "Liam");
    CHECK_FALSE(s.accounts().find_lobby_account("l1am"));
    const Account eamon = make_account(s, "Eamon");  // made outside the lobby: no lobby key
    CHECK_FALSE(s.accounts().find_lobby_account("eamon"));

    // The client makes its secret; the store keeps its digest.
    const std::string mine = std::string(64, 'a');
    CHECK(s.accounts().add_secret(liam->id, mine, t0));
    CHECK(s.accounts().check_secret(liam->id, mine, t0));
    CHECK_FALSE(s.accounts().add_secret(liam->id, "not hex", t0));

    // Join codes chosen by the server: only digests are kept, and a new code replaces the old.
    const NewGame g = s.games().create_game(rated_dm, {player(*liam), player(eamon)}, true, t0, std::nullopt,
                                            {"7QKM4XABCD2R3T5V", "Q2W9EX6CZ1RT4Y8H"});
    CHECK(g.tokens[0] == "7QKM4XABCD2R3T5V");
    auto digests = s.games().join_digests(g.id);
    REQUIRE(digests);
    CHECK((*digests)[0] == code_digest("7QKM4XABCD2R3T5V"));
    CHECK((*digests)[1] == code_digest("Q2W9EX6CZ1RT4Y8H"));
    s.games().set_join_code(g.id, 1, "NEWCODE0000000000000000000000000");
    CHECK(s.games().join_digests(g.id)->at(1) == code_digest("NEWCODE0000000000000000000000000"));
    CHECK(s.games().join_digests(g.id)->at(0) == code_digest("7QKM4XABCD2R3T5V"));

    // The score stays with the finished game.
    s.games().finish_game(g.id, GameOutcome::Player0, "Liam wins the match 2-1", t0 + 60, {2, 1});
    CHECK(s.games().game_record(g.id)->score == std::array<int, 2>{2, 1});
    CHECK_FALSE(s.games().join_digests(g.id));
    CHECK_THAT(thrown_by([&] { s.games().set_join_code(g.id, 0, "X"); }), Catch::Contains("no game"));

    // Pages of a player's games and of the ratings.
    for (int i = 0; i < 3; ++i) {
        const NewGame more = s.games().create_game(jr_casual, {player(*liam), guest("Zoe")}, false, t0 + i);
        s.games().finish_game(more.id, GameOutcome::Player1, "Zoe wins", t0 + 100 + i, {0, 1});
    }
    CHECK(s.games().finished_games_page(liam->id, 2, 0).size() == 2);
    const auto second = s.games().finished_games_page(liam->id, 2, 2);
    REQUIRE(second.size() == 2);
    CHECK(second.back().id == g.id);  // newest first: the rated game is the oldest
    CHECK(s.ratings().ratings_list(rated_dm.variant, t0, 1, 0).at(0).name == "Liam");
    CHECK(s.ratings().ratings_list(rated_dm.variant, t0, 1, 1).at(0).name == "Eamon");
    CHECK(s.ratings().ratings_list(rated_dm.variant, t0, 1, 2).empty());
}

TEST_CASE("a version 2 database is upgraded to 3 and keeps its accounts and games", "[store]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    {
        db::Database d = db::Database::open(path, {false, 5000});
        d.prepare_for_writing();
        db::migrate(d, schema_steps().first(2), 0x47625376);
        d.exec("INSERT INTO accounts (name, name_key, created) VALUES ('Liam', 'liam', 1)");
    }
    Store s = Store::open(path);
    CHECK(s.opened_version() == 2);
    CHECK(s.accounts().find_account("LIAM")->name == "Liam");
    CHECK_FALSE(s.accounts().find_lobby_account("llam"));
    CHECK(s.accounts().create_account("Eamon", t0, "eamon"));
}

TEST_CASE("version 5: SSH keys prove an account, sixteen at most, and a version 4 database gains them",
          "[store][ssh]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    {
        db::Database d = db::Database::open(path, {false, 5000});
        d.prepare_for_writing();
        db::migrate(d, schema_steps().first(4), 0x47625376);
        d.exec(
            "INSERT INTO accounts (name, name_key, created, lobby_key) VALUES ('Liam', 'liam', 1, 'llam')");
    }
    Store s = Store::open(path);
    CHECK(s.opened_version() == 4);
    const auto liam = s.accounts().find_lobby_account("llam");
    REQUIRE(liam);
    const auto eamon = s.accounts().create_account("Eamon", t0, "eamon");
    REQUIRE(eamon);
    const auto key = [](int i) {
        std::string k = "SHA256:" + std::string(43, 'A');
        k[7] = char('a' + i);
        return k;
    };
    CHECK(s.accounts().keys(liam->id) == 0);
    CHECK_FALSE(s.accounts().check_key(liam->id, key(0), t0));
    CHECK(s.accounts().add_key(liam->id, key(0), t0));
    CHECK(s.accounts().check_key(liam->id, key(0), t0 + 1));
    CHECK_FALSE(s.accounts().check_key(eamon->id, key(0), t0 + 1));  // Liam's key is not Eamon's
    CHECK_FALSE(s.accounts().add_key(liam->id, "SHA256:short", t0));
    CHECK_FALSE(s.accounts().add_key(liam->id, "MD5:" + std::string(46, 'a'), t0));
    CHECK(s.accounts().add_key(liam->id, key(0), t0 + 2));  // again: the same key, used now
    CHECK(s.accounts().keys(liam->id) == 1);
    // Sixteen more: the least recently used (key 0, used at t0 + 2) goes.
    for (int i = 1; i <= max_keys_per_account; ++i)
        REQUIRE(s.accounts().add_key(liam->id, key(i), t0 + 10 + i));
    CHECK(s.accounts().keys(liam->id) == max_keys_per_account);
    CHECK_FALSE(s.accounts().check_key(liam->id, key(0), t0 + 100));
    CHECK(s.accounts().check_key(liam->id, key(1), t0 + 100));
    CHECK(s.accounts().check_key(liam->id, key(max_keys_per_account), t0 + 100));
}
