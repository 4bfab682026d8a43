// The game screen's pastes (game_screen.h): a move onto the prompt, a continuation of the game, or a whole
// game or match that may replace the one on the board. Refused whole, with the reason, when it does not
// read.
#include "controls.h"
#include "game_screen.h"

namespace gobblet::ui {

void GameScreen::on_paste(const InputEvent& e) {
    ui_.note.clear();  // the player is at the keyboard: the start's note has been seen
    if (e.too_big) {
        say("paste refused, nothing changed: it is larger than " + std::to_string(max_paste_bytes / 1024) +
                " KiB, far more than any game",
            true);
        return;
    }
    if (e.not_text) {
        say("paste refused, nothing changed: it is not text (it holds control codes or bytes that are not "
            "UTF-8)",
            true);
        return;
    }
    if (table_.networked() && e.text.find('\n') != std::string::npos) {
        say("paste refused: a network game is played move by move (paste a single move at the prompt)", true);
        return;
    }
    std::string text = e.text;
    if (!e.bracketed) {  // a burst may have begun at the prompt, typed as keys before it was recognised
        text = ui_.prompt + text;
        ui_.prompt.clear();
    }
    const bool one_line = text.find('\n') == std::string::npos;
    const ParsedMoves parsed = parse_moves(text);
    if (parsed.error) {
        say("paste refused, nothing changed: " + parsed.error->message(), true);
        return;
    }
    if (parsed.moves.empty()) {
        say("the paste held no moves", true);
        return;
    }
    if (parsed.moves.size() == 1 && one_line) {
        // A single move pasted onto the prompt: the player checks it and presses Enter.
        ui_.mode = Mode::typing;
        ui_.prompt = text.substr(0, max_prompt);
        return;
    }
    ui_.prompt.clear();
    const bool record =
        text.find("% round ") != std::string::npos || text.find("% gobblet match") != std::string::npos;
    if (!record) {
        // A continuation of the current game?
        Game continued = match().game();
        const auto err = continued.play_transcript(parsed.moves);
        if (!err && !match().game().over() && match().phase() == MatchPhase::Playing) {
            table_.continue_with({continued.moves().begin() + std::ptrdiff_t(match().game().moves().size()),
                                  continued.moves().end()});
            ui_.picked.reset();
            say("pasted " + moves_text(parsed.moves.size()) + "; " +
                outcome_text(match().game().result(), match().game().side_to_move()));
            table_.after_change(true);
            return;
        }
        if (match().game().moves().empty() && err) {
            say("paste refused, nothing changed: " + err->message("--rules"), true);
            return;
        }
    }
    // A whole game or match from the start.
    saves::LoadedRecord r = saves::read_record(text, {match().variant().rules, match().variant().size});
    if (r.error) {
        say("paste refused, nothing changed: " + r.message("--rules"), true);
        return;
    }
    auto pending = std::make_shared<saves::Record>(std::move(*r.record));
    const std::string what = pending->is_match
                                 ? "a match (round " + std::to_string(pending->match.round_number()) + ")"
                                 : "a whole game of " + moves_text(pending->match.game().moves().size());
    ask(Question{
        .text = "the paste is " + what + ": replace the current game with it? (the current one is kept)",
        .answers = {{ch('y'), "replace",
                     [this, pending] {
                         const std::string kept = table_.replace_match(std::move(*pending));
                         ui_.picked.reset();
                         teacher_.new_match(true);
                         say("replaced the game with the pasted one (" +
                             moves_text(match().game().moves().size()) + ")" + kept);
                         table_.after_change(false);
                     },
                     "the pasted game replaces the one on the board, which goes to your saves first"},
                    {ch('n'), "keep the current game", [this] { say("cancelled: nothing changed"); },
                     "nothing changes: the paste is dropped"}},
        .help = "The paste does not follow on from the game on the board: it is a game of its own from the "
                "start.",
        .default_answer = 1});
    say(ui_.question->text);
}

}  // namespace gobblet::ui
