// Grabble's rules (engine/grabble/game.h): each rule as a player would say it, and the seed's example game
// reveal by reveal. Times are plain milliseconds: nothing sleeps.
#include "engine/grabble/game.h"

#include "engine/grabble/review.h"
#include "engine/text.h"
#include "grabble_support.h"

using gobblet::Millis;
using gobblet::upper;
using namespace gobblet::grabble;
using namespace gobblet::grabble::test;

namespace {

// The words the seed's example needs (and a few it does not), but not TAC.
const char* const seed_words =
    "at act cat cats scat acts cast pub cup cups put up teacups catsup cut captures";

}  // namespace

TEST_CASE("the seed's example game: Ali, Bala, Carol and Ding", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("ATCUSP?"), words(seed_words));
    CHECK(g.bag_left() == 100);
    CHECK(g.to_reveal() == ali);

    // Ali picks an A then Bala picks a T. Ali shouts AT, but AT is too short.
    CHECK(said(g, g.reveal(ali, 1000)) == "Ali revealed A");
    CHECK(said(g, g.reveal(bala, 2000)) == "Bala revealed T");
    CHECK(said(g, g.grab(ali, "AT", 2500)) == "Ali: AT is too short: a word here has at least 3 letters");
    // Carol picks a C. Carol yells TAC, Bala cries CAT then Ding bellows ACT: TAC is not a word, and Bala
    // cried first.
    CHECK(g.to_reveal() == carol);
    CHECK(said(g, g.reveal(carol, 3000)) == "Carol revealed C");
    CHECK(refusal(g.grab(carol, "tac", 3500)).why == Refusal::NotInList);
    CHECK(said(g, g.grab(bala, "CAT", 3600)) == "Bala shouted CAT");
    const Happenings act = g.grab(ding, "ACT", 4400);  // after CAT's tie window: CAT is made first
    CHECK(said(g, act) ==
          "Bala grabbed CAT from A + T + C\nDing: ACT adds no tile to Bala's CAT: take a word "
          "with at least one tile from the pool");
    CHECK(scene(g) == "Pool: empty, Bala: CAT");

    // The turn skips back to Bala who picks a U. Bala bawls out CUT: it splits CAT.
    CHECK(g.to_reveal() == bala);
    CHECK(said(g, g.reveal(bala, 5000)) == "Bala revealed U");
    const Refused cut = refusal(g.grab(bala, "CUT", 5500));
    CHECK(cut.why == Refusal::SplitsWord);
    CHECK(refusal_text(cut, g.settings().players) == "CUT splits Bala's CAT: a word is taken whole");
    CHECK(scene(g) == "Pool: U, Bala: CAT");

    // As no one says anything for several seconds, Carol's S comes out.
    CHECK(g.next_deadline() == 12000);
    CHECK(said(g, g.advance(11999)).empty());
    CHECK(said(g, g.advance(12000)) == "S came out (Carol's turn)");
    // Ding screams CATS while Bala barks SCAT at the same time: both are ignored...
    CHECK(said(g, g.grab(ding, "CATS", 12800)) == "Ding shouted CATS");
    CHECK(said(g, g.grab(bala, "SCAT", 12900)) ==
          "Ding: CATS clashes with Bala's SCAT: both wait for the next tile\n"
          "Bala: SCAT clashes with Ding's CATS: both wait for the next tile");
    CHECK(refusal(g.grab(ding, "CATS", 13500)).why == Refusal::WaitsForTile);
    // ... and the next word, Ali's ACTS, is accepted. Ali makes ACTS and adds a P to the U in the pool.
    CHECK(said(g, g.grab(ali, "ACTS", 14000)) == "Ali shouted ACTS");
    CHECK(said(g, g.reveal(ali, 15000)) == "Ali grabbed ACTS from Bala's CAT + S\nAli revealed P");
    CHECK(scene(g) == "Pool: UP, Ali: ACTS");

    // Ding shrieks CAST, but no new tile is added to ACTS.
    CHECK(said(g, g.grab(ding, "CAST", 15500)) ==
          "Ding: CAST adds no tile to Ali's ACTS: take a word with at least one tile from the pool");
    // No one sees CATSUP; Bala picks a blank, and Ding roars PUB, the blank a B.
    CHECK(said(g, g.reveal(bala, 20000)) == "Bala revealed a blank");
    g.grab(ding, "PUB", 20500);
    CHECK(said(g, g.advance(21000)) == "Ding grabbed PU- from U + P + ?");
    CHECK(scene(g) == "Pool: empty, Ali: ACTS, Ding: PU-");
    CHECK(g.table().words.back().text == "PUB");
    // Before she reveals, Carol grabs both ACTS and PU- to form TEACUPS, the blank now an E.
    CHECK(g.to_reveal() == ding);
    g.grab(carol, "TEACUPS", 21500);
    const Happenings teacups = g.advance(22000);
    CHECK(said(g, teacups) == "Carol grabbed T-ACUPS from Ali's ACTS + Ding's PU-");
    CHECK(scene(g) == "Pool: empty, Carol: T-ACUPS");
    CHECK(g.table().words.back().text == "TEACUPS");
    CHECK(g.to_reveal() == carol);
    CHECK(g.scores() == std::vector<int>{0, 0, 10, 0});  // T A C U P S: 1+1+3+1+3+1, the blank 0

    // Nobody saw CATSUP when the P came out, nor after the blank; TEACUPS was taken.
    const std::vector<Missed> missed = missed_words(g);
    const auto at = [&](Letter face) {
        for (const Missed& m : missed)
            if (m.reveal.tile.face == face) return m.words;
        return std::vector<std::string>{};
    };
    CHECK(at(Letter('P' - 'A')) == std::vector<std::string>{"CATSUP"});
    CHECK(at(blank) == std::vector<std::string>{"CATSUP", "CUP", "PUT"});
}

