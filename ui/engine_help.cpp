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

// Whether `g` allows `h` now, or why not, as the end of a sentence that names the help.
Expected<void> allows(const HelpGame& g, Help h) {
    if (g.over) return {};
    switch (g.kind) {
        case HelpGame::Kind::Local:
            if (h == Help::ComputerSeat || h == Help::Review || !g.timed || !g.started || g.granted)
                return {};
            return Failure{
                "in a timed match once play has started: the engine's help (i or !) is switched on before "
                "the first move, and then stays on offer for both players"};
        case HelpGame::Kind::Peer:
            if (g.allowed) return {};
            return Failure{
                "in this network game while it is played: the host's terms allow no engine help "
                "(--allow-help would)"};
        case HelpGame::Kind::Server:
            return Failure{
                "in a game on a server while it is played: it is won at the board (computers play there "
                "as "
                "bot accounts); the review after it has it all"};
        case HelpGame::Kind::Spectator:
            return Failure{"while the game is live: the review after it has it all"};
    }
    return {};
}

}  // namespace

Expected<void> help_allowed(const HelpGame& g, Help h) {
    const Expected<void> allowed = allows(g, h);
    if (allowed) return {};
    return Failure{std::string(what(h)) + " " + allowed.why()};
}

std::string help_note(const HelpGame& g) {
    const Expected<void> allowed = allows(g, Help::Hint);
    if (allowed) return "";
    return std::string(g.kind == HelpGame::Kind::Local ? "No hint, analysis or coach "
                                                       : "No engine help (a computer on your seat, hints, "
                                                         "analysis) ") +
           allowed.why() + ".";
}

}  // namespace gobblet::ui
