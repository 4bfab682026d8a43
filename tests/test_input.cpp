// The input assembler: keys pass through in order, even when they arrive together; pastes (bracketed,
// or bursts larger than any typing) become one event; everything bounded. Times are plain numbers. Then
// the key table against the docs, and a screen's key rows (when a key works, the footer, the help).
#include "ui/input.h"

#include <curses.h>

#include "engine/text.h"
#include "saves/record.h"
#include "support.h"
#include "ui/controls.h"
#include "ui/key_rows.h"
#include "ui/text.h"

using namespace gobblet;
using namespace gobblet::ui;

namespace {
std::vector<Key> text_keys(const std::string& s) {
    std::vector<Key> out;
    for (unsigned char c : s) out.push_back(ch(c));
    return out;
}
std::vector<InputEvent> feed(InputAssembler& in, std::vector<Key> batch, Millis now) {
    std::vector<InputEvent> out;
    in.feed(batch, now, out);
    return out;
}
const Key begin_marker = special(KEY_MAX + 1), end_marker = special(KEY_MAX + 2);
}  // namespace

TEST_CASE("typed keys pass through one by one", "[input]") {
    InputAssembler in;
    const auto events = feed(in, text_keys("W3B2\n"), 0);
    REQUIRE(events.size() == 5);
    CHECK(events[0].kind == InputEvent::Kind::Key);
    CHECK(events[0].key == ch('W'));
    CHECK(events[4].key == ch('\n'));
    CHECK_FALSE(in.collecting());
}

TEST_CASE("a bracketed paste is one event with its text", "[input]") {
    InputAssembler in;
    std::vector<Key> batch = {begin_marker};
    for (Key k : text_keys("W3B2\rK1C3\r")) batch.push_back(k);
    batch.push_back(end_marker);
    batch.push_back(ch('q'));
    const auto events = feed(in, batch, 0);
    REQUIRE(events.size() == 2);
    CHECK(events[0].kind == InputEvent::Kind::Paste);
    CHECK(events[0].bracketed);
    CHECK(events[0].text == "W3B2\nK1C3\n");
    CHECK(events[1].key == ch('q'));  // what follows the paste is a key again
}

TEST_CASE("a bracketed paste split over several reads is still one paste", "[input]") {
    InputAssembler in;
    CHECK(feed(in, {begin_marker, ch('W'), ch('3')}, 0).empty());
    CHECK(in.collecting());
    CHECK(feed(in, text_keys("B2"), 10).empty());
    const auto events = feed(in, {end_marker}, 20);
    REQUIRE(events.size() == 1);
    CHECK(events[0].text == "W3B2");
}

TEST_CASE("a bracketed paste whose end never comes ends after a quiet spell", "[input]") {
    InputAssembler in;
    feed(in, {begin_marker, ch('W')}, 0);
    std::vector<InputEvent> out;
    in.idle(bracketed_timeout_ms - 1, out);
    CHECK(out.empty());
    CHECK(in.until_due(bracketed_timeout_ms - 1) == 1);
    in.idle(bracketed_timeout_ms, out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].text == "W");
}

TEST_CASE("keys typed ahead that arrive at once act as typed keys, in order", "[input]") {
    // Two moves and a save, read in one batch (type-ahead over a slow link, or a busy machine): twelve
    // key events, in the order typed, and nothing held back as a paste.
    InputAssembler in;
    const std::string typed = "W3B2\rK1C3\rs";
    const auto events = feed(in, text_keys(typed), 0);
    REQUIRE(events.size() == typed.size());
    for (std::size_t i = 0; i < typed.size(); ++i) {
        INFO("key " << i);
        CHECK(events[i].kind == InputEvent::Kind::Key);
        CHECK(events[i].key == ch(static_cast<unsigned char>(typed[i])));
    }
    CHECK_FALSE(in.collecting());
    CHECK(in.until_due(0) == -1);
}

TEST_CASE("as many characters at once as typing can account for are still keys", "[input]") {
    InputAssembler in;
    std::vector<Key> batch = text_keys(std::string(burst_threshold, 'x'));
    batch.push_back(special(KEY_LEFT));  // special keys are not characters: they do not count
    const auto events = feed(in, batch, 0);
    CHECK(events.size() == burst_threshold + 1);
    CHECK_FALSE(in.collecting());
}

