#include "seat.h"

#include "decisions.h"
#include "timeman.h"

namespace gobblet {

ComputerSeat::ComputerSeat(const PlayerSettings& settings, Wake wake)
    : settings_(settings), player_(std::make_unique<Player>(settings)), task_(std::move(wake)) {}

void ComputerSeat::set_settings(const PlayerSettings& s) {
    cancel();
    settings_ = s;
}

void ComputerSeat::cancel() {
    task_.cancel();
    ready_.reset();
    std::lock_guard lock(mutex_);
    ++asked_;
    info_ = {};
}

void ComputerSeat::ask(Ask what, const Match& match, int player, Millis now) {
    cancel();
    if (what == Ask::Starter) {
        ready_ = SeatAction{SeatAction::Kind::Starter, {}, {}, starter_after_loss(player)};
        return;
    }
    // Rounds of a match are different games: without this, a loser who starts again would see the
    // same moves as in the last round, move for move.
    const std::uint64_t game = game_number(matches_, match.rounds().size());
    // The clock runs while the computer thinks: its budget comes from the clock (engine/timeman).
    const std::optional<TimeBudget> budget =
        match.clock().enabled()
            ? std::optional(time_budget(time_situation(match, now), settings_.level, settings_.think_seconds))
            : std::nullopt;
    const Color receiver = match.colour_of(player);
    std::uint64_t asked;
    {
        std::lock_guard lock(mutex_);
        asked = asked_;
    }
    task_.start([this, settings = settings_, game, snapshot = match.game(), what, budget, receiver,
                 asked](const std::atomic<bool>& stop) -> std::optional<SeatAction> {
        player_->set_settings(settings);
        if (game != player_->game_number()) player_->new_game(game);
        SeatAction a;
        if (what == Ask::Move) {
            const auto on_info = [this, asked](const ThinkInfo& info) {
                std::lock_guard lock(mutex_);
                if (asked_ == asked) info_ = info;
            };
            const Choice c = budget ? player_->choose(snapshot, *budget, &stop, on_info)
                                    : player_->choose(snapshot, &stop, on_info);
            if (stop || c.move.is_none()) return std::nullopt;
            a.kind = SeatAction::Kind::Move;
            a.move = c.move;
            a.why = c.why;
        } else {
            const DrawAnswer d =
                answer_draw_offer(*player_, snapshot, receiver, budget ? &*budget : nullptr, &stop);
            if (stop) return std::nullopt;
            a.kind = d.accept ? SeatAction::Kind::AcceptDraw : SeatAction::Kind::DeclineDraw;
            a.why = d.why;
        }
        return a;
    });
}

std::optional<SeatAction> ComputerSeat::answer() {
    if (ready_) return std::exchange(ready_, std::nullopt);
    return task_.take();
}

ThinkInfo ComputerSeat::progress() const {
    std::lock_guard lock(mutex_);
    return info_;
}

}  // namespace gobblet
