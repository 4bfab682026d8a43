#include "seat.h"

#include <algorithm>

#include "engine/decisions.h"
#include "engine/timeman.h"

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
    // Rounds of a match are different games: without this, a loser who starts again would see the
    // same moves as in the last round, move for move.
    if (const std::uint64_t game = game_number(matches_, match.rounds().size());
        game != player_->game_number())
        player_->new_game(game);
    if (what == Ask::Starter) {
        std::lock_guard lock(mutex_);
        result_ = SeatAction{SeatAction::Kind::Starter, {}, {}, starter_after_loss(player)};
        return;
    }
    // The clock runs while the computer thinks: its budget comes from the clock (engine/timeman).
    const std::optional<TimeBudget> budget =
        match.clock().enabled()
            ? std::optional(time_budget(time_situation(match, now), player_->settings().level,
                                        player_->settings().think_seconds))
            : std::nullopt;
    const Color receiver = match.colour_of(player);
    worker_.start([this, snapshot = match.game(), what, budget, receiver](const std::atomic<bool>& stop) {
        SeatAction a;
        if (what == Ask::Move) {
            const auto on_info = [this](const ThinkInfo& info) {
                std::lock_guard lock(mutex_);
                info_ = info;
            };
            const Choice c = budget ? player_->choose(snapshot, *budget, &stop, on_info)
                                    : player_->choose(snapshot, &stop, on_info);
            if (stop || c.move.is_none()) return;
            a.kind = SeatAction::Kind::Move;
            a.move = c.move;
            a.why = c.why;
        } else {
            const DrawAnswer d =
                answer_draw_offer(*player_, snapshot, receiver, budget ? &*budget : nullptr, &stop);
            if (stop) return;
            a.kind = d.accept ? SeatAction::Kind::AcceptDraw : SeatAction::Kind::DeclineDraw;
            a.why = d.why;
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

}  // namespace gobblet::ui
