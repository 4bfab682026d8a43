// The game screen's play (game_screen.h): moves made with keys, the cursor and the mouse, stepping
// through the game, and the actions of play that are the screen's (a new game, a hint, copying and opening
// records); the table does the rest (table.h). Then a game opened from the lobby: a review, leaving a
// server's match, and what the lobby tells it (lobby_link.h).
#include <algorithm>

#include "controls.h"
#include "game_screen.h"
#include "terminal.h"

namespace gobblet::ui {

// ---------------------------------------------------------------------------------------------------
// Play

void GameScreen::play(const MoveSpec& spec) {
    std::optional<Game> before;  // for the coach, who judges the move in the position it was played in
    if (teacher_.coach_on()) before = match().game();
    switch (table_.play_human(spec)) {
        case Table::MoveResult::Refused: return;
        case Table::MoveResult::Sent:
        case Table::MoveResult::Premoved: ui_.picked.reset(); return;
        case Table::MoveResult::Played:
            ui_.picked.reset();
            if (before) teacher_.coach_after_move(*before, match().game().moves().back());
            return;
    }
}

Color GameScreen::picker() const {
    if (const Expected<int> p = table_.premover()) return match().colour_of(*p);
    return match().game().side_to_move();
}

void GameScreen::on_spot(const Spot& spot) {
    const Game& g = match().game();
    // On the other side's turn a player here picks a premove (table.h): no piece is touched then.
    const Expected<int> premover = table_.premover();
    if (table_.review().open() || (!table_.may_act(Intent::Pick) && !premover)) {
        play(MoveSpec::square(0, 0));  // says why no move can be made now
        return;
    }
    const Position& pos = g.position();
    const Color us = picker();
    const bool early = us != pos.side_to_move();  // a premove's piece
    if (!ui_.picked) {
        if (spot.stack) {
            if (!pos.stack_top(us, spot.index)) {
                say(std::string("stack ") + "XYZ"[spot.index] + " is empty", true);
                return;
            }
            if (g.touched() && !early) {
                say("official rules: the piece on " + square_name(*g.touched()) +
                        " is touched and must be the piece you move",
                    true);
                return;
            }
            ui_.picked = spot;
            say(std::string("picked up ") + stack_name(us, spot.index) +
                (early ? " for a premove: choose where to put it" : ": choose where to put it"));
            return;
        }
        const Square sq = make_square(spot.row, spot.col);
        if (!pos.top_size(sq)) {
            say(square_name(sq) + " is empty", true);
            return;
        }
        if (pos.top_color(sq) != us) {
            say("the piece on " + square_name(sq) + " is " + color_name(~us) + "'s", true);
            return;
        }
        if (early) {  // nothing is touched on the other side's turn
            ui_.picked = spot;
            say("picked up the piece on " + square_name(sq) + " for a premove: choose where to put it");
            return;
        }
        if (!table_.touch(sq)) return;
        ui_.picked = spot;
        say("picked up the piece on " + square_name(sq) + ": choose where to put it" +
            (g.variant().touch_rule() ? " (official rules: it is touched and must be moved)" : ""));
        table_.autosave();
        return;
    }
    const Spot from = *ui_.picked;
    const bool touched = !from.stack && g.touched() == make_square(from.row, from.col);
    if (spot == from || spot.stack) {
        if (touched) {
            say("official rules: the piece you picked up is touched and must be the one you move", true);
            return;
        }
        ui_.picked.reset();
        if (spot == from) {
            say("put back");
            return;
        }
        on_spot(spot);
        return;
    }
    const Square to = make_square(spot.row, spot.col);
    play(from.stack ? MoveSpec::stack_of(us, from.index, to)
                    : MoveSpec::square(make_square(from.row, from.col), to));
}

// ---------------------------------------------------------------------------------------------------
// Stepping through the game

bool GameScreen::can_step(bool tell) {
    const Expected<void> allowed = table_.step_allowed();
    if (!allowed && tell) say(allowed.why(), true);
    return allowed.ok();
}

bool GameScreen::review_step(Table::Step step) {
    if (!table_.review_takes(step)) return false;
    // What the review shows, with the judgement of a move stepped over (not of an ending, nor across
    // rounds).
    const std::size_t round = table_.review().round(match()), before = shown().game().moves().size();
    const Expected<std::string> r = table_.review_step(step);
    ui_.picked.reset();
    if (!r) {
        say(r.why(), true);
        return true;
    }
    const std::size_t after = shown().game().moves().size();
    const bool same_round = table_.review().round(match()) == round;
    std::string suffix;
    if (same_round && after + 1 == before) suffix = teacher_.step_suffix(after);
    if (same_round && after == before + 1) suffix = teacher_.step_suffix(before);
    say(*r + suffix);
    return true;
}

// The players here step back themselves (a network game's takeback is an offer: game_rows.cpp).
void GameScreen::step_back() {
    if (review_step(Table::Step::Back)) return;
    if (!can_step(true)) return;
    if (!match().game().can_undo()) {
        say("nothing to take back: this is the start of the game", true);
        return;
    }
    const std::vector<std::string> taken = table_.take_back();
    ui_.picked.reset();
    std::string m = "took back " + taken[0];
    for (std::size_t i = 1; i < taken.size(); ++i) m += " and " + taken[i];
    if (taken.size() > 1) m += " (your turn again)";
    say(m + "; > replays" + teacher_.step_suffix(match().game().moves().size()));
    table_.after_change(false);
}

void GameScreen::step_forward() {
    if (review_step(Table::Step::Forward)) return;
    const Game& g = match().game();
    if (!g.can_redo()) {
        say("nothing to replay: this is the last move played", true);
        return;
    }
    const Color mover = g.side_to_move();
    const Move m = table_.replay_move();
    ui_.picked.reset();
    say("replayed " + move_name(m, mover) + teacher_.step_suffix(match().game().moves().size() - 1));
    table_.after_change(false);
}

void GameScreen::step_to(Table::Step step) {
    if (review_step(step)) return;
    const Game& g = match().game();
    go_to(step == Table::Step::Start ? 0 : g.moves().size() + g.redo_moves().size());
}

void GameScreen::go_to(std::size_t plies) {
    if (table_.review_takes_go_to()) {
        const Expected<std::string> r = table_.review_go_to(plies);
        ui_.picked.reset();
        return say(r ? *r : r.why(), !r);
    }
    if (!can_step(true)) return;
    table_.go_to(plies);
    ui_.picked.reset();
    const Game& g = match().game();
    say("at " + stands_text(g.moves().size(), g.moves().size() + g.redo_moves().size()) +
        (g.moves().empty() ? "" : teacher_.step_suffix(g.moves().size() - 1)));
    table_.after_change(false);
}

// ---------------------------------------------------------------------------------------------------
// Other actions

void GameScreen::new_game() {
    const bool empty = match().game().moves().empty() && match().rounds().size() == 1;
    if (empty && overlays_.next_variant() == match().variant()) {
        say("this is already a new game");
        return;
    }
    if (empty || table_.records().archived()) {
        ask(Question{
            .text = "start a new game?",
            .answers =
                {{ch('y'), "new game", [this] { start_new(false); },
                  "a new game with the same players, under the rules and on the board the settings (m) "
                  "give for the next game"},
                 {ch('n'), "cancel", [this] { say("cancelled"); }, "nothing changes"}},
            .help = table_.records().archived()
                        ? "The last game is over and kept in your archive (o lists it)."
                        : "",
            .default_answer = 1});
        say("start a new game? (the last one is kept in your archive)");
        return;
    }
    ask(Question{
        .text = "new game: keep this one?",
        .answers = {{ch('k'), "keep this one in your saves and start a new one", [this] { start_new(true); },
                     "the game in progress goes to your saves (o opens it again), and a new game starts"},
                    {ch('d'), "drop this one and start a new one", [this] { start_new(false); },
                     "the game in progress is dropped, and a new game starts"},
                    {ch(27), "cancel", [this] { say("cancelled"); }, "nothing changes: the game goes on"}},
        .help = "A new game replaces the one in progress, which is not over yet.",
        .default_answer = 2});
    say("start a new game: keep the current one in your saves (k) or drop it (d)? Esc cancels");
}

void GameScreen::start_new(bool keep) {
    const std::string kept = previous_game_note(table_.new_match(overlays_.next_variant(), keep));
    ui_.picked.reset();
    teacher_.new_match(false);
    say("new " + std::string(match().single_game() ? "game" : "match") + kept);
    table_.after_change(false);
}

void GameScreen::hint() {
    table_.grant_help();  // before the first move of a timed match: for the whole match, for both
    teacher_.hint();
}

// ---------------------------------------------------------------------------------------------------
// Records

void GameScreen::copy() {
    const Match& m = match();
    const std::string text = m.single_game() ? transcript_text(m.game().moves()) : table_.record_text();
    copy_to_clipboard(text);
    table_.autosave();
    std::string said = "sent " + moves_text(m.game().moves().size()) +
                       " to the terminal's clipboard (if it supports OSC 52)";
    if (table_.records().autosave_intact())
        said += "; the game is also saved at " + table_.records().autosave_path().string();
    say(said);
}

void GameScreen::open_record(const std::filesystem::path& path) {
    // Another autosave's game (the list offers those no copy is playing) moves here, under that slot's
    // lock: it goes on in this copy's autosave, and its old file goes, so that it is in one place.
    saves::AutosaveSlot other;
    if (const std::optional<int> n = saves::slot_of(path);
        n && path.parent_path() == saves::state_dir() && path != table_.records().autosave_path()) {
        Expected<saves::AutosaveSlot> taken = saves::claim_slot(path.parent_path(), *n);
        if (!taken) return say(taken.why() + ": its game is on that copy's board", true);
        other = std::move(taken).take();
    }
    const Expected<std::string> text = saves::read_file(path);
    if (!text) {
        say(text.why(), true);
        return;
    }
    Expected<saves::Record, TranscriptError> r = saves::read_record(*text);
    if (!r) {
        say(printable(path.string()) + ": " + r.why().message(), true);
        return;
    }
    if (other.held() && r->network && r->match.phase() != MatchPhase::Over)
        return say("a network game in progress goes on as it was played: " + shell_word(options_.program) +
                       " --resume continues it",
                   true);
    const std::string kept = previous_game_note(table_.replace_match(std::move(r).take()));
    table_.round_end_handled();
    teacher_.new_match(true);
    ui_.picked.reset();
    const Match& m = match();
    std::string moved;
    if (other.held()) {
        table_.autosave();
        std::error_code ec;
        if (table_.records().autosave_intact() && std::filesystem::remove(path, ec))
            moved = "; it goes on in " + table_.records().autosave_path().string();
    }
    say("opened " + path.filename().string() + " (" + moves_text(m.game().moves().size()) +
        (m.game().over() ? ", " + m.round_result_text() : "") + ")" + kept + moved);
    table_.after_change(false);
    if (m.game().over() && m.phase() != MatchPhase::Over && table_.ask_round_question())
        say(ui_.message + ". " + ui_.question->text + ".");
}

void GameScreen::review(saves::Record record, const std::string& what) {
    kind_ = GameKind::Review;
    review_clocks_ = record.clocks;  // a server's record: each move's clock reading (%clk)
    std::array<SeatSpec, 2> seats = record.seats;
    // A computer that played (a server's bot) is named as one; in the review nobody plays for anyone.
    std::string computers;
    for (int p : {0, 1})
        if (seats[p].kind == SeatKind::Computer)
            computers += (computers.empty() ? "" : " and ") + record.match.name(p);
    for (SeatSpec& s : seats) s.kind = SeatKind::Human;
    table_.load_match(std::move(record.match), record.clock, true);
    table_.install_seats(seats);
    table_.round_end_handled();
    teacher_.new_match(true);  // the engine's marks, move by move
    overlays_.set_next_variant(match().variant());
    say("reviewing " + what + " (" + moves_text(match().game().moves().size()) +
        (computers.empty() ? "" : "; " + computers + " played as a computer") +
        "): < and > step through it, i shows the analysis, q goes back to the lobby");
}

std::optional<std::array<Millis, 2>> GameScreen::review_clock_faces() const {
    // The clocks as they stood after the move shown (in the round shown): each side's last reading (the
    // start's before it).
    const Match& shown = table_.shown();
    const std::size_t r = table_.review().round(match());
    if (r >= review_clocks_.size() || r >= shown.rounds().size()) return std::nullopt;
    const std::vector<std::optional<Millis>>& readings = review_clocks_[r];
    const std::size_t k = shown.rounds()[r].game.moves().size();
    const Millis full = clock_full(match().clock().settings());
    std::array<Millis, 2> faces{};
    for (int side : {0, 1}) {  // White's moves are 0, 2, 4...; Black's 1, 3...
        std::optional<Millis> left;
        for (std::size_t i = std::size_t(side); i < k && i < readings.size(); i += 2) left = readings[i];
        faces[std::size_t(side)] = left.value_or(full);
    }
    return faces;
}

std::string GameScreen::review_clock_note() const {
    const std::optional<std::array<Millis, 2>> faces = review_clock_faces();
    if (!faces) return "";
    const Match& shown = table_.shown();
    const std::size_t r = table_.review().round(match());
    std::string out;
    for (int side : {0, 1}) {
        const int player = side == 0 ? shown.rounds()[r].white : 1 - shown.rounds()[r].white;
        out += (side ? ", " : "") + match().name(player) + " " + clock_face((*faces)[std::size_t(side)]);
    }
    const std::size_t k = shown.rounds()[r].game.moves().size();
    return "clocks " + (k == 0 ? std::string("at the start") : "after " + ply_words(k - 1)) + ": " + out;
}

void GameScreen::ask_leave() {
    // One question for every network game a player leaves while it is played: a server's match, whose
    // server keeps it, and a peer's timed game, whose clocks run on after the grace. A game watched, one
    // that is over, and a peer's game without a clock (or nobody at the other end) are left at once.
    const net::Session* s = table_.session();
    if (!s || s->watching() || match().phase() == MatchPhase::Over) return leave();
    const bool served = lobby_ != nullptr;
    if (!served && (!match().clock().enabled() || !s->playing())) return leave();
    const std::string other = match().name(s->remote_player());
    Question q{
        .text = std::string(served ? "leave the match against " : "quit the game against ") + other + "?",
        .answers = {},
        .help = served ? "The match is the server's: leaving it does not end it. Resign (R) ends it."
                       : "The game is saved on both sides and goes on when you come back; meanwhile "
                         "the host decides, and after its grace your clock runs on your turn. "
                         "Resign (R) ends it.",
        .default_answer = 0};
    if (served) {
        q.answers = {
            {ch('y'), "back to the lobby", [this] { leave(); },
             "back to the lobby: the server keeps the match; after its grace your clock runs on your "
             "turn, and Enter on the game in the lobby takes you back"},
            {ch('x'), "quit the program", [this] { nav_.quit(); },
             "quit the program: the server keeps the match, and --lobby takes you back to it"}};
    } else {
        const std::optional<saves::NetworkPlace> place = table_.network_place();
        q.answers = {
            {ch('y'), "quit", [this] { leave(); },
             "quit the program: the game is saved" +
                 (place ? ", and " + network_resume_command(options_.program, *place) + " continues it"
                        : std::string()) +
                 "; after its grace your clock runs on your turn"}};
    }
    q.answers.push_back({ch('n'), "play on", [this] { say("play on"); }, "stay in the game"});
    q.default_answer = int(q.answers.size()) - 1;  // Esc plays on
    ask(std::move(q));
    say(ui_.question->text);
}

void GameScreen::serve_match() {
    // The intro once play is on (after the connection's own "the game starts").
    if (!served_.intro.empty() && table_.session() && table_.session()->playing())
        say(std::exchange(served_.intro, {}));
    // A tournament's next match, announced on the result: it opens by itself after its countdown.
    if (next_at_ >= 0 && now() >= next_at_) return leave();
    if (!table_.networked()) return;
    const bool over = match().phase() == MatchPhase::Over;
    if (!over && lobby_over_.empty()) return;
    // The result stays until a key: with the ratings' changes once the lobby has them, the opponent's
    // rematch offer, a tournament's next match and its countdown.
    // The status line shows the result of a match that ended on the board: the message does not repeat it.
    std::string text = over ? "The match is over" : lobby_over_;
    if (over && !lobby_changes_.empty()) text += ": " + lobby_changes_;
    const net::Session* s = table_.session();
    const bool player = s && !s->watching();
    const bool rematch = lobby_ && player && !served_.tournament;
    if (!rematch_offer_.empty()) text += ". " + rematch_offer_;
    if (!next_.empty()) text += ". Next: " + next_;
    // Said again when it changed (the ratings came, a rematch was offered, the next match was announced
    // after the result was said), not at each step of the countdown.
    const bool news = !end_said_ || end_text_ != text;
    end_said_ = true;
    end_text_ = text;
    // Reviewed here until q (news still said; a next match asks again, and opens by itself).
    if (end_review_ && over && next_.empty()) {
        if (news) say(text + " (q goes back to the lobby)");
        return;
    }
    // The countdown runs on the prompt line, redrawn each second (until_next); the message said it once.
    std::string other = !next_.empty() ? "the next match" : "back to the lobby";
    if (!next_.empty()) {
        const Millis left = std::max<Millis>(0, next_at_ - now());
        other += " (it opens by itself in " + std::to_string((left + 999) / 1000) + " s)";
    }
    if (ui_.question && ui_.question->text == text && ui_.question->other_label == other) return;
    Question q{.text = text,
               .answers = {},
               .help = "The match is over; the server keeps it, and h in the lobby lists it for review." +
                       std::string(rematch ? " r offers a rematch: the same terms, colours swapped; the "
                                             "opponent accepts it with one key (r here too)."
                                           : ""),
               .on_other = [this] { leave(); },
               .other_label = other};
    // A match played to its end is reviewed here first, as any finished network match is (< > Home End).
    if (over && next_.empty())
        q.answers.push_back({ch('<'), "review it", [this] {
                                 end_review_ = true;
                                 step_back();
                             }});
    if (rematch)
        q.answers.push_back({ch('r'), rematch_offer_.empty() ? "rematch" : "accept the rematch", [this] {
                                 if (const Expected<void> sent = lobby_->rematch(); !sent)
                                     return say(sent.why(), true);
                                 say(rematch_offer_.empty() ? "rematch offered: waiting for the answer"
                                                            : "rematch accepted");
                             }});
    ui_.question = std::move(q);
    if (news) say(text);
}

}  // namespace gobblet::ui
