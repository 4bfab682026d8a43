// build/store-fixture: writes a server database for the script tests through the store's own API, so
// the scripts never depend on the schema's SQL.
//
//   build/store-fixture FILE < COMMANDS
//   build/store-fixture FILE --facts GAME    prints a game's facts, one a line (reading beside a server)
//
// Commands, one a line (names without spaces; everything happens now, by the wall clock, so that the
// ratings read back a moment later show the deviations as they were written):
//   account NAME                              registers NAME
//   rated RULES SIZE NAME0 NAME1 OUTCOME      a rated DM game between two accounts, ended with OUTCOME
//                                             player0, player1 or draw
//   user_version N                                sets the schema version by hand (to test refusals)
// Exit status 0, or 1 with a message on stderr.
#include <ctime>
#include <iostream>
#include <sstream>
#include <string>

#include "engine/clock.h"
#include "server/db.h"
#include "server/store.h"

using namespace gobblet;
using namespace gobblet::server;

int main(int argc, char** argv) {
    if (argc == 4 && std::string(argv[2]) == "--facts") {
        try {
            Store store = Store::open(argv[1], Store::Access::Read);
            const auto g = store.games().game_record(std::stoll(argv[3]));
            if (!g) return 1;
            for (const Fact& f : g->facts) std::cout << f.text << "\n";
            std::cout << (g->status == GameStatus::Over ? "% over " + g->result : std::string("% playing"))
                      << "\n";
        } catch (const std::exception& e) {
            std::cerr << "store-fixture: " << e.what() << "\n";
            return 1;
        }
        return 0;
    }
    if (argc != 2) {
        std::cerr << "usage: store-fixture FILE < COMMANDS, or store-fixture FILE --facts GAME\n";
        return 1;
    }
    const UnixTime now = std::time(nullptr);
    try {
        std::optional<int> user_version;
        {
            Store store = Store::open(argv[1]);
            std::string line;
            for (int n = 1; std::getline(std::cin, line); ++n) {
                std::istringstream in(line);
                std::string what;
                in >> what;
                if (what.empty()) continue;
                const auto fail = [&](const std::string& why) {
                    std::cerr << "store-fixture: line " << n << ": " << why << "\n";
                    return 1;
                };
                if (what == "account") {
                    std::string name;
                    in >> name;
                    if (const auto made = store.accounts().create_account(name, now); !made)
                        return fail(made.why());
                } else if (what == "rated") {
                    std::string rules, n0, n1, outcome;
                    int size = 0;
                    in >> rules >> size >> n0 >> n1 >> outcome;
                    const auto a0 = store.accounts().find_account(n0), a1 = store.accounts().find_account(n1);
                    const auto r = parse_rules(rules);
                    if (!a0 || !a1 || !r || !in) return fail("rated RULES SIZE NAME0 NAME1 OUTCOME");
                    const MatchSettings m{{size, *r}, 1, ClockSettings::dm(120'000, 300'000, 30'000)};
                    const GameId g =
                        store.games()
                            .create_game(m, {GamePlayer{a0->id, a0->name}, GamePlayer{a1->id, a1->name}},
                                         true, now)
                            .id;
                    const GameOutcome o = outcome == "player0"   ? GameOutcome::Player0
                                          : outcome == "player1" ? GameOutcome::Player1
                                                                 : GameOutcome::Draw;
                    store.games().finish_game(g, o, outcome, now);
                } else if (what == "user_version") {
                    int v = 0;
                    in >> v;
                    user_version = v;
                } else {
                    return fail("unknown command " + what);
                }
            }
        }
        if (user_version) {
            db::Database d = db::Database::open(argv[1], {false, 5000});
            d.exec("PRAGMA user_version = " + std::to_string(*user_version));
        }
    } catch (const std::exception& e) {
        std::cerr << "store-fixture: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
