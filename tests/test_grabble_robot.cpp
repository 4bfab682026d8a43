// Grabble's computer players (engine/grabble/robot.h): each level's reaction and vocabulary, the computers
// that wait for the people and those that do not, and whole games played by four of them. Time is plain
// milliseconds handed to the game and the robots: nothing sleeps, nothing reads a clock.
#include "engine/grabble/robot.h"

#include "engine/grabble/review.h"
#include "grabble_support.h"
#include "saves/grabble_record.h"

using gobblet::Level;
using gobblet::Millis;
using namespace gobblet::grabble;
using namespace gobblet::grabble::test;

namespace {

// A list of `all` (words apart by spaces) with the words of `common` marked common.
std::shared_ptr<const Lexicon> marked(std::string_view all, std::string_view common) {
    Lexicon lx = *words(all);
    lx.mark_common(*words(common));
    return std::make_shared<const Lexicon>(std::move(lx));
}

// Ali, Bala and Carol, people, and Robo, a computer at `level`.
Settings three_and_robo(Level level, bool waits = false) {
    Settings s = seed_settings();
    s.players = {{"Ali"}, {"Bala"}, {"Carol"}, {"Robo", true, level}};
    s.computer_waits = waits;
    return s;
}

constexpr PlayerId robo = 3;

// Reveals the next tile for whoever's turn it is.
void reveal_next(Game& g, Millis at) {
    const Happenings h = g.reveal(g.to_reveal(), at);
    REQUIRE(count_of<Revealed>(h) == 1);
}

std::string upper_word(const Lexicon& lx, Lexicon::Index i) {
    std::string w(lx.word(i));
    for (char& c : w) c = char(c - 'a' + 'A');
    return w;
}

const Level levels[] = {Level::Easy, Level::Medium, Level::Hard, Level::Max};

}  // namespace

TEST_CASE("a robot reacts to a grab after its level's reaction time; max at once", "[grabble][robot]") {
    for (Level level : levels) {
        INFO(gobblet::level_name(level));
        Game g = start_game(three_and_robo(level), bag_starting("CAT"), marked("cat act", "cat act"));
        reveal_next(g, 1000);
        reveal_next(g, 2000);
        const Robot robot(level, 11);
        // Two letters: nothing to grab; not its turn (Carol's): it passes after a look at the table.
        const auto pass = robot.plan(g, robo, 2000);
        REQUIRE(pass);
        CHECK(pass->event.action == Action::Pass);
        CHECK(pass->event.at == 2000 + robot.look(2, robo));
        reveal_next(g, 3000);
        CHECK(pass->stale(g));  // a new tile: the intent is for a table that is gone

        const auto grab = robot.plan(g, robo, 3000);
        REQUIRE(grab);
        CHECK(grab->event.action == Action::Grab);
        CHECK(grab->event.by == robo);
        CHECK((grab->event.word == "CAT" || grab->event.word == "ACT"));
        const Millis delay = grab->event.at - 3000;
        const RobotStyle& style = robot_style(level);
        CHECK(delay >= style.reaction - style.reaction_spread);
        CHECK(delay <= style.reaction + style.reaction_spread);
        CHECK(delay == robot.reaction(3, 3, g.history().size(), robo));
        if (level == Level::Max) CHECK(delay == 0);  // the best grab the moment it exists
        if (level == Level::Easy) CHECK(delay >= 3500);
        // Asked again later on the same game, it means the same: the reaction counts from the change.
        const auto again = robot.plan(g, robo, 3400);
        REQUIRE(again);
        CHECK(again->event.at == std::max<Millis>(grab->event.at, 3400));
        CHECK(again->event.word == grab->event.word);
        // The rules take it at its time.
        const Happenings h = g.apply(grab->event);
        CHECK(count_of<Pending>(h) == 1);
        CHECK(count_of<Refused>(h) == 0);
    }
}

TEST_CASE("a robot's reaction is spread by its seed, reproducibly, and grows with the word",
          "[grabble][robot]") {
    for (Level level : {Level::Easy, Level::Medium, Level::Hard}) {
        INFO(gobblet::level_name(level));
        const RobotStyle& style = robot_style(level);
        const Robot a(level, 1), b(level, 1), c(level, 2);
        std::set<Millis> seen;
        int differ = 0;
        for (std::size_t change = 0; change < 40; ++change) {
            const Millis d = a.reaction(3, 3, change, 2);
            CHECK(d == b.reaction(3, 3, change, 2));  // the same seed: the same draw
            differ += d != c.reaction(3, 3, change, 2);
            CHECK(d >= style.reaction - style.reaction_spread);
            CHECK(d <= style.reaction + style.reaction_spread);
            seen.insert(d);
            // A longer word takes longer to see, by the level's time a letter.
            CHECK(a.reaction(7, 3, change, 2) == d + 4 * style.per_letter);
        }
        CHECK(seen.size() > 20);  // spread, not one fixed delay
        CHECK(differ > 30);       // another seed, other draws
    }
    CHECK(Robot(Level::Max, 5).reaction(9, 3, 17, 1) == 0);
}