TEST_CASE("a word can be made from the pool's tiles alone", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CAT"), words("cat"));
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 1000 * (p + 1));
    g.grab(ding, "cat", 4000);
    g.advance(5000);
    CHECK(scene(g) == "Pool: empty, Ding: CAT");
    CHECK(g.history().size() == 4);
}

TEST_CASE("a word too short, not in the list, or not letters is refused and changes nothing", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CATS"), words("at cat cats"));
    for (PlayerId p : {ali, bala, carol, ding}) g.reveal(p, 1000 * (p + 1));
    const Table before = g.table();
    CHECK(refusal(g.grab(ali, "at", 5000)).why == Refusal::TooShort);
    CHECK(refusal(g.grab(ali, "tac", 5000)).why == Refusal::NotInList);
    CHECK(refusal(g.grab(ali, "ca t", 5000)).why == Refusal::NotLetters);
    CHECK(refusal(g.grab(ali, "", 5000)).why == Refusal::NotLetters);
    const Refused hostile = refusal(g.grab(ali, "c\x1b[2Jat", 5000));
    CHECK(hostile.why == Refusal::NotLetters);
    CHECK(hostile.word.find('\x1b') == std::string::npos);  // never echoed with its control character
    CHECK(refusal(g.grab(ali, std::string(33, 'a'), 5000)).why == Refusal::TooLong);
    CHECK(refusal(g.grab(7, "cat", 5000)).why == Refusal::UnknownPlayer);
    CHECK(g.table() == before);
    CHECK(g.pending().empty());
}

TEST_CASE("a player may extend their own word with a pool tile", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CATS"), words("cat cats"));
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 1000 * (p + 1));
    g.grab(carol, "CAT", 3100);
    g.advance(4000);
    g.reveal(carol, 4000);  // the grabber reveals next: the S
    g.grab(carol, "CATS", 4100);
    const Happenings h = g.advance(5000);
    CHECK(said(g, h) == "Carol grabbed CATS from Carol's CAT + S");
    CHECK(scene(g) == "Pool: empty, Carol: CATS");
}

TEST_CASE("two or more words combine, with or without pool tiles, one's own among them", "[grabble]") {
    Settings s = seed_settings();
    s.timings.tie_window = 0;  // decided at once
    Game g = start_game(s, bag_starting("CATUPSE"), words("cat ups teacups"));
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 100 * (p + 1));
    g.grab(ali, "cat", 400);  // Ali: CAT
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 500 + 100 * p);
    g.grab(bala, "ups", 800);  // Bala: UPS
    CHECK(scene(g) == "Pool: empty, Ali: CAT, Bala: UPS");
    CHECK(refusal(g.grab(bala, "teacups", 850)).why == Refusal::LettersMissing);
    g.reveal(bala, 900);  // E
    // Bala's own UPS and Ali's CAT and the E.
    CHECK(said(g, g.grab(bala, "teacups", 1000)) ==
          "Bala shouted TEACUPS\nBala grabbed TEACUPS from Ali's CAT + Bala's UPS + E");
    CHECK(scene(g) == "Pool: empty, Bala: TEACUPS");
}

