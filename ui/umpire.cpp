// A local table's umpire (umpire.h): requests decided on the table's match at once, and said.
#include "umpire.h"

namespace gobblet::ui {

namespace {

Reply made(std::string said, bool moved = false) {
    Reply r{.kind = Reply::Kind::Made, .changed = true, .moved = moved};
    if (!said.empty()) r.said.push_back({std::move(said), false});
    return r;
}

}  // namespace

Reply LocalUmpire::move_here(const MoveSpec& spec) {
    Game& g = match_.game();
    const Color mover = g.side_to_move();
    const Expected<void> played = match_.play(spec, now());
    const std::string& reason = played.why();
    if (played)
        return made(match_.names_by_colour()[index(mover)] + " played " + move_name(g.moves().back(), mover),
                    true);
    std::string m = spec_name(spec) + ": " + reason;
    if (g.over() && g.result().ending == Ending::Forfeit)
        m += " (the touched piece could not move)";
    else if (const auto t = g.touched(); t && reason.find("touched") == std::string::npos)
        m += "; official rules: the piece on " + square_name(*t) +
             " is touched and must be the piece you move";
    return Reply{.said = {{m, true}}, .changed = g.over()};  // a forfeit ends the round
}

Reply LocalUmpire::computer_move(const MoveSpec& spec, const std::string& reason) {
    Game& g = match_.game();
    const Color mover = g.side_to_move();
    if (!match_.play(spec, now())) return Reply{.changed = true};  // a flag fell first
    return made(match_.names_by_colour()[index(mover)] + " played " + move_name(g.moves().back(), mover) +
                    ": " + reason,
                true);
}

Reply LocalUmpire::touch(Square sq) {
    Game& g = match_.game();
    if (const Expected<void> touched = g.touch(sq); !touched) return Reply{.said = {{touched.why(), true}}};
    if (g.over())
        return Reply{.said = {{"official rules: the touched piece on " + square_name(sq) +
                                   " cannot move, and that forfeits",
                               true}},
                     .changed = true};
    return Reply{.kind = Reply::Kind::Made};
}

Reply LocalUmpire::choose_starter(int player) {
    match_.choose_starter(player, now());
    return made(match_.name(player) + " starts round " + std::to_string(match_.round_number()));
}

Reply LocalUmpire::replay() {
    match_.next_round(now());
    return made("round " + std::to_string(match_.round_number()) +
                " is played again: " + match_.names_by_colour()[0] + " starts");
}

Reply LocalUmpire::resign(int player) {
    match_.resign(match_.colour_of(player), now());
    return made("");
}

Reply LocalUmpire::answer_draw(int player, bool accept, const std::string& reason) {
    const std::string who = match_.name(player) + " ";
    if (accept && !match_.game().over()) {
        match_.agree_draw(now());
        return made(who + (reason.empty() ? "accepts the draw" : reason));
    }
    return Reply{.kind = Reply::Kind::Made,
                 .said = {{who + (reason.empty() ? "declines the draw" : reason) + "; play goes on", false}}};
}

Reply LocalUmpire::hand_over(int player, bool to_computer, Level level) {
    // The match does not change: the table hands the seat over, and saves it.
    return Reply{.kind = Reply::Kind::Made,
                 .said = {{std::string("computer plays ") + color_name(match_.colour_of(player)) + ": " +
                               (to_computer ? "on" : "off") +
                               (to_computer ? std::string(" (level ") + level_name(level) + ")" : ""),
                           false}}};
}

Expected<void> LocalUmpire::may(Intent act) const {
    switch (act) {
        case Intent::Claim: return claim_refusal();  // both players sit here: nobody left
        case Intent::Move:
        case Intent::Pick:
        case Intent::Pause:
        case Intent::OfferDraw:
        case Intent::Resign:
        case Intent::Hint: break;  // the table's own rules decide
    }
    return {};
}

}  // namespace gobblet::ui
