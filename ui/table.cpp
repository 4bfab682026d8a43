// The table (table.h): its seats, its turn of the loop, and the matches that take it (a new one, one
// opened, pasted or loaded) and their records.
#include "table.h"

#include <algorithm>

#include "saves/record.h"
#include "saves/savefile.h"

namespace gobblet::ui {

Table::Table(Config config, EventLoop& loop, std::function<Millis()> clock, TableReport& report)
    : config_(std::move(config)),
      clock_(std::move(clock)),
      report_(report),
      seats_(loop, config_.player),
      records_(config_.program, config_.autosave,
               [this](bool for_autosave) { return record_text(for_autosave); }) {}

Table::~Table() = default;

// ---------------------------------------------------------------------------------------------------
// The seats

SeatView Table::seat_view(int player) const {
    SeatView v;
    const Seat& seat = seats_.seat(player);
    v.kind = seat.kind();
    if (const std::optional<PlayerSettings> ps = seat.settings()) v.label = level_name(ps->level);
    // A computer across the network (a server's bot, or a peer's own computer the host allowed) is marked.
    if (v.kind == SeatKind::Remote && link_ && !link_->watching() &&
        link_->session().peer_seat() == SeatKind::Computer)
        v.label = "remote computer";
    return v;
}

void Table::install_seats(const std::array<SeatSpec, 2>& specs) {
    seats_.install(specs);
    // Names: a name given on the command line or in the save, else the seat's default name. A network
    // game's names are the host's: they travel in its match.
    Match* const own = writable();
    if (!own) return;
    const std::array<std::string, 2> defaults = seat_names(specs, seats_.settings().level);
    for (int p : {0, 1}) {
        if (!specs[p].name.empty())
            own->set_name(p, specs[p].name);
        else if (is_default_name(own->name(p)))
            own->set_name(p, defaults[p]);
    }
}

void Table::set_seat(int player, SeatKind kind) {
    drop_premove("");  // made for the seats as they were (said with the seat's news)
    seats_.set(player, kind);
    refresh_names();
}

// Default names follow the seat: a side handed to the computer is called "computer (max)", and "White"
// again when handed back (two computers alike are numbered); a name the players gave stays.
void Table::refresh_names() {
    const std::array<std::string, 2> defaults =
        seat_names({seats_.spec(0), seats_.spec(1)}, seats_.settings().level);
    if (Match* const own = writable())
        for (int p : {0, 1})
            if (is_default_name(own->name(p))) own->set_name(p, defaults[p]);
}

int Table::acting_human() const {
    if (const std::optional<int> me = umpire_->player_here()) return is_human(*me) ? *me : -1;  // a spectator
    const Game& g = match().game();
    const int to_move = match().player_of(g.side_to_move());
    if (is_human(to_move)) return to_move;
    if (is_human(1 - to_move)) return 1 - to_move;
    return -1;
}

void Table::cancel_seats() {
    seats_.cancel();
    report_.seats_cancelled();
}

void Table::set_level(Level level) {
    seats_.set_level(level);
    refresh_names();
}

void Table::set_think(double seconds) { seats_.set_think(seconds); }

// ---------------------------------------------------------------------------------------------------
// Once a turn of the loop

void Table::take_answers(Millis t) {
    // The umpire runs the clock in a local game only: the match is the table's own.
    if (umpire_->runs_clock() && !paused_ && own_.clock().enabled() && !own_.game().over()) {
        const std::optional<Color> running = own_.clock().running();
        const Millis reserve_before = running ? own_.clock().reserve_left(*running) : 0;
        const ClockUpdate u = own_.tick(t);
        if (u.chunks > 0 && running) {
            say(own_.chunk_text(*running, reserve_before));
            autosave();
        }
        if (u.flagged) after_change(false);
    }
    for (int p : {0, 1})
        if (std::optional<TableSeats::Answer> a = seats_.answer(p)) on_answer(p, a->asked, a->action);
    play_premove();  // the computer's move starts the turn it waits for: at once, on this turn's time
}

void Table::ask_seats(Millis t, bool held) {
    if (held || paused_) return;
    const Game& g = match().game();
    const bool watching = is_computer(0) && is_computer(1);
    const bool paced = !watching || t - last_move_at_ >= speeds[config_.speed].pause;
    if (draw_offer_to_) {
        const int p = *draw_offer_to_;
        if (is_computer(p) && seats_.asked(p) != Ask::Draw) seats_.ask(p, Ask::Draw, match(), t);
        return;
    }
    switch (match().phase()) {
        case MatchPhase::Playing: {
            const int p = seat_of(g.side_to_move());
            if (is_computer(p) && !seats_.asked(p) && !reviewing() && paced && umpire_->ready_for_move())
                seats_.ask(p, Ask::Move, match(), t);
            break;
        }
        case MatchPhase::ChoosingStarter: {
            const int p = match().chooser();
            if (is_computer(p) && !seats_.asked(p) && paced) seats_.ask(p, Ask::Starter, match(), t);
            break;
        }
        case MatchPhase::Replay:
            // Nobody here to press Enter: the computers (or a host's computer) play the round again.
            if (!is_human(0) && !is_human(1) && paced && umpire_->decides_rounds()) replay_round();
            break;
        case MatchPhase::Over: break;
    }
}

Millis Table::until_next(Millis t, bool held) const {
    Millis wait = -1;
    const auto consider = [&wait](Millis m) {
        if (m >= 0 && (wait < 0 || m < wait)) wait = m;
    };
    const GameClock& c = match().clock();
    if (c.running() && !c.paused()) {
        consider(c.until_event(t));
        const Millis left = c.time_left(*c.running(), t);
        consider(left <= 10'000 ? left % 100 + 1 : left % 1000 + 1);  // the clock face changes
    }
    consider(umpire_->until_next(t));
    const Game& g = match().game();
    // The computer's pace, when it is about to be asked (not while the seats wait: the loop would spin).
    if (!g.over() && is_computer(seat_of(g.side_to_move())) && !seats_.asked(seat_of(g.side_to_move())) &&
        !held && !paused_ && !reviewing())
        consider(std::max<Millis>(0, last_move_at_ + speeds[config_.speed].pause - t));
    return wait;
}

void Table::on_answer(int player, const std::optional<Ask>& asked, const SeatAction& a) {
    switch (a.kind) {
        case SeatAction::Kind::Move: {
            const Game& g = match().game();
            if (asked != Ask::Move || g.over() || seat_of(g.side_to_move()) != player) return;
            return follow(umpire_->computer_move(MoveSpec::of(a.move, g.side_to_move()), a.why));
        }
        case SeatAction::Kind::AcceptDraw:
        case SeatAction::Kind::DeclineDraw: {
            if (draw_offer_to_ != player) return;
            draw_offer_to_.reset();
            return follow(umpire_->answer_draw(player, a.kind == SeatAction::Kind::AcceptDraw, a.why));
        }
        case SeatAction::Kind::Starter: {
            if (match().phase() != MatchPhase::ChoosingStarter || match().chooser() != player) return;
            const Reply r = umpire_->choose_starter(a.starter);
            follow(r);
            if (r.kind == Reply::Kind::Made)  // else the host's event says it
                say(match().name(player) + " chose that " + match().name(a.starter) + " starts round " +
                    std::to_string(match().round_number()) + " (and plays White)");
            return;
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// Away from the table

void Table::step_away() {
    cancel_seats();  // a search stops; the seats are asked again once the players are back
    stand_clock("the game waits under another screen");
}

void Table::come_back() {
    stand_clock("");
    pace_from_now();
}

void Table::stand_clock(const std::string& why) {
    if (!umpire_->runs_clock() || why == stood_for_) return;  // a network game's clock is the host's
    GameClock& clock = own_.clock();  // the umpire runs the clock: the match is the table's own
    if (why.empty()) {
        clock.resume(now());
    } else if (!stood_for_.empty()) {
        // Standing already, now for another reason.
    } else if (clock.enabled() && clock.running() && !clock.paused() && !match().game().over()) {
        clock.pause(now());
    } else {
        return;  // nothing runs: nothing to stand
    }
    stood_for_ = why;
}

bool Table::waits_first_move() const {
    return umpire_->runs_clock() && own_.clock().enabled() && own_.rounds().size() == 1 &&
           own_.game().moves().empty() && !own_.game().over();
}

void Table::start_clock() {
    if (!waits_first_move()) return own_.sync_clock(now());
    if (own_.clock().running()) (void)own_.clock().stop(now());
}

std::string Table::clock_note() const {
    const GameClock& c = match().clock();
    if (!c.enabled() || match().game().over() || paused_) return "";
    if (!stood_for_.empty()) return "the clocks stand: " + stood_for_;
    if (waits_first_move()) return "the clocks start with White's first move";
    return umpire_->clock_note();
}

void Table::continue_with(const std::vector<Move>& moves) {
    cancel_seats();
    drop_premove("");
    review_.close();
    for (Move m : moves) (void)own_.play(m, now());  // read and checked by the paste (game_paste)
}

// ---------------------------------------------------------------------------------------------------
// The records, and other matches at the table

std::string Table::record_text(bool for_autosave) const {
    const GameClock::State st = match().clock().state(now());
    std::array<SeatSpec, 2> specs = {seats_.spec(0), seats_.spec(1)};
    const std::optional<saves::NetworkPlace> place =
        for_autosave && link_ && match().phase() != MatchPhase::Over ? link_->place() : std::nullopt;
    return saves::record_text(match(), specs, &st, saves::now_text(), link_ ? link_->match_id() : "", {},
                              place ? &*place : nullptr);
}

void Table::autosave() {
    if (const std::optional<Notice> n = records_.autosave()) say(n->text, n->error);
}

Kept Table::archive_if_over() {
    if (link_ && link_->watching()) return {};  // a game watched is the players' (the server keeps it)
    return records_.archive_if_over(match());
}

void Table::save_named() {
    const Notice n = records_.save_named();
    say(n.text, n.error);
}

Kept Table::new_match(Variant variant, bool keep) {
    const Kept kept = keep ? records_.keep_current(match()) : Kept{};
    cancel_seats();
    drop_premove("");
    MatchSettings settings = match().settings();
    settings.variant = variant;
    std::array<std::string, 2> names = {match().name(0), match().name(1)};
    own_ = Match(settings, names);
    help_granted_ = false;
    seats_.new_game();
    start_clock();
    paused_ = false;
    records_.new_match(false);
    review_.close();
    handled_end_ = 0;
    last_move_at_ = now();
    return kept;
}

Kept Table::replace_match(saves::Record record) {
    const Kept kept = records_.keep_current(match());
    cancel_seats();
    drop_premove("");
    own_ = std::move(record.match);
    help_granted_ = false;
    if (record.clock) own_.clock().set_state(*record.clock, now());
    start_clock();
    // The record's seats come with it, as --load takes them: its computer plays its side again, under
    // the name the record gives it (a remote player of a network game's record is a person here).
    std::array<SeatSpec, 2> seats = record.seats;
    for (SeatSpec& s : seats)
        if (s.kind == SeatKind::Remote) s.kind = SeatKind::Human;
    install_seats(seats);
    records_.new_match(match().phase() == MatchPhase::Over);
    review_.close();
    return kept;
}

void Table::load_match(Match match, const std::optional<GameClock::State>& clock, bool archived) {
    drop_premove("");
    own_ = std::move(match);
    help_granted_ = false;
    if (clock) own_.clock().set_state(*clock, now());
    records_.set_archived(archived);
    review_.close();
}

}  // namespace gobblet::ui