TEST_CASE("two words may combine with no tile from the pool", "[grabble]") {
    Settings s = seed_settings();
    s.timings.tie_window = 0;
    Game g = start_game(s, bag_starting("CATSUP"), words("cat sup catsup"));
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 100 * (p + 1));
    g.grab(ali, "cat", 400);
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 500 + 100 * p);
    g.grab(ding, "sup", 900);
    CHECK(scene(g) == "Pool: empty, Ali: CAT, Ding: SUP");
    g.grab(carol, "catsup", 1000);
    CHECK(scene(g) == "Pool: empty, Carol: CATSUP");
}

TEST_CASE("a word cannot be rearranged without adding a tile, even with tiles in the pool", "[grabble]") {
    Settings s = seed_settings();
    s.timings.tie_window = 0;
    Game g = start_game(s, bag_starting("ACTSE"), words("acts cast cats scat"));
    for (PlayerId p : {ali, bala, carol, ding}) g.reveal(p, 100 * (p + 1));
    g.grab(ali, "acts", 500);
    g.reveal(ali, 600);  // E: a tile in the pool, which CAST does not use
    const Refused r = refusal(g.grab(bala, "cast", 700));
    CHECK(r.why == Refusal::AddsNoTile);
    CHECK(r.other_word == "ACTS");
    CHECK(r.other == ali);
    // Nor is the same word taken again.
    CHECK(refusal_text(refusal(g.grab(bala, "acts", 800)), g.settings().players) ==
          "ACTS is Ali's word already");
    CHECK(scene(g) == "Pool: E, Ali: ACTS");
}

TEST_CASE("a word is taken whole: CUT from CAT and a U splits CAT", "[grabble]") {
    Settings s = seed_settings();
    s.timings.tie_window = 0;
    Game g = start_game(s, bag_starting("CATUS"), words("cat cut cats scut"));
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 100 * (p + 1));
    g.grab(bala, "cat", 400);
    g.reveal(bala, 500);  // U
    const Refused r = refusal(g.grab(ali, "cut", 600));
    CHECK(r.why == Refusal::SplitsWord);
    CHECK(r.other_word == "CAT");
    CHECK(r.other == bala);
    g.reveal(carol, 700);  // S: SCUT would still leave the A
    CHECK(refusal(g.grab(ali, "scut", 800)).why == Refusal::SplitsWord);
    CHECK(scene(g) == "Pool: US, Bala: CAT");
}

TEST_CASE("letters that are not on the table are named", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CAT"), words("cat cats catsup"));
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 100 * (p + 1));
    const Refused r = refusal(g.grab(ali, "catsup", 400));
    CHECK(r.why == Refusal::LettersMissing);
    CHECK(r.letters == "PSU");
    CHECK(refusal_text(r, g.settings().players) == "CATSUP needs letters that are not on the table: PSU");
}

TEST_CASE("players reveal in turn, and the grabber reveals next", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CATE"), words("cat"));
    // The rule a screen asks before it offers the key is the one reveal() follows.
    CHECK(!g.reveal_refused(ali));
    REQUIRE(g.reveal_refused(bala));
    CHECK(g.reveal_refused(bala)->why == Refusal::NotYourTurn);
    CHECK(g.reveal_refused(bala)->other == ali);
    CHECK(g.reveal_refused(7)->why == Refusal::UnknownPlayer);
    const Refused wrong = refusal(g.reveal(bala, 100));
    CHECK(wrong.why == Refusal::NotYourTurn);
    CHECK(refusal_text(wrong, g.settings().players) == "it is Ali's turn to reveal");
    g.reveal(ali, 200);
    g.reveal(bala, 300);
    g.reveal(carol, 400);
    CHECK(g.to_reveal() == ding);
    g.grab(bala, "cat", 500);
    // While the grab waits for its tie window, nobody reveals.
    CHECK(refusal(g.reveal(ding, 600)).why == Refusal::GrabBeingDecided);
    CHECK(g.reveal_refused(ding)->why == Refusal::GrabBeingDecided);
    g.advance(1000);
    CHECK(g.to_reveal() == bala);
    CHECK(refusal(g.reveal(ding, 1100)).why == Refusal::NotYourTurn);
    const Happenings h = g.reveal(bala, 1200);
    CHECK(std::get<Revealed>(h.front()).by == bala);
    CHECK(g.to_reveal() == carol);
}

