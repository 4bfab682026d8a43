#include "seat.h"

#include <algorithm>

namespace gobblet::ui {

ComputerSeat::ComputerSeat(EventLoop& loop, const PlayerSettings& settings)
    : player_(std::make_unique<Player>(settings)), worker_(loop) {}

void ComputerSeat::set_settings(const PlayerSettings& s) {
    worker_.stop();
    player_->set_settings(s);
}

void ComputerSeat::cancel() {
    worker_.stop();
    std::lock_guard lock(mutex_);
    result_.reset();
    info_ = {};
}

void ComputerSeat::ask(Ask what, const Match& match, int player, Millis now) {
    cancel();
    if (what == Ask::Starter) {
        // After losing a round the computer takes the first move: the first player has the edge in
        // Gobblet (Gobblet Jr. is a first-player win).
        std::lock_guard lock(mutex_);
        result_ = SeatAction{SeatAction::Kind::Starter, {}, {}, player};
        return;
    }
    PlayerSettings s = player_->settings();
    const PlayerSettings base = s;
    if (what == Ask::Move) {
        s.think_seconds = computer_budget(match, base, now);
    } else {
        s.think_seconds = std::min(base.think_seconds, 0.5);  // a draw offer gets a short look
        s.level = std::max(base.level, Level::Hard);
    }
    player_->set_settings(s);
    worker_.start([this, snapshot = match.game(), what, base](const std::atomic<bool>& stop) {
        const Choice c = player_->choose(snapshot, &stop, [this](const ThinkInfo& info) {
            std::lock_guard lock(mutex_);
            info_ = info;
        });
        player_->set_settings(base);
        if (stop) return;
        SeatAction a;
        if (what == Ask::Move) {
            if (c.move.is_none()) return;
            a.kind = SeatAction::Kind::Move;
            a.move = c.move;
            a.why = c.why;
        } else {
            // The computer accepts a draw exactly when it does not see itself ahead: never when it
            // sees a win, always when it scores the position as lost.
            a.kind = c.score <= 0 ? SeatAction::Kind::AcceptDraw : SeatAction::Kind::DeclineDraw;
        }
        std::lock_guard lock(mutex_);
        result_ = a;
    });
}

std::optional<SeatAction> ComputerSeat::answer() {
    if (worker_.busy() && !worker_.collect()) return std::nullopt;
    std::lock_guard lock(mutex_);
    std::optional<SeatAction> out = std::move(result_);
    result_.reset();
    return out;
}

ThinkInfo ComputerSeat::progress() const {
    std::lock_guard lock(mutex_);
    return info_;
}

double computer_budget(const Match& match, const PlayerSettings& settings, Millis now) {
    const GameClock& clock = match.clock();
    double budget = settings.think_seconds;
    if (!clock.enabled()) return budget;
    const Color us = match.game().side_to_move();
    const Millis left = clock.time_left(us, now);
    const ClockSettings& c = clock.settings();
    // Overhead and a busy machine: keep a quarter of the time, and at least 150 ms, in hand.
    const Millis margin = std::max<Millis>(150, left / 4);
    double share = double(std::max<Millis>(0, left - margin)) / 1000.0;
    if (c.kind == ClockKind::Fischer)
        share = std::min(share, double(left) / 1000.0 / 20 + double(c.increment) / 1000.0 * 0.8);
    budget = std::clamp(share, 0.01, budget);
    return budget;
}

}  // namespace gobblet::ui
