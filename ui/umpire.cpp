// A local table's umpire (umpire.h): requests decided on the table's match at once, and said.
#include "umpire.h"

namespace gobblet::ui {

namespace {

Ruling made(std::string said, bool moved = false) {
    Ruling r{.kind = Ruling::Kind::Made, .changed = true, .moved = moved};
    if (!said.empty()) r.said.push_back({std::move(said), false});
    return r;
}

}  // namespace

Ruling LocalUmpire::move_here(const MoveSpec& spec) {
    Game& g = match_.game();
    const Color mover = g.side_to_move();
    const Expected<void> played = match_.play(spec, true, now());
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
    return Ruling{.said = {{m, true}}, .changed = g.over()};  // a forfeit ends the round
}

Ruling LocalUmpire::computer_move(const MoveSpec& spec, const std::string& reason) {
    Game& g = match_.game();
    const Color mover = g.side_to_move();
    if (!match_.play(spec, false, now())) return Ruling{.changed = true};  // a flag fell first
    return made(match_.names_by_colour()[index(mover)] + " played " + move_name(g.moves().back(), mover) +
                    ": " + reason,
                true);
}

Ruling LocalUmpire::touch(Square sq) {
    Game& g = match_.game();
    if (const Expected<void> touched = g.touch(sq); !touched) return Ruling{.said = {{touched.why(), true}}};
    if (g.over())
        return Ruling{.said = {{"official rules: the touched piece on " + square_name(sq) +
                                    " cannot move, and that forfeits",
                                true}},
                      .changed = true};
    return Ruling{.kind = Ruling::Kind::Made};
}

Ruling LocalUmpire::choose_starter(int player) {
    match_.choose_starter(player, now());
    return made(match_.name(player) + " starts round " + std::to_string(match_.round_number()));
}

Ruling LocalUmpire::replay() {
    match_.next_round(now());
    return made("round " + std::to_string(match_.round_number()) +
                " is played again: " + match_.names_by_colour()[0] + " starts");
}

Ruling LocalUmpire::resign(int player) {
    match_.resign(match_.colour_of(player), now());
    return made("");
}

Ruling LocalUmpire::answer_draw(int player, bool accept, const std::string& reason) {
    const std::string who = match_.name(player) + " ";
    if (accept && !match_.game().over()) {
        match_.agree_draw(now());
        return made(who + (reason.empty() ? "accepts the draw" : reason));
    }
    return Ruling{
        .kind = Ruling::Kind::Made,
        .said = {{who + (reason.empty() ? "declines the draw" : reason) + "; play goes on", false}}};
}

Ruling LocalUmpire::hand_over(int player, bool to_computer, Level level) {
    // The match does not change: the table hands the seat over, and saves it.
    return Ruling{.kind = Ruling::Kind::Made,
                  .said = {{std::string("computer plays ") + color_name(match_.colour_of(player)) + ": " +
                                (to_computer ? "on" : "off") +
                                (to_computer ? std::string(" (level ") + level_name(level) + ")" : ""),
                            false}}};
}

Expected<void> LocalUmpire::may(Act act) const {
    switch (act) {
        case Act::Claim: return claim_refusal();  // both players sit here: nobody left
        case Act::Move:
        case Act::Pick:
        case Act::Pause:
        case Act::OfferDraw:
        case Act::Resign:
        case Act::Hint: break;  // the table's own rules decide
    }
    return {};
}

}  // namespace gobblet::ui