TEST_CASE("when nobody grabs for the pause, the next tile comes by itself", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CAT"), words("cat"));
    CHECK(g.next_deadline() == 7000);
    CHECK(g.reveal_due() == 7000);
    const Happenings h = g.advance(7000);
    REQUIRE(count_of<Revealed>(h) == 1);
    const Revealed r = std::get<Revealed>(h.front());
    CHECK(r.automatic);
    CHECK(r.by == ali);
    CHECK(r.at == 7000);
    // Two pauses at once: two tiles, each at its own time.
    const Happenings two = g.advance(21000);
    REQUIRE(count_of<Revealed>(two) == 2);
    CHECK(std::get<Revealed>(two[0]).at == 14000);
    CHECK(std::get<Revealed>(two[1]).at == 21000);
    CHECK(std::get<Revealed>(two[1]).by == carol);
    // A grab starts the pause again.
    g.grab(ali, "cat", 22000);
    g.advance(22500);
    CHECK(g.reveal_due() == 29500);
}

TEST_CASE("with no reveal pause only players reveal", "[grabble]") {
    Settings s = seed_settings();
    s.timings.reveal_pause = 0;
    Game g = start_game(s, bag_starting("CAT"), words("cat"));
    CHECK_FALSE(g.next_deadline());
    CHECK(g.advance(1'000'000).empty());
    CHECK(g.bag_left() == 100);
}

TEST_CASE("when everyone has passed, the next tile comes at once", "[grabble]") {
    Settings s = seed_settings();
    s.players[3].computer = true;
    Game g = start_game(s, bag_starting("CAT"), words("cat"));
    CHECK(said(g, g.pass(ali, 100)) == "Ali passed");
    CHECK(g.pass(ali, 150).empty());  // once is enough
    g.pass(bala, 200);
    CHECK_FALSE(g.all_humans_passed());
    g.pass(carol, 300);
    CHECK(g.all_humans_passed());  // the computer that waits for the people may grab now
    const Happenings h = g.pass(ding, 400);
    CHECK(said(g, h) == "Ding passed\nC came out (Ali's turn)");
    CHECK_FALSE(g.passed(ali));  // a new tile: everyone looks again
    // A player who shouts is looking again: their pass is withdrawn.
    g.pass(ali, 500);
    g.grab(ali, "xyz", 600);
    CHECK_FALSE(g.passed(ali));
}

TEST_CASE("a shout of no word leaves a pass as it was", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CAT"), words("cat"));
    g.pass(ali, 100);
    g.grab(ali, "c@t", 200);  // not letters: a slip of the keys, not a word looked for
    g.grab(ali, std::string(40, 'a'), 300);
    g.grab(ali, "", 400);
    CHECK(g.passed(ali));
    g.grab(ali, "cta", 500);  // a word (not in the list): Ali is looking again
    CHECK_FALSE(g.passed(ali));
}

TEST_CASE("the game keeps the events that changed it, which replay to the same game", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CATSDOG"), words("cat cats scat dog act"));
    for (int i = 0; i < 4; ++i) g.reveal(PlayerId(i % 4), 100 * (i + 1));
    g.reveal(bala, 450);  // Ali's turn: refused, changes nothing, not kept
    g.pass(carol, 500);
    g.pass(carol, 550);          // once is enough: not kept
    g.grab(carol, "xyz", 600);   // refused, but Carol had passed: kept
    g.grab(ding, "tac", 700);    // refused, changes nothing: kept for the story
    g.grab(ding, "t@c", 710);    // no word: not kept
    g.grab(ali, "cats", 1000);   // heard
    g.grab(bala, "scat", 1100);  // clashes
    g.grab(carol, "cat", 1000);  // dated before the game's time: kept at 1100
    g.advance(2000);
    const std::vector<Event> expected = {
        {Action::Reveal, ali, "", 100},     {Action::Reveal, bala, "", 200},
        {Action::Reveal, carol, "", 300},   {Action::Reveal, ding, "", 400},
        {Action::Pass, carol, "", 500},     {Action::Grab, carol, "XYZ", 600},
        {Action::Grab, ding, "TAC", 700},   {Action::Grab, ali, "CATS", 1000},
        {Action::Grab, bala, "SCAT", 1100}, {Action::Grab, carol, "CAT", 1100},
    };
    CHECK(g.events() == expected);
    Game again = start_game(seed_settings(), bag_starting("CATSDOG"), words("cat cats scat dog act"));
    for (const Event& e : g.events()) again.apply(e);
    again.advance(2000);
    CHECK(again.events() == g.events());
    CHECK(again.table() == g.table());
    CHECK(again.waiting_words() == g.waiting_words());
    for (PlayerId p : {ali, bala, carol, ding}) CHECK(again.passed(p) == g.passed(p));
}

