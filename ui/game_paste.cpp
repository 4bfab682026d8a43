#include "game_paste.h"

#include "controls.h"
#include "table.h"

namespace gobblet::ui {

namespace {

PasteReading reading(PasteReading::Kind kind, std::string text, std::optional<std::string> prompt) {
    PasteReading r;
    r.kind = kind;
    r.text = std::move(text);
    r.prompt = std::move(prompt);
    return r;
}

PasteReading refused(std::string why, std::optional<std::string> prompt = std::nullopt) {
    return reading(PasteReading::Kind::Refused, std::move(why), std::move(prompt));
}

}  // namespace

PasteReading read_paste(const InputEvent& e, const Match& match, bool networked, const std::string& prompt) {
    if (e.too_big)
        return refused("paste refused, nothing changed: it is larger than " +
                       std::to_string(max_paste_bytes / 1024) + " KiB, far more than any game");
    if (e.not_text)
        return refused(
            "paste refused, nothing changed: it is not text (it holds control codes or bytes that are not "
            "UTF-8)");
    if (networked && e.text.find('\n') != std::string::npos)
        return refused(
            "paste refused: a network game is played move by move (paste a single move at the prompt)");
    std::string text = e.text;
    std::optional<std::string> emptied;
    if (!e.bracketed) {  // a burst may have begun at the prompt, typed as keys before it was recognised
        text = prompt + text;
        emptied = "";
    }
    const bool one_line = text.find('\n') == std::string::npos;
    const Expected<std::vector<WrittenMove>, TextError> parsed = parse_moves(text);
    if (!parsed) return refused("paste refused, nothing changed: " + parsed.why().message(), emptied);
    if (parsed->empty()) return refused("the paste held no moves", emptied);
    if (parsed->size() == 1 && one_line)  // a single move onto the prompt: the player checks it
        return reading(PasteReading::Kind::Prompt, "", text.substr(0, max_prompt));
    // A record read as one: a match, or a game whose ending the moves do not show (a resignation, an agreed
    // draw), which a continuation of the moves alone would drop.
    const bool record = text.find("% round ") != std::string::npos ||
                        text.find("% gobblet match") != std::string::npos ||
                        text.find("% ending: ") != std::string::npos;
    if (!record) {
        // A continuation of the current game?
        Game continued = match.game();
        const auto played = continued.play_transcript(*parsed);
        if (played && !match.game().over() && match.phase() == MatchPhase::Playing) {
            // Named as the move list numbers them: "pasted White's move 3 to Black's move 5".
            const std::size_t from = match.game().moves().size(), last = from + parsed->size() - 1;
            PasteReading r =
                reading(PasteReading::Kind::Continue,
                        "pasted " + ply_words(from) + (last > from ? " to " + ply_words(last) : ""), "");
            r.moves.assign(continued.moves().begin() + std::ptrdiff_t(match.game().moves().size()),
                           continued.moves().end());
            return r;
        }
        if (match.game().moves().empty() && !played)
            return refused("paste refused, nothing changed: " + played.why().message("--rules"), "");
    }
    // A whole game or match from the start.
    Expected<saves::Record, TranscriptError> r =
        saves::read_record(text, {match.variant().rules, match.variant().size});
    if (!r) return refused("paste refused, nothing changed: " + r.why().message("--rules"), "");
    PasteReading whole = reading(PasteReading::Kind::Whole, "", "");
    whole.record = std::make_shared<saves::Record>(std::move(r).take());
    const saves::Record& read = *whole.record;
    whole.what = read.is_match ? "a match (round " + std::to_string(read.match.round_number()) + ")"
                               : "a whole game of " + moves_text(read.match.game().moves().size());
    return whole;
}

}  // namespace gobblet::ui
