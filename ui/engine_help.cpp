#include "engine_help.h"

namespace gobblet::ui {

namespace {

const char* what(Help h) {
    switch (h) {
        case Help::ComputerSeat: return "no computer plays for you";
        case Help::Hint: return "no hint";
        case Help::Analysis: return "no analysis";
        case Help::Coach: return "no coach";
        case Help::Review: return "no review";
    }
    return "no help";
}

// Why `g` refuses `h` now, as the end of a sentence that names the help ("" when it does not).
std::string why_not(const HelpGame& g, Help h) {
    if (g.over) return "";
    switch (g.kind) {
        case HelpGame::Kind::Local:
            if (h == Help::ComputerSeat || h == Help::Review || !g.timed || !g.started || g.granted)
                return "";
            return "in a timed match once play has started: the engine's help (i or !) is switched on before "
                   "the first move, and then stays on offer for both players";
        case HelpGame::Kind::Peer:
            if (g.allowed) return "";
            return "in this network game while it is played: the host's terms allow no engine help "
                   "(--allow-help would)";
        case HelpGame::Kind::Server:
            return "in a game on a server while it is played: it is won at the board (computers play there "
                   "as "
                   "bot accounts); the review after it has it all";
        case HelpGame::Kind::Spectator: return "while the game is live: the review after it has it all";
    }
    return "";
}

}  // namespace

Expected<void> help_allowed(const HelpGame& g, Help h) {
    const std::string why = why_not(g, h);
    if (why.empty()) return {};
    return Failure{std::string(what(h)) + " " + why};
}

std::string help_note(const HelpGame& g) {
    const std::string why = why_not(g, Help::Hint);
    if (why.empty()) return "";
    return std::string(g.kind == HelpGame::Kind::Local ? "No hint, analysis or coach "
                                                       : "No engine help (a computer on your seat, hints, "
                                                         "analysis) ") +
           why + ".";
}

}  // namespace gobblet::ui