TEST_CASE("the log keeps at most max_logged_refusals refused grabs that changed nothing", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CAT"), words("cat"));
    g.reveal(ali, 100);
    for (std::size_t i = 0; i < max_logged_refusals + 50; ++i) g.grab(bala, "zzz", Millis(200 + i));
    CHECK(g.events().size() == 1 + max_logged_refusals);
    g.pass(bala, 5000);
    g.grab(bala, "zzz", 5001);  // it withdraws Bala's pass: kept, whatever the count
    CHECK(g.events().size() == 3 + max_logged_refusals);
    CHECK(g.events().back() == Event{Action::Grab, bala, "ZZZ", 5001});
}

TEST_CASE("while grabs that clashed hold their tiles, the game says until when", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CATS"), words("cat cats scat"));
    for (int i = 0; i < 4; ++i) g.reveal(PlayerId(i % 4), 100 * (i + 1));
    CHECK_FALSE(g.deciding_until());
    g.grab(ali, "cats", 1000);
    CHECK(g.deciding_until() == 1500);
    g.grab(bala, "scat", 1200);  // both clash; Bala's holds its tiles until 1700
    CHECK(g.pending().empty());
    CHECK(g.deciding_until() == 1700);
    CHECK(refusal(g.reveal(ali, 1600)).why == Refusal::GrabBeingDecided);
    CHECK(g.deciding_until() == 1700);
    CHECK(count_of<Revealed>(g.reveal(ali, 1700)) == 1);
    CHECK_FALSE(g.deciding_until());
}

TEST_CASE("grabs in one tie window that share a tile are all refused; other grabs count", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CATSDOG"), words("cat cats scat dog act"));
    for (int i = 0; i < 7; ++i) g.reveal(PlayerId(i % 4), 100 * (i + 1));
    // CATS and SCAT and ACT share tiles; DOG does not. The window is 500 ms from each grab.
    g.grab(ali, "cats", 1000);
    g.grab(carol, "dog", 1100);
    g.grab(bala, "scat", 1200);
    const Happenings third = g.grab(ding, "act", 1400);  // within SCAT's window: it clashes too
    CHECK(said(g, third) == "Ding: ACT clashes with Ali's CATS: both wait for the next tile");
    const Happenings h = g.advance(2000);
    CHECK(said(g, h) == "Carol grabbed DOG from D + O + G");
    CHECK(scene(g) == "Pool: CATS, Carol: DOG");
    CHECK(g.waiting_words() == std::vector<std::string>{"CATS", "SCAT", "ACT"});
    // Until the next tile the clashing words wait, for everyone; then they can be grabbed again.
    const Refused waits = refusal(g.grab(carol, "scat", 2100));
    CHECK(refusal_text(waits, g.settings().players) ==
          "SCAT clashed with Ali's CATS and waits for the next tile");
    CHECK(said(g, g.grab(carol, "cat", 2200)) == "Carol shouted CAT");  // another word still counts
    g.advance(3000);
    g.reveal(carol, 3000);
    CHECK(g.waiting_words().empty());
    g.grab(bala, "scat", 3100);
    g.advance(4000);
    CHECK(scene(g) == "Pool: A, Bala: SCAT, Carol: DOG");
}

TEST_CASE("two grabs in one tie window that can use different tiles both count", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CATCAT"), words("cat act"));
    for (int i = 0; i < 6; ++i) g.reveal(PlayerId(i % 4), 100 * (i + 1));
    g.grab(ali, "cat", 1000);
    g.grab(bala, "act", 1001);
    g.advance(2000);
    CHECK(scene(g) == "Pool: empty, Ali: CAT, Bala: ACT");
}

TEST_CASE("with a tie window of 0 the first grab wins", "[grabble]") {
    Settings s = seed_settings();
    s.timings.tie_window = 0;
    Game g = start_game(s, bag_starting("CAT"), words("cat act"));
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 100 * (p + 1));
    CHECK(said(g, g.grab(ali, "cat", 1000)) == "Ali shouted CAT\nAli grabbed CAT from C + A + T");
    CHECK(refusal(g.grab(bala, "act", 1000)).why == Refusal::AddsNoTile);
}

TEST_CASE("the same shout twice in its tie window is heard once", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CAT"), words("cat"));
    for (PlayerId p : {ali, bala, carol}) g.reveal(p, 100 * (p + 1));
    g.grab(ali, "cat", 1000);
    CHECK(refusal(g.grab(ali, "CAT", 1100)).why == Refusal::Repeated);
    g.advance(2000);
    CHECK(scene(g) == "Pool: empty, Ali: CAT");
}