TEST_CASE("more characters at once than typing can account for are a paste the terminal did not bracket",
          "[input]") {
    InputAssembler in;
    std::string lines;
    while (lines.size() <= burst_threshold) lines += "W3B2\nK1C3\n";
    CHECK(feed(in, text_keys(lines), 0).empty());
    CHECK(in.collecting());
    CHECK(feed(in, text_keys("K1D4\n"), 30).empty());  // more of it, a moment later
    std::vector<InputEvent> out;
    in.idle(30 + paste_quiet_ms - 1, out);
    CHECK(out.empty());
    in.idle(30 + paste_quiet_ms, out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].kind == InputEvent::Kind::Paste);
    CHECK_FALSE(out[0].bracketed);
    CHECK(out[0].text == lines + "K1D4\n");
}

TEST_CASE("a bracketed paste is a paste however short", "[input]") {
    InputAssembler in;
    const auto events = feed(in, {begin_marker, ch('k'), end_marker}, 0);
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == InputEvent::Kind::Paste);
    CHECK(events[0].text == "k");  // never the cursor's "up"
}

TEST_CASE("a long run of one key at once is a paste, never a run of commands", "[input]") {
    InputAssembler in;
    CHECK(feed(in, std::vector<Key>(60000, ch('k')), 0).empty());
    std::vector<InputEvent> out;
    in.idle(paste_quiet_ms, out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].text == std::string(60000, 'k'));
}

TEST_CASE("a paste larger than the limit is drained and refused as a whole, in bounded memory", "[input]") {
    InputAssembler in;
    feed(in, {begin_marker}, 0);
    const std::vector<Key> chunk(64 * 1024, ch('x'));
    for (int i = 0; i < 16; ++i) feed(in, chunk, i);  // 1 MiB
    const auto events = feed(in, {end_marker}, 20);
    REQUIRE(events.size() == 1);
    CHECK(events[0].too_big);
    CHECK(events[0].text.empty());
}

TEST_CASE("a paste holding control codes or invalid characters is not text", "[input]") {
    InputAssembler in;
    auto events = feed(in, {begin_marker, ch('W'), ch(27), ch('['), ch('2'), ch('J'), end_marker}, 0);
    REQUIRE(events.size() == 1);
    CHECK(events[0].not_text);
    events = feed(in, {begin_marker, ch('W'), ch(0xDC80), end_marker}, 0);  // a lone surrogate
    REQUIRE(events.size() == 1);
    CHECK(events[0].not_text);
    events = feed(in, {begin_marker, ch('W'), ch(0x2192), ch('B'), end_marker}, 0);  // an arrow is text
    REQUIRE(events.size() == 1);
    CHECK_FALSE(events[0].not_text);
    CHECK(events[0].text == "W\u2192B");
}

TEST_CASE("the man page lists every key of the key table", "[input][keys]") {
    const std::string page = gobblet::test::read_text("docs/gobblet.6");
    for (const KeyBinding& b : key_table()) {
        if (!b.help || !*b.help) continue;
        INFO(b.keys_text);
        CHECK(page.find(std::string(".B ") + b.keys_text + "\n") != std::string::npos);
    }
}

// The manual's key tables (docs/manual.md): the game's under "Playing", the puzzles', the tutorial's and
// Grabble's in their own sections, each a row "| `KEYS` | ..." for every binding the help lists on that
// screen.
TEST_CASE("docs/manual.md lists every key of the key table, in its screen's table", "[input][keys][docs]") {
    const std::string manual = gobblet::test::read_text("docs/manual.md");
    const auto section = [&](const std::string& from, const std::string& to) {
        const std::size_t a = manual.find(from);
        REQUIRE(a != std::string::npos);
        const std::size_t b = manual.find(to, a);
        REQUIRE(b != std::string::npos);
        return manual.substr(a, b - a);
    };
    const std::string game = section("**Keys.**", "**Questions and lists.**");
    const std::string puzzles = section("\n## Puzzles\n", "\n## Tutorial\n");
    const std::string tutorial = section("\n## Tutorial\n", "\n## Grabble\n");
    const std::string grabble = section("\n## Grabble\n", "\n## Save files\n");
    int rows = 0;
    for (const KeyBinding& b : key_table()) {
        if (!b.help || !*b.help) continue;
        const std::string row = std::string("| `") + b.keys_text + "` |";
        INFO(b.keys_text << " on screens " << b.screens);
        if (b.screens & screen_game) CHECK(game.find(row) != std::string::npos);
        if (b.screens == screen_puzzles) CHECK(puzzles.find(row) != std::string::npos);
        if (b.screens == screen_tutorial) CHECK(tutorial.find(row) != std::string::npos);
        if (b.screens & screen_grabbles) CHECK(grabble.find(row) != std::string::npos);
        ++rows;
    }
    CHECK(rows > 30);  // the table was read
}

