// The computer's seat across the rounds of a match: each round is a different game to it (the easy
// level's noise varies), the same seed replays the same match, a new match is new games to it, and two
// computers alike get names that tell them apart. What the table asks of a seat goes through the one Seat
// interface, whatever the seat's kind.
#include <chrono>
#include <condition_variable>

#include "engine/seat.h"
#include "support.h"

using namespace gobblet;

namespace {

// What a seat's worker wakes: a test waits on it, as the owners' loops wait on their pipes.
struct Waker {
    std::mutex mutex;
    std::condition_variable cv;
    int wakes = 0;
    Wake wake() {
        return [this] {
            std::lock_guard lock(mutex);
            ++wakes;
            cv.notify_all();
        };
    }
    // Waits up to `ms` for a wake after `seen` of them; returns the number of wakes so far.
    int wait(int seen, int ms) {
        std::unique_lock lock(mutex);
        cv.wait_for(lock, std::chrono::milliseconds(ms), [&] { return wakes > seen; });
        return wakes;
    }
};

// Asks `seat` and waits (on its waker) for its answer.
SeatAction answer_of(Waker& waker, Seat& seat, Ask what, const Match& match, int player) {
    seat.ask(what, match, player, 0);
    int seen = 0;
    for (int i = 0; i < 100000; ++i) {
        if (auto a = seat.answer()) return *a;
        seen = waker.wait(seen, 100);
    }
    FAIL("the computer never answered");
    return {};
}

// A match of two easy computer seats to two wins in which round 2 is started by round 1's starter, as
// when the loser started round 1 and chooses to start again: the positions of round 1 come back. The
// seats play it as their second match when `second` (told through the Seat interface, as the table
// tells them). Returns every round's moves.
std::vector<std::vector<Move>> rounds_played(std::uint64_t seed, bool second = false) {
    Waker waker;
    PlayerSettings s{Level::Easy, 1, seed};
    ComputerSeat seats[2] = {ComputerSeat(s, waker.wake()),
                             ComputerSeat(PlayerSettings{Level::Easy, 1, seed + 7919}, waker.wake())};
    if (second)
        for (Seat& seat : seats) seat.new_game();
    Match match(MatchSettings{Variant{}, 2, {}});
    while (match.phase() != MatchPhase::Over && match.rounds().size() <= 10) {
        switch (match.phase()) {
            case MatchPhase::Playing: {
                const int p = match.player_of(match.game().side_to_move());
                const SeatAction a = answer_of(waker, seats[p], Ask::Move, match, p);
                REQUIRE(a.kind == SeatAction::Kind::Move);
                REQUIRE(match.play(a.move, 0));
                break;
            }
            case MatchPhase::ChoosingStarter: match.choose_starter(match.rounds().front().white, 0); break;
            case MatchPhase::Replay: match.next_round(0); break;
            case MatchPhase::Over: break;
        }
    }
    std::vector<std::vector<Move>> out;
    for (const Round& r : match.rounds()) out.push_back(r.game.moves());
    return out;
}

}  // namespace

TEST_CASE("a computer seat plays each round of a match as a new game, and a seed replays the match",
          "[seat][match]") {
    const auto rounds = rounds_played(42);
    REQUIRE(rounds.size() >= 2);
    for (std::size_t i = 1; i < rounds.size(); ++i) {
        INFO("round " << i + 1 << " against round 1");
        CHECK(rounds[i] != rounds[0]);
    }
    CHECK(rounds_played(42) == rounds);  // the same seed, the same match
    CHECK(rounds_played(43) != rounds);
}

TEST_CASE("a new match is new games to a computer seat; fresh seats with the same seeds replay the first",
          "[seat][match]") {
    const auto first = rounds_played(42);
    const auto second = rounds_played(42, true);
    REQUIRE_FALSE(second.empty());
    CHECK(second[0] != first[0]);
    CHECK(rounds_played(42, true) == second);
}

TEST_CASE("only a computer seat has settings: it takes new ones through the Seat interface", "[seat]") {
    HumanSeat human;
    RemoteSeat remote;
    for (Seat* seat : {static_cast<Seat*>(&human), static_cast<Seat*>(&remote)}) {
        CHECK_FALSE(seat->settings());
        seat->set_settings(PlayerSettings{Level::Hard, 2, 5});  // ignored
        seat->new_game();                                       // nothing to forget
        CHECK_FALSE(seat->settings());
    }
    ComputerSeat computer(PlayerSettings{Level::Easy, 1, 5}, {});
    Seat& seat = computer;
    REQUIRE(seat.settings());
    CHECK(seat.settings()->level == Level::Easy);
    seat.set_settings(PlayerSettings{Level::Hard, 2, 5});
    REQUIRE(seat.settings());
    CHECK(seat.settings()->level == Level::Hard);
    CHECK(seat.settings()->think_seconds == 2);
}

TEST_CASE("a seat's game number: the round, in its n-th match", "[seat]") {
    CHECK(ComputerSeat::game_number(0, 1) == 0);  // the first round of the first match: the seed as given
    CHECK(ComputerSeat::game_number(0, 2) == 1);
    CHECK(ComputerSeat::game_number(1, 1) != ComputerSeat::game_number(0, 2));
}

TEST_CASE("a player's games follow one another from its seed, or by their number", "[seat][search]") {
    const auto game_of = [](Player& white, Player& black) {
        Game g;
        while (!g.over() && g.moves().size() < 200) {
            Player& p = g.side_to_move() == Color::White ? white : black;
            REQUIRE(g.play(p.choose(g).move));
        }
        return g.moves();
    };
    Player a(PlayerSettings{Level::Easy, 1, 5}), b(PlayerSettings{Level::Easy, 1, 6});
    const auto first = game_of(a, b);
    a.new_game();
    b.new_game();
    CHECK(a.game_number() == 1);
    const auto second = game_of(a, b);
    CHECK(second != first);
    // Fresh players with the same seeds: the same two games, in order; game 1 by its number too.
    Player c(PlayerSettings{Level::Easy, 1, 5}), d(PlayerSettings{Level::Easy, 1, 6});
    CHECK(game_of(c, d) == first);
    c.new_game(1);
    d.new_game(1);
    CHECK(game_of(c, d) == second);
}

TEST_CASE("two computers alike get numbered names; anything else keeps its name", "[seat][match]") {
    const SeatSpec easy{SeatKind::Computer, "", Level::Easy};
    const SeatSpec computer{SeatKind::Computer, "", std::nullopt};
    CHECK(seat_names({easy, easy}, Level::Medium) ==
          std::array<std::string, 2>{"computer (easy) #1", "computer (easy) #2"});
    CHECK(seat_names({computer, computer}, Level::Max) ==
          std::array<std::string, 2>{"computer (max) #1", "computer (max) #2"});
    CHECK(seat_names({easy, computer}, Level::Max) ==
          std::array<std::string, 2>{"computer (easy)", "computer (max)"});
    CHECK(seat_names({SeatSpec{}, SeatSpec{}}, Level::Max) == std::array<std::string, 2>{"White", "Black"});
    CHECK(seat_names({SeatSpec{SeatKind::Computer, "Deep", std::nullopt}, computer}, Level::Max) ==
          std::array<std::string, 2>{"Deep", "computer (max)"});
    CHECK(is_default_name("computer (easy) #2"));
    CHECK(is_default_name("White"));
    CHECK_FALSE(is_default_name("Liam"));
}