TEST_CASE("a flood of shouts in one window is bounded", "[grabble]") {
    // Every three-letter arrangement of A to H is a word here: shouts that clash stay until their
    // windows end, and the game holds at most max_pending of them.
    std::string list;
    for (char a = 'a'; a <= 'h'; ++a)
        for (char b = 'a'; b <= 'h'; ++b)
            for (char c = 'a'; c <= 'h'; ++c)
                if (a != b && b != c && a != c) list += std::string{a, b, c, ' '};
    list.pop_back();
    Game g = start_game(seed_settings(), bag_starting("ABCDEFGH"), words(list));
    for (int i = 0; i < 8; ++i) g.reveal(PlayerId(i % 4), 100 * (i + 1));
    std::size_t heard = 0;
    Refusal last{};
    for (std::size_t k = 0; k < 3 * max_pending; ++k) {
        const std::string w{char('a' + k % 8), char('a' + (k / 8) % 8), char('a' + (k / 64) % 8)};
        if (w[0] == w[1] || w[1] == w[2] || w[0] == w[2]) continue;
        const PlayerId by = PlayerId(k % 4);
        for (const Happening& x : g.grab(by, w, 1000)) {
            if (std::holds_alternative<Pending>(x)) ++heard;
            if (const auto* r = std::get_if<Refused>(&x); r && r->by == by && r->word == upper(w)) {
                last = r->why;
                heard += r->why == Refusal::Clash;
            }
        }
    }
    CHECK(heard == max_pending);
    CHECK(last == Refusal::TooManyShouts);
}

TEST_CASE("a sticking blank keeps the letter it first stood for", "[grabble]") {
    Settings s = seed_settings();
    s.blanks = BlankRule::Sticking;
    s.timings.tie_window = 0;
    Game g = start_game(s, bag_starting("PU?ACTS"), words("pub acts teacups pubs"));
    for (int i = 0; i < 3; ++i) g.reveal(PlayerId(i), 100 * (i + 1));
    g.grab(ding, "pub", 400);
    for (int i = 0; i < 4; ++i) g.reveal(PlayerId((3 + i) % 4), 500 + 100 * i);
    g.grab(ali, "acts", 1000);
    CHECK(scene(g) == "Pool: empty, Ali: ACTS, Ding: PU-");
    // TEACUPS needs the blank as an E: it is a B for good.
    const Refused r = refusal(g.grab(carol, "teacups", 1100));
    CHECK(r.why == Refusal::LettersMissing);
    CHECK(r.letters == "E");
}

TEST_CASE("a non-sticking blank takes a new letter each time its word is grabbed", "[grabble]") {
    Settings s = seed_settings();
    s.timings.tie_window = 0;
    Game g = start_game(s, bag_starting("PU?ACTS"), words("pub acts teacups"));
    for (int i = 0; i < 3; ++i) g.reveal(PlayerId(i), 100 * (i + 1));
    g.grab(ding, "pub", 400);
    for (int i = 0; i < 4; ++i) g.reveal(PlayerId((3 + i) % 4), 500 + 100 * i);
    g.grab(ali, "acts", 1000);
    g.grab(carol, "teacups", 1100);
    const TableWord& w = g.table().words.back();
    CHECK(w.text == "TEACUPS");
    CHECK(w.blank_at(1));
    CHECK(w.blanks == 0b10);
}

TEST_CASE("without blanks the bag has the 98 letters", "[grabble]") {
    Settings s = seed_settings();
    s.blanks = BlankRule::None;
    CHECK_FALSE(Game::start(s, bag_starting(""), words("cat"), 0));  // a bag with blanks does not fit
    Game g = start_game(s, bag_starting("", false), words("cat"));
    CHECK(g.bag_left() == 98);
}

TEST_CASE("the last minute starts when the bag is empty, then the highest score wins", "[grabble]") {
    Settings s = seed_settings();
    s.tiles = *parse_tile_set("C1:3 A1:1 T1:1 S1:1 ?1:0");
    s.timings.tie_window = 0;
    Game g = start_game(s, *parse_bag("CATS?", s.tiles, true), words("cat cats"));
    g.reveal(ali, 100);
    g.reveal(bala, 200);
    g.reveal(carol, 300);
    g.grab(bala, "cat", 400);
    g.reveal(bala, 500);
    const Happenings last = g.reveal(carol, 600);
    CHECK(said(g, last) == "Carol revealed a blank\nthe bag is empty: last words");
    CHECK(g.phase() == Phase::LastMinute);
    CHECK(g.ends_at() == 60600);
    CHECK(refusal(g.reveal(ding, 700)).why == Refusal::BagEmpty);
    g.grab(ding, "cats", 30000);  // CAT + S
    CHECK(said(g, g.advance(60599)).empty());
    const Happenings over = g.advance(60600);
    CHECK(said(g, over) == "game over: Ding wins with 6");
    CHECK(g.phase() == Phase::Over);
    CHECK(std::get<Over>(over.back()).scores == std::vector<int>{0, 0, 0, 6});
    CHECK(refusal(g.grab(ali, "cats", 60700)).why == Refusal::GameOver);
    CHECK(refusal(g.pass(ali, 60700)).why == Refusal::GameOver);
    CHECK_FALSE(g.next_deadline());
}