TEST_CASE("no key is bound twice in one mode on one screen", "[input][keys]") {
    for (Mode mode : {Mode::typing, Mode::cursor})
        for (std::size_t i = 0; i < key_table().size(); ++i)
            for (std::size_t j = i + 1; j < key_table().size(); ++j) {
                const KeyBinding &a = key_table()[i], &b = key_table()[j];
                if (!(a.modes & b.modes & mode) || !(a.screens & b.screens) || a.action == Action::None ||
                    b.action == Action::None)
                    continue;
                for (const Key& k : a.keys)
                    for (const Key& l : b.keys) {
                        INFO(a.keys_text << " and " << b.keys_text);
                        CHECK_FALSE(k == l);
                    }
            }
}

TEST_CASE("no command key can begin a typed move", "[input][keys]") {
    for (const KeyBinding& b : key_table()) {
        // c claims a round only while a claim stands, on the absent player's turn, when no move of one's
        // own can be typed; otherwise it begins a move (ui/game_keys.cpp).
        if (!(b.modes & Mode::typing) || b.action == Action::None || b.action == Action::Claim) continue;
        if (!(b.screens & screen_all)) continue;  // the lobby has no board: nothing is typed there as a move
        for (const Key& k : b.keys) {
            if (k.special) continue;
            INFO(b.keys_text);
            CHECK(std::string("abcdwkxyzABCDWKXYZ0123456789").find(char(k.code)) == std::string::npos);
        }
    }
}

TEST_CASE("the puzzles and the tutorial have keys of their own, and the game's stay in the game",
          "[input][keys]") {
    CHECK(action_for(ch('q'), Mode::typing) == Action::Quit);
    CHECK(action_for(ch('q'), Mode::typing, screen_puzzles) == Action::Leave);
    CHECK(action_for(ch('q'), Mode::cursor, screen_tutorial) == Action::Leave);
    CHECK(action_for(ch('n'), Mode::typing) == Action::NewGame);
    CHECK(action_for(ch('n'), Mode::typing, screen_puzzles) == Action::Next);
    CHECK(action_for(ch('n'), Mode::typing, screen_tutorial) == Action::Next);
    CHECK(action_for(ch('r'), Mode::typing, screen_puzzles) == Action::Retry);
    CHECK(action_for(ch('s'), Mode::typing, screen_puzzles) == Action::Solution);
    CHECK(action_for(ch('g'), Mode::typing, screen_puzzles) == Action::GotoPuzzle);
    CHECK(action_for(ch('P'), Mode::typing) == Action::Puzzles);
    CHECK(action_for(ch('T'), Mode::typing) == Action::Tutorial);
    for (ScreenKind screen : {screen_puzzles, screen_tutorial}) {
        for (char game_key : {'u', '[', '!', 'P', 'T', 'm', 'o', 'R', '='})
            CHECK(action_for(ch(game_key), Mode::typing, screen) == Action::None);
        CHECK(action_for(ch('?'), Mode::typing, screen) == Action::Help);
        CHECK(action_for(ch(27), Mode::typing, screen) == Action::Cancel);
        CHECK(action_for(ch('h'), Mode::cursor, screen) == Action::CursorLeft);
        CHECK(action_for(ch(' '), Mode::cursor, screen) == Action::Pick);
    }
    const auto all = [](Action) { return true; };
    const auto puzzles = footer_lines(Mode::typing, 79, 2, all, screen_puzzles);
    REQUIRE(puzzles.size() == 1);
    CHECK(puzzles[0] == "? help  Enter play  arrows cursor  n next  r retry  s solution  q leave");
    const auto tutorial = footer_lines(Mode::typing, 79, 2, all, screen_tutorial);
    REQUIRE(tutorial.size() == 1);
    CHECK(tutorial[0] == "? help  Enter play  arrows cursor  n next step  Esc q skip");
}

namespace {

// An owner of key rows as a screen is: a state its rows read and change.
struct Board {
    bool undo_possible = false;
    int undone = 0;
    int helped = 0;
};

const KeyRows<Board>& board_rows(std::string absent = "") {
    static const KeyRows<Board> rows(screen_local,
                                     {
                                         {Action::Help, nullptr, [](Board& b) { ++b.helped; }},
                                         {Action::Back,
                                          [](const Board& b) -> Expected<void> {
                                              if (!b.undo_possible) return Failure{"nothing to take back"};
                                              return {};
                                          },
                                          [](Board& b) { ++b.undone; }},
                                     },
                                     std::move(absent));
    return rows;
}

}  // namespace

