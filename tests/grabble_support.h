// Helpers for Grabble's tests: small word lists, bags that start with given tiles, the seed's four
// players, and the table written as the seed writes it ("Pool: UP, Ali: ACTS").
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/grabble/game.h"
#include "engine/grabble/lexicon.h"
#include "engine/grabble/robot.h"
#include "saves/word_list.h"

namespace gobblet::grabble::test {

// A lexicon of the words given, separated by spaces.
inline std::shared_ptr<const Lexicon> words(std::string_view list) {
    std::string text;
    for (char c : list) text += c == ' ' ? '\n' : c;
    auto lx = Lexicon::build(text);
    REQUIRE(lx);
    return std::make_shared<const Lexicon>(std::move(lx).take());
}

// The English bag with `first` (faces, '?' a blank) coming out first, then the rest of the set in the
// order of the alphabet.
inline Bag bag_starting(std::string_view first, bool with_blanks = true) {
    TileSet set = TileSet::english();
    if (!with_blanks) set.count[blank] = 0;
    Bag b;
    for (char c : first) {
        const Letter f = c == '?' ? blank : *letter_of(c);
        REQUIRE(set.count[f] > 0);
        --set.count[f];
        b.faces.push_back(f);
    }
    for (int f = 0; f <= blank; ++f) b.faces.insert(b.faces.end(), set.count[std::size_t(f)], Letter(f));
    return b;
}

constexpr PlayerId ali = 0, bala = 1, carol = 2, ding = 3;

// The seed's example: Ali, Bala, Carol and Ding, non-sticking blanks, words of 3 letters or more; a tie
// window of half a second, the next tile after 7 s, a last minute of 60 s.
inline Settings seed_settings() {
    Settings s;
    s.players = {{"Ali"}, {"Bala"}, {"Carol"}, {"Ding"}};
    s.blanks = BlankRule::NonSticking;
    s.min_length = 3;
    s.timings = {500, 7000, 60000};
    return s;
}

inline Game start_game(const Settings& s, const Bag& bag, std::shared_ptr<const Lexicon> lx) {
    auto g = Game::start(s, bag, std::move(lx), 0);
    REQUIRE(g);
    return std::move(g).take();
}

// The table as the seed writes it: "Pool: UP, Ali: ACTS, Ding: PU-" (blanks in words as '-', in the
// pool as '?'; players without words left out).
inline std::string scene(const Game& g) {
    std::string pool;
    for (const Tile& t : g.table().pool) pool += face_char(t.face);
    std::string out = "Pool: " + (pool.empty() ? std::string("empty") : pool);
    for (std::size_t p = 0; p < g.settings().players.size(); ++p) {
        std::string mine;
        for (const TableWord& w : g.table().words)
            if (w.owner == PlayerId(p)) mine += (mine.empty() ? "" : " ") + marked(w);
        if (!mine.empty()) out += ", " + g.settings().players[p].name + ": " + mine;
    }
    return out;
}

// What happened, one line each (describe()).
inline std::string said(const Game& g, const Happenings& h) {
    std::string out;
    for (const Happening& x : h) out += (out.empty() ? "" : "\n") + describe(x, g.settings().players);
    return out;
}

// The one refusal among the happenings (fails the test if there is not exactly one).
inline Refused refusal(const Happenings& h) {
    std::vector<Refused> r;
    for (const Happening& x : h)
        if (const auto* p = std::get_if<Refused>(&x)) r.push_back(*p);
    REQUIRE(r.size() == 1);
    return r.front();
}

template <class T>
inline int count_of(const Happenings& h) {
    int n = 0;
    for (const Happening& x : h) n += std::holds_alternative<T>(x);
    return n;
}

// The default Debian list (make test installs wamerican) with wamerican-small's common words marked,
// read once for all the tests that play on a real list.
inline std::shared_ptr<const Lexicon> debian_words() {
    static const std::shared_ptr<const Lexicon> lexicon = [] {
        auto lx = saves::load_game_word_list(saves::default_word_list);
        REQUIRE(lx);
        REQUIRE((*lx)->common_count() > 0);
        return *lx;
    }();
    return lexicon;
}

// Computer players driven with fake time, as a seat on the computer's worker will drive them: each plans
// once per change of the game (when RobotIntent's basis is no longer the game's), then the earliest
// intent or the game's own deadline comes first, the seats in turn order at equal times. Everything the
// robots did and every refusal they got is kept for the tests to look at.
struct RobotTable {
    Game& game;
    std::vector<std::optional<Robot>> robots;  // by player; nullopt for a person
    std::vector<std::optional<RobotIntent>> intents;
    std::vector<std::optional<PlanBasis>> planned;
    std::vector<Event> acted;      // the robots' events, as applied
    std::vector<Refused> refused;  // what the rules refused them
    Happenings happened;           // everything, in order

    RobotTable(Game& g, std::vector<std::optional<Robot>> r)
        : game(g), robots(std::move(r)), intents(robots.size()), planned(robots.size()) {}

    void plan() {
        for (std::size_t p = 0; p < robots.size(); ++p) {
            if (!robots[p]) continue;
            const PlanBasis basis = plan_basis(game, PlayerId(p));
            if (planned[p] == basis) continue;
            intents[p] = robots[p]->plan(game, PlayerId(p), game.now());
            planned[p] = basis;
        }
    }
    void take(const Happenings& h) { happened.insert(happened.end(), h.begin(), h.end()); }

    // Plays until `until` or the end of the game; false if it ran out of steps (a robot that loops).
    bool run(Millis until, int max_steps = 100000) {
        for (int step = 0; step < max_steps; ++step) {
            if (game.phase() == Phase::Over) return true;
            plan();
            std::optional<std::size_t> first;
            for (std::size_t p = 0; p < intents.size(); ++p)
                if (intents[p] && (!first || intents[p]->event.at < intents[*first]->event.at)) first = p;
            const std::optional<Millis> deadline = game.next_deadline();
            const Millis robot_at = first ? intents[*first]->event.at : until + 1;
            if ((!deadline || *deadline > until) && robot_at > until) {
                take(game.advance(until));
                return true;
            }
            if (deadline && *deadline <= robot_at) {
                take(game.advance(*deadline));
                continue;
            }
            const Event e = intents[*first]->event;
            intents[*first].reset();
            const Happenings h = game.apply(e);
            acted.push_back(e);
            for (const Happening& x : h)
                if (const auto* r = std::get_if<Refused>(&x); r && r->by == e.by) refused.push_back(*r);
            take(h);
        }
        return false;
    }
};

}  // namespace gobblet::grabble::test