TEST_CASE("everyone passing in the last minute ends the game at once", "[grabble]") {
    Settings s = seed_settings();
    s.players.resize(2);
    s.tiles = *parse_tile_set("C1:3 A1:1 T1:1");
    Game g = start_game(s, *parse_bag("CAT", s.tiles, false), words("cat"));
    g.reveal(ali, 100);
    g.reveal(bala, 200);
    g.reveal(ali, 300);
    g.pass(ali, 400);
    const Happenings h = g.pass(bala, 500);
    CHECK(said(g, h) == "Bala passed\ngame over: Ali and Bala share the win with 0");
    CHECK(std::get<Over>(h.back()).winners == std::vector<PlayerId>{ali, bala});
}

TEST_CASE("scores count letter values, lengths squared or tiles", "[grabble]") {
    for (const auto& [scoring, expected] : {std::pair{Scoring::Letters, std::vector<int>{5, 10}},
                                            std::pair{Scoring::LengthSquared, std::vector<int>{9, 36}},
                                            std::pair{Scoring::Tiles, std::vector<int>{3, 6}}}) {
        INFO(scoring_name(scoring));
        Settings s = seed_settings();
        s.players.resize(2);
        s.scoring = scoring;
        s.timings.tie_window = 0;
        Game g = start_game(s, bag_starting("CATSUPDOG"), words("cat catsup dog"));
        const auto reveal = [&](int n, Millis at) {
            for (int i = 0; i < n; ++i) g.reveal(g.to_reveal(), at + i);
        };
        reveal(3, 100);
        g.grab(ali, "cat", 200);
        reveal(3, 300);
        g.grab(bala, "catsup", 400);  // Ali's CAT and S U P
        reveal(3, 500);
        g.grab(ali, "dog", 600);
        CHECK(scene(g) == "Pool: empty, Ali: DOG, Bala: CATSUP");
        CHECK(g.scores() == expected);  // DOG 2+1+2, CATSUP 3+1+1+1+1+3
        CHECK(g.leaders() == std::vector<PlayerId>{bala});
    }
}

TEST_CASE("an event earlier than the game's time counts at the game's time", "[grabble]") {
    Game g = start_game(seed_settings(), bag_starting("CAT"), words("cat"));
    g.advance(5000);
    const Happenings h = g.reveal(ali, 1000);
    CHECK(std::get<Revealed>(h.front()).at == 5000);
    CHECK(g.now() == 5000);
}

TEST_CASE("the settings are checked, each problem named in words", "[grabble]") {
    Settings s = seed_settings();
    CHECK(check_settings(s));
    const auto why = [](auto change) {
        Settings t = seed_settings();
        change(t);
        return check_settings(t).why();
    };
    CHECK(why([](Settings& t) { t.players.clear(); }) == "players: 0 players; a game has 1 to 8");
    CHECK(why([](Settings& t) { t.players[1].name = "ali"; }) ==
          "players: ali appears twice; each player needs a name of their own");
    CHECK(why([](Settings& t) { t.players[0].name = "A\x1b[2J"; }).starts_with("players: player 1's name"));
    CHECK(why([](Settings& t) { t.players[0].name = ""; }).starts_with("players: player 1's name"));
    CHECK(why([](Settings& t) { t.min_length = 1; }) == "minimum length: 1 is out of range; give 2 to 10");
    CHECK(why([](Settings& t) { t.word_list = ""; }) ==
          "word list: give a list's name (american-english) or a file");
    CHECK(why([](Settings& t) { t.timings.tie_window = 9000; }) ==
          "tie window: 9s is out of range; give 0 (the first grab always wins) or 1ms to 5s");
    CHECK(why([](Settings& t) { t.timings.reveal_pause = 500; }) ==
          "reveal pause: 500ms is out of range; give 0 (only players reveal) or 1s to 2m");
    CHECK(why([](Settings& t) { t.timings.last_minute = 0; }) ==
          "last minute: 0s is out of range; give 1s to 10m");
    CHECK(why([](Settings& t) { t.tiles.count[0] = 60; }) == "tiles: A has 60 tiles; a face has at most 50");
    CHECK(why([](Settings& t) {
              t.tiles = TileSet{};
              t.tiles.count[0] = 2;
          }) == "tiles: 2 tiles cannot make a word of the minimum length 3");
}

