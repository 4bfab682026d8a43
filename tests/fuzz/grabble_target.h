// Grabble's fuzz target (tests/fuzz/grabble.cpp): arbitrary bytes as a pasted or loaded transcript,
// through the one parser (saves/grabble_record.h) and the rules' replay of its events, on a fixed word
// list (the transcript's word list name is not read); then the game read is driven on by events made
// from the input's words. What must hold whatever the input:
//  - no crash, no hang, memory bounded by the reader's limits;
//  - a refusal names a line of the text (or 0 for the whole) and says why, with no control character;
//  - a transcript that reads is headed "% grabble game", writes back to a text that reads to the same
//    game, and that text writes again unchanged;
//  - whatever events follow, the table stays whole: every revealed tile is in the pool or in exactly one
//    word, each word is of the list and spelled by its tiles, and nothing is refused without a reason.
// Also replayed over the seed corpus by the unit tests, and called by the mutation loop of
// tests/test_grabble_record.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grabble/game.h"
#include "engine/grabble/robot.h"
#include "engine/text.h"
#include "saves/grabble_record.h"

namespace gobblet::fuzz {

inline void grabble_check(bool ok) {
    if (!ok) std::abort();
}

// Valid UTF-8 with no control character (names may be any visible letters).
inline void grabble_check_text(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const int n = utf8_length(text, i);
        grabble_check(n > 0);
        const char32_t c =
            n == 1 ? char32_t(static_cast<unsigned char>(text[i])) : utf8_code_point(text.substr(i), n);
        grabble_check(c >= 0x20 && c != 0x7F && !hidden_control(c));
        i += std::size_t(n);
    }
}

// The target's word list: the seed's example's words and common short ones.
inline std::shared_ptr<const grabble::Lexicon> grabble_words() {
    static const std::shared_ptr<const grabble::Lexicon> lexicon = [] {
        auto lx = grabble::Lexicon::build(
            "at\nact\ncat\ncats\nscat\nacts\ncast\npub\ncup\ncups\nput\nup\nteacups\ncatsup\ncut\ncaptures\n"
            "tea\neat\nate\nsea\nset\nsat\nrat\ntar\nart\nstar\nrats\narts\ntars\neast\nseat\nteas\neats\noat"
            "s\n"
            "taco\ncoat\ncost\ncots\nscot\ntacos\ncoats\nascot\nrate\ntear\nrates\nstare\ntears\nrest\nstore"
            "\n"
            "dog\ngod\ndoge\nlion\nloin\nnoil\nnail\nrain\nrani\ntrain\nstrain\ntrains\nsnare\nearns\nnears\n"
            "one\nneon\nnone\ntone\nnote\nnotes\nstone\nonset\nseton\nsteno\ntones\ndone\nnode\nnodes\n");
        grabble_check(lx.ok());
        auto common = grabble::Lexicon::build("cat\ntea\neat\none\ndog\nrat\nstar\n");
        lx->mark_common(*common);
        return std::make_shared<const grabble::Lexicon>(std::move(lx).take());
    }();
    return lexicon;
}

inline saves::WordListSource grabble_source() {
    return
        [](std::string_view) -> Expected<std::shared_ptr<const grabble::Lexicon>> { return grabble_words(); };
}

// The table is whole: every tile revealed is in the pool or in exactly one word, once; every word is of
// the list, at least the minimum length, and spelled by its tiles (a blank standing for its letter).
inline void grabble_check_table(const grabble::Game& g) {
    const grabble::Table& t = g.table();
    const std::size_t revealed = g.bag().faces.size() - std::size_t(g.bag_left());
    std::vector<int> seen(revealed, 0);
    for (const grabble::Tile& tile : t.pool) {
        grabble_check(tile.id < revealed && tile.face == g.bag().faces[tile.id]);
        ++seen[tile.id];
    }
    for (const grabble::TableWord& w : t.words) {
        grabble_check(w.tiles.size() == w.text.size() && w.length() >= g.settings().min_length);
        std::string lower = w.text;
        for (char& c : lower) c = char(c - 'A' + 'a');
        grabble_check(g.lexicon().find(lower).has_value());
        for (std::size_t i = 0; i < w.tiles.size(); ++i) {
            const grabble::TileId id = w.tiles[i];
            grabble_check(id < revealed);
            ++seen[id];
            const grabble::Letter face = g.bag().faces[id];
            grabble_check(w.blank_at(int(i)) ? face == grabble::blank
                                             : face == grabble::Letter(w.text[i] - 'A'));
        }
    }
    for (int n : seen) grabble_check(n == 1);
}