TEST_CASE("a key row says when it works: the footer offers it then, and pressed otherwise it says why",
          "[input][keys]") {
    Board board;
    const KeyRows<Board>& rows = board_rows("not on this board");
    CHECK(rows.action(ch('u'), Mode::typing) == Action::Back);
    // Not working: absent from the footer (which the key table alone would offer), and pressed it runs
    // nothing and says why.
    CHECK(footer_lines(Mode::typing, 200, 2, [](Action) { return true; })[0].find("< u undo") !=
          std::string::npos);
    CHECK(rows.footer(board, Mode::typing, 200, 2)[0].find("< u undo") == std::string::npos);
    CHECK(rows.footer(board, Mode::typing, 200, 2)[0].find("? help") != std::string::npos);
    const Expected<void> refused = rows.press(board, Action::Back);
    CHECK(refused.why() == "nothing to take back");
    CHECK(board.undone == 0);
    // Working: offered, and pressed it runs.
    board.undo_possible = true;
    CHECK(rows.footer(board, Mode::typing, 200, 2)[0].find("< u undo") != std::string::npos);
    CHECK(rows.press(board, Action::Back));
    CHECK(board.undone == 1);
    CHECK(rows.press(board, Action::Help));
    CHECK(board.helped == 1);
    // A key of the screen without a row here: never offered, never listed in the help, and it says the
    // rows' sentence.
    CHECK(rows.footer(board, Mode::typing, 200, 2)[0].find("= draw") == std::string::npos);
    CHECK(rows.press(board, Action::OfferDraw).why() == "not on this board");
    CHECK_FALSE(rows.listed(board)(Action::OfferDraw));
    CHECK(rows.listed(board)(Action::Back));
}

TEST_CASE("a list overlay's selection keys keep the selection within its rows", "[input][keys]") {
    // The game's menu and list of games and Grabble's new-game screen and list move alike.
    Overlay o;
    o.rows.resize(15);
    CHECK(overlay_select_key(o, special(KEY_UP)));
    CHECK(o.selected == 0);
    CHECK(overlay_select_key(o, ch('j')));
    CHECK(overlay_select_key(o, special(KEY_DOWN)));
    CHECK(o.selected == 2);
    CHECK(overlay_select_key(o, special(KEY_NPAGE)));
    CHECK(o.selected == 12);
    CHECK(overlay_select_key(o, special(KEY_NPAGE)));
    CHECK(o.selected == 14);
    CHECK(overlay_select_key(o, ch('k')));
    CHECK(o.selected == 13);
    CHECK(overlay_select_key(o, special(KEY_HOME)));
    CHECK(o.selected == 0);
    CHECK(overlay_select_key(o, special(KEY_END)));
    CHECK(o.selected == 14);
    CHECK(overlay_select_key(o, special(KEY_PPAGE)));
    CHECK(o.selected == 4);
    // Any other key is the overlay's own, and moves nothing.
    CHECK_FALSE(overlay_select_key(o, ch('x')));
    CHECK_FALSE(overlay_select_key(o, special(KEY_LEFT)));
    CHECK(o.selected == 4);
    Overlay empty;
    CHECK(overlay_select_key(empty, special(KEY_DOWN)));
    CHECK(empty.selected == 0);
}

TEST_CASE("text for a terminal that is not UTF-8 writes Latin letters as the archive names do, others as ?",
          "[input][text]") {
    CHECK(ascii_text("Zo\xC3\xAB") == "Zoe");
    CHECK(ascii_text("~\xC5\x81ukasz") == "~Lukasz");  // the capital stays one
    CHECK(ascii_text("Stra\xC3\x9F"
                     "e \xC3\x86sa \xC5\x92il \xC4\xB0z") == "Strasse AEsa OEil Iz");
    CHECK(ascii_text("Jose\xCC\x81") == "Jose");             // a combining accent goes with its letter
    CHECK(ascii_text("\xD0\x97\xD0\xBE\xD1\x8F") == "???");  // another script
    CHECK(ascii_text("a\xFF"
                     "b") == "a?b");  // a byte that is not UTF-8
    CHECK(ascii_text("plain ASCII, 1-2") == "plain ASCII, 1-2");
    CHECK(ascii_text("\xE2\x94\x8C\xF0\x9F\x98\x80.") == "??.");  // three and four bytes: one ? each
    CHECK(text_width(ascii_text("Zo\xC3\xAB")) == text_width("Zo\xC3\xAB"));
    // The archive's file name and the terminal write a name with the same letters (one transliteration).
    CHECK(saves::slug("~\xC5\x81ukasz Zo\xC3\xAB") == lower(ascii_text("\xC5\x81ukasz-Zo\xC3\xAB")));
}