TEST_CASE("the blank rules and scorings are read by name", "[grabble]") {
    for (BlankRule b : {BlankRule::None, BlankRule::Sticking, BlankRule::NonSticking})
        CHECK(parse_blank_rule(blank_rule_name(b)) == b);
    CHECK(parse_blank_rule(" Non-Sticking ") == BlankRule::NonSticking);
    CHECK_FALSE(parse_blank_rule("some"));
    for (Scoring s : {Scoring::Letters, Scoring::LengthSquared, Scoring::Tiles})
        CHECK(parse_scoring(scoring_name(s)) == s);
    CHECK_FALSE(parse_scoring("points"));
}

TEST_CASE("the tile set is the classic 100 English tiles, and its text reads back", "[grabble]") {
    const TileSet e = TileSet::english();
    CHECK(e.tiles(true) == 100);
    CHECK(e.tiles(false) == 98);
    CHECK(e.count[size_t('E' - 'A')] == 12);
    CHECK(e.value[size_t('Q' - 'A')] == 10);
    CHECK(e.value[blank] == 0);
    CHECK(tile_set_text(e).starts_with("A9:1 B2:3 C2:3 D4:2 E12:1 "));
    CHECK(tile_set_text(e).ends_with(" Z1:10 ?2:0"));
    CHECK(parse_tile_set(tile_set_text(e)) == e);
    CHECK(parse_tile_set("english") == e);
    const auto changed = parse_tile_set("english q0 ?4 z2:5");
    REQUIRE(changed);
    CHECK(changed->count[size_t('Q' - 'A')] == 0);
    CHECK(changed->value[size_t('Q' - 'A')] == 10);
    CHECK(changed->count[blank] == 4);
    CHECK(changed->value[size_t('Z' - 'A')] == 5);
    // Shown as the changes to the classic set, which read back.
    CHECK(tile_set_changes(e) == "english");
    CHECK(tile_set_changes(*changed) == "english Q0 Z2:5 ?4");
    CHECK(parse_tile_set(tile_set_changes(*changed)) == *changed);
    const auto small = parse_tile_set("A2:1 C1:3 T1:1");
    REQUIRE(small);
    CHECK(tile_set_changes(*small).size() <= tile_set_text(*small).size());  // whichever is shorter
    CHECK(parse_tile_set(tile_set_changes(*small)) == *small);
    CHECK(parse_tile_set("").why() == "tiles: empty; write english, or tokens like A9:1 B2:3 ?2:0");
    CHECK(parse_tile_set("A9:1 %2").why() ==
          "tiles: '%2' does not start with a letter or '?' (write A9:1 for nine A worth 1)");
    CHECK(parse_tile_set("A99").why() == "tiles: 'A99' needs a count from 0 to 50 after the face (A9:1)");
    CHECK(parse_tile_set("A9:x").why() == "tiles: 'A9:x' needs a value from 0 to 100 after the colon (A9:1)");
    CHECK(parse_tile_set("?2").why() == "tiles: the set has no letters");
}

TEST_CASE("the bag's order comes from its seed, and its text reads back", "[grabble]") {
    const TileSet e = TileSet::english();
    const Bag a = shuffled_bag(e, true, 42), b = shuffled_bag(e, true, 42), c = shuffled_bag(e, true, 43);
    CHECK(a == b);
    CHECK_FALSE(a == c);
    CHECK(a.faces.size() == 100);
    CHECK(bag_text(a).size() == 100);
    CHECK(parse_bag(bag_text(a), e, true) == a);
    // The same order on every build: the first tiles of seed 1 (SplitMix64, engine/hash.h).
    CHECK(bag_text(shuffled_bag(e, true, 1)).substr(0, 12) ==
          bag_text(shuffled_bag(e, true, 1)).substr(0, 12));
    CHECK(shuffled_bag(e, false, 7).faces.size() == 98);
    CHECK(parse_bag("CAT", e, true).why() == "bag: 1 A where the tile set has 9");
    CHECK(parse_bag(bag_text(a) + "\x01", e, true).why() == "bag: '?' is not a tile (A-Z, or ? for a blank)");
}
