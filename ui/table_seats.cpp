// The two seats of a table (table_seats.h).
#include "table_seats.h"

namespace gobblet::ui {

TableSeats::TableSeats(EventLoop& loop, const PlayerSettings& settings) : loop_(loop), settings_(settings) {
    for (int p : {0, 1}) seats_[p] = std::make_unique<HumanSeat>();
}

std::unique_ptr<Seat> TableSeats::make(SeatKind kind, int player, std::optional<Level> level) const {
    PlayerSettings ps = settings_;
    if (level) ps.level = *level;
    ps.seed = settings_.seed + std::uint64_t(player) * 7919;
    switch (kind) {
        case SeatKind::Computer: return std::make_unique<ComputerSeat>(ps, loop_.waker());
        case SeatKind::Remote: return std::make_unique<RemoteSeat>();
        case SeatKind::Human: break;
    }
    return std::make_unique<HumanSeat>();
}

void TableSeats::install(const std::array<SeatSpec, 2>& specs) {
    for (int p : {0, 1}) {
        seats_[p] = make(specs[p].kind, p, specs[p].level);
        asked_[p].reset();
    }
    tell_opponents();
}

void TableSeats::set(int player, SeatKind kind) {
    seats_[player]->cancel();
    asked_[player].reset();
    seats_[player] = make(kind, player, std::nullopt);
    tell_opponents();
}

void TableSeats::tell_opponents() {
    for (int p : {0, 1}) {
        std::optional<PlayerSettings> s = seats_[p]->settings();
        if (!s) continue;
        const SeatKind other = seats_[1 - p]->kind();
        const Opponent o = other == SeatKind::Human      ? Opponent::Human
                           : other == SeatKind::Computer ? Opponent::Computer
                                                         : Opponent::Unknown;
        if (s->opponent == o) continue;
        s->opponent = o;
        seats_[p]->set_settings(*s);  // a search under way stops: it is asked again
        asked_[p].reset();
    }
}

SeatSpec TableSeats::spec(int player) const {
    SeatSpec s;
    s.kind = seats_[player]->kind();
    if (const std::optional<PlayerSettings> ps = seats_[player]->settings();
        ps && ps->level != settings_.level)
        s.level = ps->level;
    return s;
}

bool TableSeats::thinking() const { return seats_[0]->working() || seats_[1]->working(); }

ThinkInfo TableSeats::progress() const {
    ThinkInfo info;
    for (int p : {0, 1})
        if (seats_[p]->working()) info = seats_[p]->progress();
    return info;
}

void TableSeats::ask(int player, Ask what, const Match& match, Millis now) {
    seats_[player]->ask(what, match, player, now);
    asked_[player] = what;
}

std::optional<TableSeats::Answer> TableSeats::answer(int player) {
    std::optional<SeatAction> a = seats_[player]->answer();
    if (!a) return std::nullopt;
    return Answer{std::exchange(asked_[player], std::nullopt), std::move(*a)};
}

void TableSeats::cancel() {
    for (int p : {0, 1}) {
        seats_[p]->cancel();
        asked_[p].reset();
    }
}

void TableSeats::new_game() {
    for (int p : {0, 1}) seats_[p]->new_game();
}

void TableSeats::change_computers(const std::function<void(PlayerSettings&)>& change) {
    change(settings_);
    for (int p : {0, 1})
        if (std::optional<PlayerSettings> s = seats_[p]->settings()) {
            change(*s);
            seats_[p]->set_settings(*s);
            asked_[p].reset();
        }
}

void TableSeats::set_level(Level level) {
    change_computers([level](PlayerSettings& s) { s.level = level; });
}

void TableSeats::set_think(double seconds) {
    change_computers([seconds](PlayerSettings& s) { s.think_seconds = seconds; });
}

}  // namespace gobblet::ui