TEST_CASE("each level knows its part of the word list; easy never plays an uncommon word",
          "[grabble][robot]") {
    // ZAX (3 letters) and QUARTZ (6) are not common; CAT is.
    const auto lx = marked("cat zax quartz", "cat");
    struct Case {
        Level level;
        bool zax, quartz;
    };
    for (const Case& c : {Case{Level::Easy, false, false}, Case{Level::Medium, true, false},
                          Case{Level::Hard, true, true}, Case{Level::Max, true, true}}) {
        INFO(gobblet::level_name(c.level));
        const Robot robot(c.level, 3);
        CHECK(robot.knows(*lx, *lx->find("cat")));
        CHECK(robot.knows(*lx, *lx->find("zax")) == c.zax);
        CHECK(robot.knows(*lx, *lx->find("quartz")) == c.quartz);

        Game g = start_game(three_and_robo(c.level), bag_starting("ZAX"), lx);
        for (int i = 0; i < 3; ++i) reveal_next(g, 1000 * (i + 1));
        const auto zax = robot.plan(g, robo, 3000);
        REQUIRE(zax);
        CHECK((zax->event.action == Action::Grab) == c.zax);
        Game q = start_game(three_and_robo(c.level), bag_starting("QUARTZ"), lx);
        for (int i = 0; i < 6; ++i) reveal_next(q, 1000 * (i + 1));
        const auto quartz = robot.plan(q, robo, 6000);
        REQUIRE(quartz);
        CHECK((quartz->event.action == Action::Grab) == c.quartz);
        if (c.quartz) CHECK(quartz->event.word == "QUARTZ");
    }
}

TEST_CASE("without common words marked, the lower levels know the short words", "[grabble][robot]") {
    const auto lx = words("cat zax quartz");
    REQUIRE(lx->common_count() == 0);
    CHECK(Robot(Level::Easy).knows(*lx, *lx->find("zax")));
    CHECK_FALSE(Robot(Level::Easy).knows(*lx, *lx->find("quartz")));
    CHECK(Robot(Level::Medium).knows(*lx, *lx->find("quartz")));
    CHECK(Robot(Level::Easy).vocabulary(*lx).max_length == robot_style(Level::Easy).unmarked_max_length);
}

TEST_CASE("a robot that waits for the people does nothing until every person has passed",
          "[grabble][robot]") {
    Game g = start_game(three_and_robo(Level::Max, true), bag_starting("CAT"), marked("cat", "cat"));
    for (int i = 0; i < 3; ++i) reveal_next(g, 1000 * (i + 1));
    const Robot robot(Level::Max, 1);
    CHECK_FALSE(robot.plan(g, robo, 3000));
    g.pass(ali, 3500);
    g.pass(bala, 4000);
    CHECK_FALSE(robot.plan(g, robo, 4000));
    g.pass(carol, 4500);
    const auto grab = robot.plan(g, robo, 4500);
    REQUIRE(grab);
    CHECK(grab->event.action == Action::Grab);
    CHECK(grab->event.at == 4500);  // max: at once, once it may
    // A person who shouts is looking again: the robot waits again.
    g.grab(ali, "tac", 4600);
    CHECK_FALSE(robot.plan(g, robo, 4600));

    // The same table with computers that play at the same time: it grabs without waiting.
    Game h = start_game(three_and_robo(Level::Max, false), bag_starting("CAT"), marked("cat", "cat"));
    for (int i = 0; i < 3; ++i) reveal_next(h, 1000 * (i + 1));
    const auto now = robot.plan(h, robo, 3000);
    REQUIRE(now);
    CHECK(now->event.action == Action::Grab);
    CHECK(now->event.at == 3000);
}

