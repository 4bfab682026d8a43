#include "bot.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "engine/dates.h"
#include "engine/notation.h"
#include "signals.h"

namespace gobblet::net {

namespace {

constexpr Millis reconnect_every = 2000;  // the game connection's retries after a drop

}  // namespace

Bot::Bot(const BotConfig& config, std::ostream& log)
    : config_(config), log_(log), computer_(std::make_unique<ComputerSeat>(config.player, [this] {
          const char byte = 1;
          [[maybe_unused]] const ssize_t n = ::write(wake_[1], &byte, 1);  // a full pipe is woken already
      })) {}

Bot::~Bot() {
    computer_.reset();  // its worker stops before the pipe it wakes goes
    if (wake_[0] >= 0) ::close(wake_[0]);
    if (wake_[1] >= 0) ::close(wake_[1]);
}

Expected<std::unique_ptr<Bot>> Bot::start(const BotConfig& config, std::ostream& log, Millis now) {
    std::unique_ptr<Bot> b(new Bot(config, log));
    if (::pipe2(b->wake_, O_CLOEXEC | O_NONBLOCK) != 0) return Failure{"cannot make the bot's wake pipe"};
    lobby::Config c;
    c.server = config.server;
    c.name = config.name;
    c.role = lobby::Role::Bot;
    c.secret = config.secret;
    c.from = config.from;
    auto client = lobby::Client::start(c, now);
    if (!client) return Failure{client.why()};
    b->lobby_ = std::move(*client);
    b->note("connecting to " + endpoint_text(config.server) + " as " + config.name + " (" +
            level_name(config.player.level) + ")");
    return b;
}

void Bot::note(const std::string& text) {
    log_ << date_text(std::time(nullptr), DateForm::Second) << " bot " << config_.name << ": "
         << clean_text(text, 400) << '\n'
         << std::flush;
}

// ---------------------------------------------------------------------------------------------------
// The loop.

void Bot::pollfds(std::vector<pollfd>& fds) const {
    lobby_->pollfds(fds);
    if (session_) session_->pollfds(fds);
    fds.push_back({wake_[0], POLLIN, 0});
}

Millis Bot::until_next(Millis now) const {
    Soonest soonest;
    soonest.also(lobby_->until_next(now));
    if (session_) soonest.also(session_->until_next(now));
    if (session_ && retry_at_ >= 0) soonest.at(retry_at_ - now);
    return soonest.get();
}

void Bot::on_poll(std::span<const pollfd> fds, Millis now) {
    lobby_->on_poll(fds, now);
    while (auto e = lobby_->next_event()) lobby_event(*e, now);
    for (const pollfd& p : fds)
        if (p.fd == wake_[0] && (p.revents & POLLIN)) {
            char sink[16];
            while (::read(wake_[0], sink, sizeof sink) > 0) {
            }
            collect(now);
        }
    if (session_) {
        session_->on_poll(fds, now);
        while (session_) {
            auto e = session_->next_event();
            if (!e) break;
            game_event(*e, now);
        }
    }
    if (session_ && retry_at_ >= 0 && now >= retry_at_) {
        retry_at_ = -1;
        if (!session_->reconnect(now)) retry_at_ = now + reconnect_every;
    }
    decide(now);
}

void Bot::stop(std::string_view why, Millis now) {
    stopping_ = true;
    computer_->cancel();
    if (session_) session_->leave(why, now);
    lobby_->leave(why, now);
    note(std::string("stopped: ") + std::string(why));
}

// ---------------------------------------------------------------------------------------------------
// The lobby.

void Bot::lobby_event(const lobby::Event& e, Millis now) {
    using K = lobby::Event::Kind;
    switch (e.kind) {
        case K::Connected: return note("connected: " + e.text);
        case K::LoggedIn:
            note("logged in");
            seeking_ = false;
            if (!session_) post_seek(now);
            return;
        case K::LoginRefused: {
            const auto& r = std::get<lobby::Refused>(*e.message);
            note("login refused: " + r.text);
            lobby_->leave("the bot cannot log in", now);
            return;
        }
        case K::Lost:
            return note("lobby connection lost: " + e.text + "; again in " +
                        std::to_string(e.retry_in / 1000) + " s");
        case K::Closed: return note("lobby connection closed: " + e.text);
        case K::Answer: return;
        case K::Line: break;
    }
    if (!e.message) return;
    const lobby::Message& m = *e.message;
    if (const auto* s = std::get_if<lobby::SeekItem>(&m)) {
        const bool to_me = !s->to.empty() && lobby::name_key(s->to) == lobby::name_key(lobby_->name());
        const bool mine = lobby::name_key(s->from) == lobby::name_key(lobby_->name());
        if (mine) return;
        if (to_me) {
            if (session_) {
                note("declines a challenge from " + s->from + ": playing a match");
                (void)lobby_->decline(s->id, now);
                return;
            }
            note("accepts a challenge from " + s->from + ": " + lobby::terms_text(s->terms));
            (void)lobby_->accept(s->id, now);
            return;
        }
        // Open seeks: only a bot without a seek of its own takes them, one match at a time, and only those
        // that welcome computers (and whose rating range holds its rating): the others are for people.
        if (s->to.empty() && !config_.seek && !session_) {
            std::optional<lobby::Rating> rating;
            const auto& players = lobby_->tables().players();
            if (const auto me = players.find(lobby::name_key(lobby_->name())); me != players.end())
                rating = me->second.ratings[std::size_t(lobby::variant_index(s->terms.settings.variant))];
            if (const Expected<void> ok = lobby::admits(s->audience, lobby::Role::Bot, rating); !ok)
                return note("leaves the seek of " + s->from + " alone: " + ok.why());
            note("accepts the seek of " + s->from + ": " + lobby::seek_terms_text(s->terms, s->audience));
            (void)lobby_->accept(s->id, now);
        }
        return;
    }
    if (const auto* u = std::get_if<lobby::Unseek>(&m)) {
        (void)u;
        return;
    }
    if (const auto* ms = std::get_if<lobby::MatchStart>(&m)) return begin_match(*ms, now);
    if (const auto* t = std::get_if<lobby::TournamentItem>(&m)) return enter(*t, now);
    // The lobby's word that our match ended (also when it ended while our game connection was away).
    if (const auto* o = std::get_if<lobby::Over>(&m); o && session_ && start_ && o->game == start_->game)
        return end_match(now, o->text);
    if (const auto* n = std::get_if<lobby::Notice>(&m)) return note("notice: " + n->text);
    if (const auto* r = std::get_if<lobby::Refused>(&m)) return note("refused " + r->verb + ": " + r->text);
}

void Bot::enter(const lobby::TournamentItem& t, Millis now) {
    if (config_.enter.empty() || entered_ == t.id || t.state != lobby::TournamentState::Open) return;
    if (lobby::name_key(t.name) != lobby::name_key(config_.enter)) return;
    if (auto joined = lobby_->join_tournament(t.id, now); !joined)
        return note("cannot enter tournament " + t.name + ": " + joined.why());
    entered_ = t.id;
    note("enters tournament " + t.name + " (" + std::to_string(t.id) + ")");
}

void Bot::post_seek(Millis now) {
    if (!config_.seek || seeking_ || !lobby_->in_lobby()) return;
    if (lobby_->post(*config_.seek, now, config_.audience)) {
        seeking_ = true;
        note("seeks " + lobby::seek_terms_text(*config_.seek, config_.audience));
    }
}

void Bot::begin_match(const lobby::MatchStart& m, Millis now) {
    if (session_ && start_ && start_->game == m.game) {
        // The same match again (after a login): the code may be fresh, and it is the one to use now.
        if (m.code != start_->code) {
            start_ = m;
            (void)session_->set_code(m.code);  // the lobby's codes are well formed
            if (session_->phase() == Session::Phase::Gone) retry_at_ = now;
        }
        return;
    }
    if (session_) return;  // one match at a time (the server would not start a second from the lobby)
    start_ = m;
    seeking_ = false;
    JoinConfig j;
    j.host = config_.server;
    j.from = config_.from;
    j.code = m.code;
    j.name = lobby_->name();
    j.seat = SeatKind::Computer;
    j.hosted = true;
    auto joined = Session::join(j, Match(), now);
    if (!joined) {
        note("cannot join match " + m.game + ": " + joined.why());
        return;
    }
    session_ = std::move(joined).take();
    retry_at_ = -1;
    note("match " + m.game + " against " + m.opponent + ", playing " + colour_word(m.colour) + ": " +
         lobby::terms_text(m.terms));
}

void Bot::end_match(Millis now, const std::string& text) {
    computer_->cancel();
    std::string moves;
    for (const Round& r : match().rounds()) {
        if (!moves.empty()) moves += " /";
        Game replay(r.game.variant());
        for (Move m : r.game.moves()) {
            moves += " " + move_name(m, replay.side_to_move());
            (void)replay.play(m);  // the round's own moves, legal again
        }
    }
    note("match over: " + (text.empty() ? match().match_result_text() : text) + "; moves:" + moves);
    session_->leave("the match is over", now);
    last_ = session_->match();
    session_.reset();
    start_.reset();
    ++finished_;
    computer_->new_game();  // the next match's rounds are games it has not played
    post_seek(now);
}

// ---------------------------------------------------------------------------------------------------
// The game.

void Bot::game_event(const Event& e, Millis now) {
    using K = Event::Kind;
    switch (e.kind) {
        case K::Offered:
            if (e.offer == OfferKind::Draw) return think(Ask::Draw, now);
            note("declines an offer: " + describe(e, match(), session_->local_player()));
            (void)session_->answer(false, now);
            return;
        case K::Gone:
        case K::Error:
            computer_->cancel();
            note("game connection: " + e.text + "; connecting again");
            retry_at_ = now + reconnect_every;
            return;
        case K::Started:
            note(describe(e, match(), session_->local_player()));
            retry_at_ = -1;
            if (match().phase() == MatchPhase::Over) return end_match(now, {});
            return;
        case K::Act:
            if (match().phase() == MatchPhase::Over) return end_match(now, {});
            return;
        default: return;
    }
}

std::size_t Bot::position_key() const {
    return match().rounds().size() * 1'000'003 + match().game().moves().size() * 7 +
           (match().game().touched() ? 1 : 0);
}

void Bot::decide(Millis now) {
    if (!session_ || computer_->working() || !session_->playing()) return;
    const int me = session_->local_player();
    if (me < 0 || session_->awaiting_host()) return;
    if (match().phase() == MatchPhase::ChoosingStarter && match().chooser() == me) {
        think(Ask::Starter, now);  // the engine's rule, answered at once
        collect(now);
        return;
    }
    // An opponent who left without a clock to decide: the round is claimed once the rule allows.
    // (Under a clock it lets the absent clock decide, as it always did: the claim at once is a person's.)
    if (const auto& away = session_->absence(1 - me);
        away && !away->clock_runs() && may_claim(match(), 1 - me, *away, now)) {
        if (session_->claim(now, false))
            note("claims the round: " + match().name(1 - me) + " did not come back");
        return;
    }
    const Game& g = match().game();
    if (g.over() || match().clock().paused() || match().player_of(g.side_to_move()) != me) return;
    if (session_->pending_offer(1 - me)) return;  // an offer waits for its answer first
    think(Ask::Move, now);
}

void Bot::think(Ask what, Millis now) {
    // The match as the session keeps it: the seat reads its clock as it stands at `now` (the match
    // itself changes only by the host's facts).
    computer_->ask(what, match(), session_->local_player(), now);
    asked_key_ = position_key();
}

void Bot::collect(Millis now) {
    const std::optional<SeatAction> a = computer_->answer();
    if (!a || !session_ || position_key() != asked_key_) return;  // the position moved on meanwhile
    switch (a->kind) {
        case SeatAction::Kind::Starter:
            if (session_->choose_starter(a->starter, now))
                note("chooses " + match().name(a->starter) + " to start the next round");
            return;
        case SeatAction::Kind::AcceptDraw:
        case SeatAction::Kind::DeclineDraw:
            if (!session_->pending_offer(1 - session_->local_player())) return;  // it lapsed
            note("draw offered: " + a->why);
            (void)session_->answer(a->kind == SeatAction::Kind::AcceptDraw, now);
            return;
        case SeatAction::Kind::Move: break;
    }
    const Color side = match().game().side_to_move();
    const std::string move = move_name(a->move, side);
    if (auto played = session_->move(MoveSpec::of(a->move, side), now); !played)
        note("could not play " + move + ": " + played.why());
    else
        note("plays " + move + " (" + a->why + ")");
}

// ---------------------------------------------------------------------------------------------------

int run_bot(const BotConfig& config, std::ostream& log) {
    StopSignals signals;
    if (!signals.install()) {
        log << "gobblet: cannot make the signal pipe\n";
        return 1;
    }
    auto started = Bot::start(config, log, monotonic_ms());
    if (!started) {
        log << "gobblet: " << started.why() << "\n";
        return 1;
    }
    const std::unique_ptr<Bot> bot = std::move(started).take();
    for (;;) {
        std::vector<pollfd> fds = {{signals.fd(), POLLIN, 0}};
        bot->pollfds(fds);
        const Millis wait = bot->until_next(monotonic_ms());
        ::poll(fds.data(), fds.size(), wait < 0 ? 60'000 : int(std::min<Millis>(wait + 1, 60'000)));
        const Millis now = monotonic_ms();
        if (signals.fired()) {
            bot->stop("the bot stops", now);
            return 0;
        }
        bot->on_poll(fds, now);
        if (bot->failed()) return 1;
    }
}

}  // namespace gobblet::net