inline void grabble_check_happenings(const grabble::Game& g, const grabble::Happenings& hs) {
    for (const grabble::Happening& h : hs) {
        if (const auto* r = std::get_if<grabble::Refused>(&h))
            grabble_check_text(grabble::refusal_text(*r, g.settings().players));
        grabble_check_text(grabble::describe(h, g.settings().players));
    }
}

inline int grabble(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto read = saves::read_grabble_record(text, grabble_source());
    if (!read) {
        grabble_check(read.why().line >= 0 && !read.why().reason.empty());
        grabble_check_text(read.why().message());
        return 0;
    }
    grabble_check(saves::is_grabble_record(text));
    grabble::Game& g = read->game;
    grabble_check_table(g);
    // It writes back to the same game, and that text is a fixed point.
    const std::string again = saves::grabble_record_text(*read);
    auto back = saves::read_grabble_record(again, grabble_source());
    grabble_check(back.ok());
    grabble_check(back->game.events() == g.events() && back->game.table() == g.table() &&
                  back->game.now() == g.now() && back->game.phase() == g.phase());
    grabble_check(saves::grabble_record_text(*back) == again);

    // The game goes on: the input's words grabbed in turn, with reveals, passes and a robot between them.
    const int players = int(g.settings().players.size());
    const grabble::Robot robot(Level::Max, size);
    Millis at = g.now();
    int k = 0;
    for (std::size_t i = 0; i < text.size() && k < 200; ++k) {
        while (i < text.size() && !grabble::letter_of(text[i])) ++i;
        std::size_t end = i;
        while (end < text.size() && grabble::letter_of(text[end])) ++end;
        const std::string word(text.substr(i, end - i));
        i = end;
        at += 40 + Millis(k % 7) * 97;
        grabble::Happenings hs;
        const grabble::PlayerId by = k % players;
        switch (k % 5) {
            case 0: hs = g.reveal(g.to_reveal(), at); break;
            case 1: hs = g.pass(by, at); break;
            case 2:
                if (const auto intent = robot.plan(g, by, at)) hs = g.apply(intent->event);
                break;
            default: hs = g.grab(by, word, at); break;
        }
        grabble_check_happenings(g, hs);
        grabble_check_table(g);
    }
    grabble_check_happenings(g, g.advance(at + g.settings().timings.last_minute + 200000));
    grabble_check_table(g);
    return 0;
}

// A whole game of two robots on the target's list (its seed corpus and the mutation loop start from it).
inline std::string grabble_sample_text() {
    grabble::Settings s;
    s.players = {{"Ali", true, Level::Max}, {"Bala Bartók", true, Level::Hard}};
    s.word_list = "fuzz-words";
    s.tiles = *grabble::parse_tile_set("A4:1 C2:3 D1:2 E4:1 N3:1 O3:1 P1:3 R3:1 S4:1 T4:1 U1:1 ?1:0");
    s.timings.reveal_pause = 3000;
    s.timings.last_minute = 5000;
    auto started = grabble::Game::start(s, grabble::shuffled_bag(s.tiles, true, 4), grabble_words(), 0);
    grabble_check(started.ok());
    grabble::Game g = std::move(started).take();
    const grabble::Robot robots[] = {grabble::Robot(Level::Max, 1), grabble::Robot(Level::Hard, 2)};
    for (int step = 0; step < 5000 && g.phase() != grabble::Phase::Over; ++step) {
        std::optional<grabble::RobotIntent> first;
        for (grabble::PlayerId p : {0, 1}) {
            const auto i = robots[p].plan(g, p, g.now());
            if (i && (!first || i->event.at < first->event.at)) first = i;
        }
        const auto deadline = g.next_deadline();
        if (deadline && (!first || *deadline <= first->event.at))
            g.advance(*deadline);
        else if (first)
            g.apply(first->event);
        else
            break;
    }
    return saves::grabble_record_text(g, "2026-11-23 14:03", 4);
}

}  // namespace gobblet::fuzz
