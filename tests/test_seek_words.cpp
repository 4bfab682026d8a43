// Seeks in a player's own words and the seek list's filter by speed (issue 33, item 20): `3+2`, `3+2
// rated`, `dm`, the rest from the player's last terms (net/lobby_terms.h's parse_seek_words, the lobby's
// typed challenge, the settings file's `seek`); lichess's speeds for this game's clocks; a line entry
// whose offered text is selected, so that `/` and `p` never append to what was there.
#include <curses.h>

#include <catch2/catch.hpp>

#include "saves/settings.h"
#include "ui/controls.h"
#include "ui/lobby_view.h"

using namespace gobblet;
using namespace gobblet::ui;

namespace {

lobby::Terms terms(const char* text) {
    const auto t = lobby::parse_terms(text);
    REQUIRE(t);
    return *t;
}

// The seek a player's words make on top of `defaults`, as terms and who it is for.
std::string seek(std::string_view words, const char* defaults = "official 4 5m+2s first-to 1 casual") {
    const auto st = lobby::parse_seek_words(words, terms(defaults));
    INFO(st.why());
    REQUIRE(st);
    return lobby::seek_terms_text(st->terms, st->audience);
}

std::string refused(std::string_view words) {
    const auto st = lobby::parse_seek_words(words, terms("official 4 5m+2s first-to 1 casual"));
    CHECK_FALSE(st);
    return st.why();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("3+2 is three minutes and two seconds a move, the rest from the player's last terms",
          "[seek-words]") {
    CHECK(seek("3+2") == "official 4 3m+2s first-to 1 casual");
    CHECK(seek("3+2 rated") == "official 4 3m+2s first-to 1 rated");
    CHECK(seek("rated 3+2") == "official 4 3m+2s first-to 1 rated");
    CHECK(seek("dm") == "official 4 dm first-to 1 casual");
    CHECK(seek("dm", "rogers 3 1m+0s first-to 2 rated") == "rogers 3 dm first-to 2 rated");
    CHECK(seek("0.5+0") == "official 4 30s+0s first-to 1 casual");
    CHECK(seek("5m+2s") == "official 4 5m+2s first-to 1 casual");
    CHECK(seek("90s+1s 3x3") == "official 3 1m30s+1s first-to 1 casual");
    CHECK(seek("none casual rogers 3") == "rogers 3 none first-to 1 casual");
    CHECK(seek("first-to 3 10+5") == "official 4 10m+5s first-to 3 casual");
    CHECK(seek("dm 1m 3m 20s") == "official 4 dm 1m 3m 20s first-to 1 casual");
    // The board size after dm is a size, not the DM clock's turn.
    CHECK(seek("dm 3") == "official 3 dm first-to 1 casual");
    // Nothing said: the last terms as they are; full terms read as the protocol's reader reads them.
    CHECK(seek("") == "official 4 5m+2s first-to 1 casual");
    CHECK(seek("official 4 dm first-to 2 rated bots 1400-1800") ==
          "official 4 dm first-to 2 rated bots 1400-1800");
    CHECK(seek("Rated 3+2") == "official 4 3m+2s first-to 1 rated");
    // Who it is for is said each time: never from the last seek.
    CHECK(seek("3+2 bots 1400-1800") == "official 4 3m+2s first-to 1 casual bots 1400-1800");
}

TEST_CASE("a seek's words say what is wrong with them, and nothing is said twice", "[seek-words]") {
    CHECK(contains(refused("blitz"), "'blitz' is a speed, not a clock: say the clock, as 3+2"));
    CHECK(contains(refused("3+2 fast"), "'fast' is none of: a clock (3+2, 5m+2s, dm, none)"));
    CHECK(refused("3+2 1+0") == "the clock said twice: say it once");
    CHECK(refused("rated casual") == "rated or casual said twice: say it once");
    CHECK(refused("none rated") == "a rated match needs a clock");
    CHECK(contains(refused("3+2 first-to"), "first-to needs its number"));
    CHECK(contains(refused("first-to 12"), "first-to"));
    CHECK(contains(refused("1800-1400"), "a rating range goes from the lower rating to the higher"));
    CHECK(contains(refused("3+90"), "a Fischer increment is 0s to 1m"));
    // Bytes that are not text never come back in the reason.
    const std::string escape = refused("\x1b[2J 3+2");
    CHECK(escape.find('\x1b') == std::string::npos);
}

TEST_CASE("the speeds of this game's clocks are lichess's: the time of 40 moves", "[seek-words]") {
    const auto speed = [](const char* clock) {
        const auto c = lobby::parse_terms_clock(clock);
        REQUIRE(c);
        return std::string(lobby::speed_word(lobby::speed_of(*c)));
    };
    CHECK(speed("15s+0s") == "ultrabullet");
    CHECK(speed("1m+0s") == "bullet");
    CHECK(speed("2m+1s") == "bullet");   // 160 s
    CHECK(speed("3m+2s") == "blitz");    // 260 s
    CHECK(speed("5m+3s") == "blitz");    // 420 s
    CHECK(speed("10m+0s") == "rapid");   // 600 s
    CHECK(speed("15m+10s") == "rapid");  // 1300 s
    CHECK(speed("30m+0s") == "classical");
    CHECK(speed("dm") == "classical");  // 40 turns of 2m and 5m of reserve
    CHECK(speed("dm 10s 0s 0s") == "blitz");
    CHECK(speed("none") == "unlimited");
    CHECK(lobby::parse_speed("blitz") == lobby::Speed::Blitz);
    CHECK_FALSE(lobby::parse_speed("fast"));
}

TEST_CASE("the seek filter takes speeds: several show any of them", "[seek-words][lobby-view]") {
    const auto f = parse_seek_filter("blitz rapid casual");
    REQUIRE(f);
    CHECK(seek_filter_text(*f) == "casual blitz rapid");
    const auto seek_of = [](lobby::Id id, const char* t) {
        return lobby::SeekItem{id, "Liam", lobby::Rating{1500, 350}, "", terms(t), {}, {}};
    };
    const lobby::SeekItem blitz = seek_of(1, "official 4 3m+2s first-to 1 casual");
    const lobby::SeekItem bullet = seek_of(2, "official 4 1m+0s first-to 1 casual");
    const lobby::SeekItem rapid = seek_of(3, "rogers 3 10m+0s first-to 1 casual");
    const lobby::SeekItem dm = seek_of(4, "official 4 dm first-to 2 casual");
    const lobby::Ratings mine{};
    const auto shown = [&](const lobby::SeekItem& s) {
        return seek_shown(s, *f, "Eamon", lobby::Role::Human, mine);
    };
    CHECK(shown(blitz));
    CHECK_FALSE(shown(bullet));
    CHECK(shown(rapid));
    CHECK_FALSE(shown(dm));
    const auto classical = parse_seek_filter("classical");
    REQUIRE(classical);
    CHECK(seek_shown(dm, *classical, "Eamon", lobby::Role::Human, mine));
    CHECK(contains(parse_seek_filter("fast").why(), "a speed (bullet, blitz, rapid, classical"));
}

TEST_CASE("a typed challenge is a name and the player's own words", "[seek-words][lobby-view]") {
    const lobby::Terms mine = terms("official 4 5m+2s first-to 1 casual");
    const auto c = parse_challenge("Eamon 3+2 rated", mine);
    REQUIRE(c);
    CHECK(c->name == "Eamon");
    CHECK(lobby::terms_text(c->terms) == "official 4 3m+2s first-to 1 rated");
    // The name alone: the last terms.
    const auto plain = parse_challenge("Eamon ", mine);
    REQUIRE(plain);
    CHECK(plain->terms == mine);
    CHECK(contains(parse_challenge("Eamon 3+2 bots", mine).why(), "bots and a rating range are for seeks"));
    CHECK(contains(parse_challenge("3+2 rated", mine).why(), "say whom you challenge"));
    CHECK(contains(parse_challenge("", mine).why(), "type a name"));
}

TEST_CASE("an entry's offered text is selected: typing replaces it, never appends to it",
          "[seek-words][input]") {
    const auto entry = [] {
        LineEntry e{"Show seeks", "casual", 80, [](const std::string&) {}, {}, {}, "cancel"};
        e.selected = true;
        return e;
    };
    LineEntry typed = entry();
    for (const char c : std::string("blitz")) CHECK(edit_entry(typed, ch(c)) == EntryOutcome::Edited);
    CHECK(typed.text == "blitz");
    CHECK_FALSE(typed.selected);
    LineEntry kept = entry();
    CHECK(edit_entry(kept, ch('\n')) == EntryOutcome::Submit);
    CHECK(kept.text == "casual");
    LineEntry emptied = entry();
    edit_entry(emptied, ch(127));
    CHECK(emptied.text.empty());
    LineEntry edited = entry();
    edit_entry(edited, special(KEY_RIGHT));
    edit_entry(edited, ch(' '));
    edit_entry(edited, ch('3'));
    CHECK(edited.text == "casual 3");
    LineEntry pasted = entry();
    paste_into_entry(pasted, "rated 4");
    CHECK(pasted.text == "rated 4");
}

TEST_CASE("the settings file keeps the last seek's terms", "[seek-words][settings]") {
    const auto parsed = saves::parse_settings("seek = official 4 3m+2s first-to 1 rated\n");
    CHECK(parsed.problems.empty());
    REQUIRE(parsed.settings.seek);
    CHECK(*parsed.settings.seek == "official 4 3m+2s first-to 1 rated");
    const auto bad = saves::parse_settings("seek = official\x01 4\n");
    CHECK_FALSE(bad.settings.seek);
    REQUIRE(bad.problems.size() == 1);
    CHECK(contains(bad.problems[0].why, "not a seek's terms"));
    CHECK(saves::set_setting("bell = off\n", "seek", "rogers 3 dm first-to 2 casual") ==
          "bell = off\nseek = rogers 3 dm first-to 2 casual\n");
}