TEST_CASE("robots that wait pass when the people have, and the next tile comes at once", "[grabble][robot]") {
    Settings s = three_and_robo(Level::Hard, true);
    s.players.push_back({"Tin", true, Level::Easy});
    Game g = start_game(s, bag_starting("QX"), marked("cat", "cat"));
    RobotTable table(
        g, {std::nullopt, std::nullopt, std::nullopt, Robot(Level::Hard, 1), Robot(Level::Easy, 2)});
    reveal_next(g, 1000);
    REQUIRE(table.run(1500));
    CHECK(table.acted.empty());  // the people look
    g.pass(ali, 1600);
    g.pass(bala, 1700);
    g.pass(carol, 1800);
    REQUIRE(table.run(6000));
    // Both computers passed after their look, and the X came out for Bala, whose turn it was.
    REQUIRE(table.acted.size() == 2);
    CHECK(table.acted[0].action == Action::Pass);
    CHECK(table.acted[1].action == Action::Pass);
    CHECK(g.table().pool.size() == 2);
    const auto& x = std::get<Revealed>(g.history().back().what);
    CHECK(x.automatic);
    CHECK(x.by == bala);
    CHECK(x.at == std::max(table.acted[0].at, table.acted[1].at));
    CHECK(x.at < 1800 + 7000);  // long before the reveal pause
    CHECK(table.refused.empty());
}

TEST_CASE("a robot reveals on its turn after a look, and passes in the last minute", "[grabble][robot]") {
    Settings s;
    s.players = {{"Robo", true, Level::Medium}, {"Ali"}};
    s.tiles = TileSet{};
    s.tiles.count[*letter_of('q')] = 2;
    s.tiles.count[*letter_of('x')] = 1;
    s.blanks = BlankRule::None;
    Game g = start_game(s, Bag{{*letter_of('q'), *letter_of('x'), *letter_of('q')}}, marked("cat", "cat"));
    const Robot robot(Level::Medium, 9);
    const auto first = robot.plan(g, 0, 0);
    REQUIRE(first);
    CHECK(first->event.action == Action::Reveal);
    CHECK(first->event.at == robot.look(0, 0));
    const RobotStyle& style = robot_style(Level::Medium);
    CHECK(first->event.at >= style.look - style.look_spread);
    CHECK(first->event.at <= style.look + style.look_spread);
    CHECK(count_of<Revealed>(g.apply(first->event)) == 1);
    // Ali's turn: the robot passes.
    const auto second = robot.plan(g, 0, first->event.at);
    REQUIRE(second);
    CHECK(second->event.action == Action::Pass);
    g.apply(second->event);
    CHECK_FALSE(robot.plan(g, 0, second->event.at + 1));  // passed: nothing more until the table changes
    g.reveal(1, second->event.at + 100);
    g.reveal(0, second->event.at + 200);  // the last tile: the last minute
    REQUIRE(g.phase() == Phase::LastMinute);
    const auto last = robot.plan(g, 0, second->event.at + 200);
    REQUIRE(last);
    CHECK(last->event.action == Action::Pass);  // no reveal left, nothing to grab
    g.apply(last->event);
    const Happenings end = g.pass(1, last->event.at + 10);
    CHECK(count_of<Over>(end) == 1);
    CHECK_FALSE(robot.plan(g, 0, last->event.at + 20));
}

TEST_CASE("a robot listens while a grab is heard, and waits out a clash for other words",
          "[grabble][robot]") {
    Game g =
        start_game(three_and_robo(Level::Max), bag_starting("CATSDOG"), marked("cat cats scat dog", "cat"));
    for (int i = 0; i < 7; ++i) reveal_next(g, 100 * (i + 1));
    const Robot robot(Level::Max, 1);
    g.grab(ali, "cats", 1000);  // heard: its window runs to 1500
    CHECK_FALSE(robot.plan(g, robo, 1000));
    g.grab(bala, "scat", 1100);  // clashes: both wait for the next tile, and hold their tiles until 1600
    CHECK(g.pending().empty());
    REQUIRE(g.deciding_until() == 1600);
    const auto intent = robot.plan(g, robo, 1100);
    REQUIRE(intent);
    CHECK(intent->event.action == Action::Grab);
    CHECK(intent->event.word != "CATS");
    CHECK(intent->event.word != "SCAT");
    CHECK(intent->event.at == 1600);
    const Happenings h = g.apply(intent->event);
    CHECK(count_of<Refused>(h) == 0);
    CHECK(count_of<Pending>(h) == 1);
}

