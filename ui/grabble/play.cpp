#include "ui/grabble/play.h"

#include <algorithm>

#include "engine/clock.h"
#include "engine/grabble/search.h"
#include "engine/hash.h"

namespace gobblet::ui {

namespace gr = grabble;

std::string shown_word(const gr::TableWord& w) {
    std::string out = w.text;
    for (int i = 0; i < w.length(); ++i)
        if (w.blank_at(i)) out[std::size_t(i)] = char(out[std::size_t(i)] - 'A' + 'a');
    return out;
}

std::string story_text(const gr::Happening& h, const std::vector<gr::Seat>& players) {
    const auto* a = std::get_if<gr::Accepted>(&h);
    if (!a) return gr::describe(h, players);
    const auto name = [&](gr::PlayerId p) {
        return p >= 0 && std::size_t(p) < players.size() ? players[std::size_t(p)].name : std::string("?");
    };
    std::string from;
    for (const gr::TableWord& t : a->taken)
        from += (from.empty() ? "" : " + ") +
                (name(t.owner) == "You" ? std::string("your") : name(t.owner) + "'s") + " " + shown_word(t);
    for (const gr::Tile& t : a->from_pool)
        from += (from.empty() ? "" : " + ") + std::string(1, gr::face_char(t.face));
    return name(a->by) + " grabbed " + shown_word(a->made) + " from " + from;
}

GrabblePlay::GrabblePlay(gr::Game game, std::uint64_t seed, Millis now, std::optional<Wake> wake)
    : game_(std::move(game)) {
    if (wake) task_ = std::make_unique<Task<Answer>>(std::move(*wake));
    const std::size_t n = game_.settings().players.size();
    robots_.resize(n);
    intents_.resize(n);
    planned_.resize(n);
    asked_.resize(n);
    for (std::size_t p = 0; p < n; ++p) {
        const gr::Seat& seat = game_.settings().players[p];
        if (seat.computer) robots_[p] = gr::Robot(seat.level, mix(seed ^ mix(p + 1)));
    }
    offset_ = now - game_.now();
    plan(game_.now());
}

GrabblePlay::~GrabblePlay() = default;

void GrabblePlay::set_paused(bool paused, Millis now) {
    if (paused == paused_) return;
    if (paused) {
        paused_at_ = now - offset_;
    } else {
        offset_ = now - paused_at_;
    }
    paused_ = paused;
}

std::vector<gr::PlayerId> GrabblePlay::people() const {
    std::vector<gr::PlayerId> out;
    for (std::size_t p = 0; p < settings().players.size(); ++p)
        if (!settings().players[p].computer) out.push_back(gr::PlayerId(p));
    return out;
}

Expected<gr::PlayerId> GrabblePlay::person(std::optional<int> number, std::string_view what) const {
    const std::vector<gr::Seat>& players = settings().players;
    const std::vector<gr::PlayerId> here = people();
    if (number) {
        if (*number < 1 || *number > int(players.size()))
            return Failure{"there is no player " + std::to_string(*number) +
                           ": the players are numbered 1 to " + std::to_string(players.size())};
        const gr::Seat& s = players[std::size_t(*number - 1)];
        if (s.computer) return Failure{std::to_string(*number) + " is " + s.name + ", a computer"};
        return gr::PlayerId(*number - 1);
    }
    if (here.size() == 1) return here.front();
    if (here.empty()) return Failure{"only computers play this game: ^N sets up one with you in it"};
    std::string how;
    for (std::size_t i = 0; i < here.size() && i < 3; ++i)
        how += (i ? ", " : "") + std::to_string(here[i] + 1) + std::string(what) + " for " +
               players[std::size_t(here[i])].name;
    return Failure{"say whose it is, with the player's number first: " + how};
}

void GrabblePlay::say(std::string text, bool error) {
    story_.push_back({std::move(text), error});
    ++story_count_;
    while (story_.size() > max_story) story_.pop_front();
}

void GrabblePlay::take(const gr::Happenings& happenings, gr::PlayerId actor, bool person) {
    const std::vector<gr::Seat>& players = settings().players;
    for (const gr::Happening& h : happenings) {
        if (const auto* r = std::get_if<gr::Refused>(&h)) {
            // A person's refusals are theirs to read; a computer's (a clash) are part of the story.
            const bool mine = person && r->by == actor;
            if (!mine && r->why != gr::Refusal::Clash && r->why != gr::Refusal::WaitsForTile) continue;
            say(story_text(h, players), mine);
            continue;
        }
        if (const auto* p = std::get_if<gr::Passed>(&h)) {
            if (players[std::size_t(p->by)].computer) continue;  // a computer passes at every tile
        }
        if (std::holds_alternative<gr::LastMinute>(h)) {
            say("the bag is empty: " + duration_text(settings().timings.last_minute) +
                " to make the last words");
            continue;
        }
        say(story_text(h, players));
    }
}

void GrabblePlay::grab(gr::PlayerId by, std::string_view word, Millis now) {
    service(now);
    take(game_.grab(by, word, game_time(now)), by, true);
    plan(game_time(now));
}

void GrabblePlay::reveal(gr::PlayerId by, Millis now) {
    service(now);
    take(game_.reveal(by, game_time(now)), by, true);
    plan(game_time(now));
}

void GrabblePlay::pass(gr::PlayerId by, Millis now) {
    service(now);
    take(game_.pass(by, game_time(now)), by, true);
    plan(game_time(now));
}

bool GrabblePlay::thinking() const { return task_ && task_->busy(); }

void GrabblePlay::accept(Answer a) {
    for (std::size_t p = 0; p < a.asked.size() && p < intents_.size(); ++p) {
        if (!a.asked[p]) continue;
        intents_[p] = std::move(a.intents[p]);
        planned_[p] = a.bases[p];
        asked_[p].reset();
    }
    if (a.clue_basis) {
        clues_ = std::move(a.clues);
        clue_basis_ = a.clue_basis;
        clues_asked_.reset();
    }
}

void GrabblePlay::collect() {
    if (!task_) return;
    if (std::optional<Answer> a = task_->take()) accept(std::move(*a));
}

void GrabblePlay::plan(Millis game_now) {
    if (game_.phase() == gr::Phase::Over) {
        clues_.clear();
        return;
    }
    const std::size_t n = robots_.size();
    Answer job;  // what is asked; the job fills a copy of it
    job.intents.resize(n);
    job.asked.resize(n);
    job.bases.resize(n);
    bool any = false;
    for (std::size_t p = 0; p < n; ++p) {
        if (!robots_[p]) continue;
        const gr::PlanBasis basis = gr::plan_basis(game_, gr::PlayerId(p));
        if (planned_[p] == basis || asked_[p] == basis) continue;
        job.asked[p] = true;
        job.bases[p] = basis;
        any = true;
    }
    const std::size_t clue_basis = game_.history().size();
    const bool clues = settings().show_clues && clue_basis_ != clue_basis && clues_asked_ != clue_basis;
    if (!any && !clues) return;
    // A job in flight is dropped (Task::start cancels it): what it was asked is asked again.
    if (task_ && task_->busy()) {
        for (std::size_t p = 0; p < n; ++p) {
            if (!asked_[p] || job.asked[p] || !robots_[p]) continue;
            job.asked[p] = true;
            job.bases[p] = gr::plan_basis(game_, gr::PlayerId(p));
        }
        asked_.assign(n, std::nullopt);
        clues_asked_.reset();
    }
    for (std::size_t p = 0; p < n; ++p)
        if (job.asked[p]) asked_[p] = job.bases[p];
    const std::vector<gr::PlayerId> here = people();
    const gr::PlayerId clue_for = here.empty() ? gr::nobody : here.front();
    if (settings().show_clues && clue_basis_ != clue_basis) {
        job.clue_basis = clue_basis;
        clues_asked_ = clue_basis;
    }
    // The job plans on a copy of the game: the screen's goes on meanwhile.
    auto work = [game = game_, robots = robots_, asked = job, game_now,
                 clue_for](const std::atomic<bool>&) -> std::optional<Answer> {
        Answer a = asked;
        for (std::size_t p = 0; p < robots.size(); ++p)
            if (a.asked[p]) a.intents[p] = robots[p]->plan(game, gr::PlayerId(p), game_now);
        if (a.clue_basis) {
            for (const gr::GrabPlan& g : gr::all_grabs(game.view(clue_for), game.lexicon())) {
                if (a.clues.size() == max_clues) break;
                std::string word(game.lexicon().word(g.entry));
                for (char& c : word) c = char(c - 'a' + 'A');
                if (std::find(a.clues.begin(), a.clues.end(), word) == a.clues.end())
                    a.clues.push_back(std::move(word));
            }
        }
        return a;
    };
    if (!task_) {
        if (std::optional<Answer> a = work(std::atomic<bool>{false})) accept(std::move(*a));
        return;
    }
    task_->start(std::move(work));
}

void GrabblePlay::run_to(Millis game_now) {
    for (int step = 0; step < 10000; ++step) {
        if (game_.phase() == gr::Phase::Over) break;
        // The computer whose intent is due first (at or before now), on the game it was planned on.
        std::optional<std::size_t> first;
        for (std::size_t p = 0; p < intents_.size(); ++p) {
            const auto& i = intents_[p];
            if (!i || i->event.at > game_now || i->stale(game_)) continue;
            if (!first || i->event.at < intents_[*first]->event.at) first = p;
        }
        const std::optional<Millis> deadline = game_.next_deadline();
        const bool deadline_due = deadline && *deadline <= game_now;
        if (deadline_due && (!first || *deadline <= intents_[*first]->event.at)) {
            take(game_.advance(*deadline), gr::nobody, false);
            continue;
        }
        if (!first) break;
        const gr::Event e = intents_[*first]->event;
        intents_[*first].reset();
        const gr::Happenings h = game_.apply(e);
        take(h, e.by, false);
        // Refused (which the robot's design avoids): it waits for the game to change before it plans again,
        // rather than insisting. Otherwise it plans again on what its event made.
        const bool refused = std::any_of(h.begin(), h.end(), [&](const gr::Happening& x) {
            const auto* r = std::get_if<gr::Refused>(&x);
            return r && r->by == e.by;
        });
        planned_[*first] = refused ? std::optional(gr::plan_basis(game_, e.by)) : std::nullopt;
    }
    take(game_.advance(game_now), gr::nobody, false);
}

void GrabblePlay::service(Millis now) {
    collect();
    if (paused_) return;
    const Millis t = game_time(now);
    run_to(t);
    plan(t);
}

Millis GrabblePlay::until_next(Millis now) const {
    if (paused_ || game_.phase() == gr::Phase::Over) return -1;
    const Millis t = game_time(now);
    std::optional<Millis> next = game_.next_deadline();
    for (const auto& i : intents_)
        if (i && !i->stale(game_)) next = std::min(next.value_or(i->event.at), i->event.at);
    if (!next) return -1;
    return std::max<Millis>(0, *next - t);
}

Expected<Typed> read_typed(std::string_view prompt) {
    Typed t;
    std::size_t i = 0;
    while (i < prompt.size() && prompt[i] >= '0' && prompt[i] <= '9') ++i;
    if (i > 0) {
        if (i > 1) return Failure{"a player's number is one digit, 1 to 8, before the word: 2cats"};
        t.number = prompt[0] - '0';
    }
    t.word = std::string(prompt.substr(i));
    if (t.word.find_first_of("0123456789") != std::string::npos)
        return Failure{"a word is letters; a player's number goes first: 2cats"};
    return t;
}

}  // namespace gobblet::ui
