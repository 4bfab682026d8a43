#include "absence.h"

namespace gobblet {

namespace {

// "0:09", "4:30", "1:02:05": a wait in whole seconds, rounded up (so 0:00 only when nothing is left).
std::string wait_text(Millis ms) {
    const long long total = ms <= 0 ? 0 : (ms + 999) / 1000;
    const auto two = [](long long v) { return (v < 10 ? "0" : "") + std::to_string(v); };
    if (total >= 3600)
        return std::to_string(total / 3600) + ":" + two(total / 60 % 60) + ":" + two(total % 60);
    return std::to_string(total / 60) + ":" + two(total % 60);
}

bool to_move(const Match& m, int player) {
    return !m.game().over() && m.player_of(m.game().side_to_move()) == player;
}

}  // namespace

AbsenceStage Absence::stage(Millis now) const {
    if (now < grace_end()) return AbsenceStage::Grace;
    if (clock_runs_) return AbsenceStage::ClockRuns;
    return now < claim_from() ? AbsenceStage::Waiting : AbsenceStage::ClaimAllowed;
}

Millis Absence::until_next(Millis now) const {
    switch (stage(now)) {
        case AbsenceStage::Grace: return grace_end() - now;
        case AbsenceStage::Waiting: return claim_from() - now;
        case AbsenceStage::ClockRuns:
        case AbsenceStage::ClaimAllowed: return -1;
    }
    return -1;
}

Expected<void> may_claim(const Match& m, int absent, const Absence& a, Millis now) {
    const std::string& name = m.name(absent);
    if (m.game().over()) return Failure{"the round is over"};
    switch (a.stage(now)) {
        case AbsenceStage::ClockRuns: return {};  // at once: the claim decides what their clock would
        case AbsenceStage::Grace:
            return Failure{name + " may still come back: you may claim the round in " +
                           wait_text((a.clock_runs() ? a.grace_end() : a.claim_from()) - now)};
        case AbsenceStage::Waiting:
            return Failure{name + " has been away " + wait_text(now - a.since()) +
                           ": you may claim the round in " + wait_text(a.claim_from() - now)};
        case AbsenceStage::ClaimAllowed: break;
    }
    if (to_move(m, 1 - absent) && !m.clock().paused())
        return Failure{"it is your move: play it, then you may claim on " + name + "'s turn"};
    return {};
}

std::string absence_text(const Match& m, int absent, const Absence& a, Millis now) {
    const std::string& name = m.name(absent);
    const bool over = m.game().over();
    const bool theirs = to_move(m, absent);
    switch (a.stage(now)) {
        case AbsenceStage::Grace: {
            // The player who stayed moves on their own turn all the while (a grace stops clocks, not play).
            const std::string grace = wait_text(a.grace_end() - now);
            if (!a.clock_runs()) {
                const std::string claim = wait_text(a.claim_from() - now);
                if (over || theirs) return name + " is away: you may claim the round in " + claim;
                return name + " is away: play on (a claim in " + claim + ")";
            }
            return name + " is away: the clocks stand for " + grace + " more (what is left of " + name +
                   "'s grace), then " +
                   (over     ? std::string("play goes on")
                    : theirs ? name + "'s time runs again"
                             : "your time runs again; you may move now");
        }
        case AbsenceStage::ClockRuns: {
            if (over) {
                const bool their_choice = m.phase() == MatchPhase::ChoosingStarter && m.chooser() == absent;
                return name + " is away" +
                       (their_choice ? ": the next round waits for their choice of starter" : "");
            }
            const Color side = m.colour_of(absent);
            const std::string left = wait_text(m.clock().until_flag(side, now));
            const std::string claim = "; you may claim the round or a draw, or wait";
            if (theirs) return name + " is away: " + name + "'s clock runs, " + left + " left" + claim;
            return name + " is away: your clock runs; when you have moved, " + name + "'s runs (" + left +
                   " left)" + claim;
        }
        case AbsenceStage::Waiting:
            return name + " has been away " + wait_text(now - a.since()) + ": you may claim the round in " +
                   wait_text(a.claim_from() - now) +
                   (over || theirs || m.clock().paused() ? "" : " (on their turn)");
        case AbsenceStage::ClaimAllowed:
            if (over) return name + " has been away " + wait_text(now - a.since());
            return name + " has been away " + wait_text(now - a.since()) + ": you may claim the round" +
                   (theirs || m.clock().paused() ? "" : " once you have moved");
    }
    return {};
}

}  // namespace gobblet