namespace {

// A whole game of robots at `seats` on the Debian list, the bag and each robot's draws from `seed`; the
// game, and what the robots did.
std::pair<Game, std::vector<Event>> robots_play(const std::vector<Level>& seats, std::uint64_t seed) {
    Settings s;
    std::vector<std::optional<Robot>> robots;
    for (std::size_t p = 0; p < seats.size(); ++p) {
        s.players.push_back(
            {std::string(gobblet::level_name(seats[p])) + std::to_string(p + 1), true, seats[p]});
        robots.push_back(Robot(seats[p], seed + p));
    }
    Game g = start_game(s, shuffled_bag(s.tiles, true, seed), debian_words());
    RobotTable table(g, robots);
    REQUIRE(table.run(4 * 3600 * 1000));
    CHECK(g.phase() == Phase::Over);
    CHECK(g.bag_left() == 0);
    CHECK(table.refused.empty());  // never an action the rules refuse
    return {std::move(g), std::move(table.acted)};
}

}  // namespace

TEST_CASE("four robots play a whole game, the same game from the same seed", "[grabble][robot]") {
    const std::vector<Level> ladder = {Level::Easy, Level::Medium, Level::Hard, Level::Max};
    auto [game, acted] = robots_play(ladder, 7);
    const std::string text = gobblet::saves::grabble_record_text(game, "", 7);
    INFO(text);
    CHECK(game.leaders() == std::vector<PlayerId>{3});  // max takes what it sees the moment it exists
    CHECK(std::count_if(acted.begin(), acted.end(), [](const Event& e) { return e.action == Action::Grab; }) >
          5);
    // The same seed, the same game, event for event; another seed, another game.
    auto [again, acted_again] = robots_play(ladder, 7);
    CHECK(acted_again == acted);
    CHECK(gobblet::saves::grabble_record_text(again, "", 7) == text);
    auto [other, acted_other] = robots_play(ladder, 8);
    CHECK(acted_other != acted);
}

TEST_CASE("robots of one level play a whole game within their vocabulary", "[grabble][robot]") {
    const auto lx = debian_words();
    for (Level level : {Level::Easy, Level::Medium, Level::Hard}) {
        INFO(gobblet::level_name(level));
        auto [game, acted] = robots_play({level, level, level, level}, 11);
        std::array<int, 4> grabs{};
        int uncommon = 0;
        for (const Moment& m : game.history()) {
            const auto* a = std::get_if<Accepted>(&m.what);
            if (!a) continue;
            ++grabs[std::size_t(a->by)];
            std::string lower = a->word;
            for (char& c : lower) c = char(c - 'A' + 'a');
            const auto entry = lx->find(lower);
            REQUIRE(entry);
            CHECK(Robot(level).knows(*lx, *entry));
            uncommon += !lx->common(*entry);
            if (level == Level::Easy) CHECK(lx->common(*entry));  // easy never plays an uncommon word
            if (level == Level::Medium) CHECK((lx->common(*entry) || lower.size() <= 5));
            if (level == Level::Hard) CHECK((lx->common(*entry) || lower.size() <= 9));
        }
        INFO(gobblet::saves::grabble_record_text(game, "", 11));
        for (int n : grabs) CHECK(n > 0);  // the spread lets each of them be first at times
        if (level != Level::Easy) CHECK(uncommon > 0);
    }
}

TEST_CASE("a robot at max leaves no grab on the table", "[grabble][robot]") {
    // Max against hard on the Debian list, looked at every 2 s of the game: whenever no grab is being
    // decided, max has taken everything it could (it grabs the moment a grab exists).
    const auto lx = debian_words();
    Settings s;
    s.players = {{"A", true, Level::Max}, {"B", true, Level::Hard}};
    Game g = start_game(s, shuffled_bag(s.tiles, true, 3), lx);
    RobotTable table(g, {Robot(Level::Max, 1), Robot(Level::Hard, 2)});
    int looked = 0, grabs = 0;
    for (Millis t = 2000; g.phase() != Phase::Over && t < 3600000; t += 2000) {
        REQUIRE(table.run(t));
        if (g.phase() == Phase::Over || !g.pending().empty() || g.deciding_until()) continue;
        ++looked;
        const auto best = best_grab(g.view(0), *lx);
        const std::vector<std::string> waiting = g.waiting_words();
        if (best) CHECK(std::count(waiting.begin(), waiting.end(), upper_word(*lx, best->entry)) == 1);
    }
    for (const Event& e : table.acted) grabs += e.action == Action::Grab && e.by == 0;
    CHECK(g.phase() == Phase::Over);
    CHECK(looked > 20);
    CHECK(grabs > 5);
    CHECK(table.refused.empty());
}
