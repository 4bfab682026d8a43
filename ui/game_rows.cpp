// The game screen's key rows (game_screen.h, key_rows.h): for each kind of game, every command key with
// when it works and what it runs. The kind is chosen once (GameScreen::keys): a local game has every key;
// a network game (a peer's, a server's match, a game watched) has none of the local game's own stepping,
// new games and exercises, which the two players never take alone (the absent sentence says so), and its
// takebacks are offers while it is played; once it is over its rows are those of its review (< > Home End
// step through it round by round, and no offer goes); a finished game reviewed from the lobby opens
// nothing else. The footer and the help read the same rows, so they offer exactly what works.
#include <cstdlib>

#include "controls.h"
#include "game_screen.h"

namespace gobblet::ui {

namespace {

using Row = KeyRow<GameScreen>;

}  // namespace

// The rows every kind of game shares, then each kind's own (`over`: a network game's match is over).
std::vector<KeyRow<GameScreen>> GameScreen::rows_of(GameKind kind, bool over) {
    using S = GameScreen;
    const bool network = kind == GameKind::Peer || kind == GameKind::Served || kind == GameKind::Watching;
    const bool served = kind == GameKind::Served || kind == GameKind::Watching || kind == GameKind::Review;
    // The acts of play: offered when the table's one rule allows them now (Table::may_act).
    const auto act = [](Intent a) {
        switch (a) {
            case Intent::Pause: return +[](const S& s) { return s.table_.may_act(Intent::Pause); };
            case Intent::OfferDraw: return +[](const S& s) { return s.table_.may_act(Intent::OfferDraw); };
            case Intent::Resign: return +[](const S& s) { return s.table_.may_act(Intent::Resign); };
            case Intent::Claim: return +[](const S& s) { return s.table_.may_act(Intent::Claim); };
            default: break;
        }
        return +[](const S&) { return Expected<void>{}; };
    };
    std::vector<Row> rows = {
        {Action::Help, nullptr, [](S& s) { s.open_help(); }},
        // q in a network game asks first while it is played (ask_leave says when); elsewhere it leaves.
        {Action::Quit, nullptr, network || served ? +[](S& s) { s.ask_leave(); } : +[](S& s) { s.leave(); }},
        // The group lines of the footer ("Enter play", "arrows cursor"): a spectator plays no move.
        {Action::None,
         kind == GameKind::Watching ? +[](const S& s) { return s.table_.may_act(Intent::Move); } : nullptr},
        {Action::Save, nullptr, [](S& s) { s.table_.save_named(); }},
        {Action::Copy, nullptr, [](S& s) { s.copy(); }},
        // The engine's help: what its one rule allows now (engine_help.h); the help lists only that.
        {Action::ComputerWhite, [](const S& s) { return s.computer_allowed(Color::White); },
         [](S& s) { s.table_.toggle_computer(Color::White); },
         [](const S& s) { return s.table_.help(Help::ComputerSeat).ok(); }},
        {Action::ComputerBlack, [](const S& s) { return s.computer_allowed(Color::Black); },
         [](S& s) { s.table_.toggle_computer(Color::Black); },
         [](const S& s) { return s.table_.help(Help::ComputerSeat).ok(); }},
        {Action::Hint, [](const S& s) { return s.hint_on_offer(); }, [](S& s) { s.hint(); },
         [](const S& s) { return s.table_.help(Help::Hint).ok(); }},
        {Action::Analysis,
         [](const S& s) { return s.ui_.analysis ? Expected<void>{} : s.table_.help(Help::Analysis); },
         [](S& s) { s.teacher_.toggle_analysis(); },
         [](const S& s) { return s.table_.help(Help::Analysis).ok(); }},
        {Action::Pause, act(Intent::Pause), [](S& s) { s.table_.pause(); }},
        {Action::OfferDraw, act(Intent::OfferDraw), [](S& s) { s.table_.offer_draw(); }},
        {Action::Resign, act(Intent::Resign), [](S& s) { s.table_.resign(); }},
        // c claims a round only while a claim stands (it is the absent player's turn, so no move of ours
        // can be typed); otherwise it begins a move like C3B2 (on_key).
        {Action::Claim, act(Intent::Claim), [](S& s) { s.table_.claim_round(); }},
        {Action::ListUp, nullptr, [](S& s) { s.scroll_list(true); }},
        {Action::ListDown, nullptr, [](S& s) { s.scroll_list(false); }},
        {Action::CursorUp, nullptr, [](S& s) { s.move_cursor(-1, 0); }},
        {Action::CursorDown, nullptr, [](S& s) { s.move_cursor(1, 0); }},
        {Action::CursorLeft, nullptr, [](S& s) { s.move_cursor(0, -1); }},
        {Action::CursorRight, nullptr, [](S& s) { s.move_cursor(0, 1); }},
        {Action::Pick, nullptr, [](S& s) { s.on_spot(s.ui_.cursor); }},
        {Action::Cancel, nullptr, [](S& s) { s.cancel(); }},
    };
    if (kind != GameKind::Review)
        rows.push_back({Action::Menu, nullptr, [](S& s) { s.overlays_.open_menu(); }});
    if (network && !over) {
        // Takebacks by agreement: < asks the other player (or agrees to their request that stands).
        rows.push_back({Action::Back, [](const S& s) { return s.table_.may_offer(net::OfferKind::Undo); },
                        [](S& s) { s.table_.request_takeback(); }});
        rows.push_back(
            {Action::Chat, [](const S& s) { return s.chat_allowed(); }, [](S& s) { s.open_chat(); }});
        rows.push_back({Action::ChatLog, [](const S& s) { return s.chat_log_allowed(); },
                        [](S& s) { s.open_chat_log(); }});
        rows.push_back({Action::MoreTime, [](const S& s) { return s.give_time_allowed(); },
                        [](S& s) { s.table_.give_time(); }});
    } else {
        // The players here step through the game themselves (the review of a finished match included: a
        // network game's too, which its review never changes).
        rows.push_back({Action::Back, [](const S& s) { return s.table_.may_step(Table::Step::Back); },
                        [](S& s) { s.step_back(); }});
        rows.push_back({Action::Forward, [](const S& s) { return s.table_.may_step(Table::Step::Forward); },
                        [](S& s) { s.step_forward(); }});
        rows.push_back({Action::ToStart, [](const S& s) { return s.table_.may_step(Table::Step::Start); },
                        [](S& s) { s.step_to(Table::Step::Start); }});
        rows.push_back({Action::ToEnd, [](const S& s) { return s.table_.may_step(Table::Step::End); },
                        [](S& s) { s.step_to(Table::Step::End); }});
        rows.push_back({Action::GotoMove, [](const S& s) { return s.go_to_allowed(); },
                        [](S& s) { s.ask_move_number(); }});
        if (network) {  // the two players may still talk about it
            rows.push_back(
                {Action::Chat, [](const S& s) { return s.chat_allowed(); }, [](S& s) { s.open_chat(); }});
            rows.push_back({Action::ChatLog, [](const S& s) { return s.chat_log_allowed(); },
                            [](S& s) { s.open_chat_log(); }});
        } else {
            const auto network_only = +[](const S&) -> Expected<void> {
                return Failure{"chat works in a network game (--host or --join)"};
            };
            rows.push_back({Action::Chat, network_only});
            rows.push_back({Action::ChatLog, network_only});
        }
        // No time to give: the game is over, or both players sit here (the umpire says which).
        rows.push_back({Action::MoreTime, [](const S& s) { return s.give_time_allowed(); }});
    }
    if (kind == GameKind::Local) {
        rows.push_back({Action::NewGame, nullptr, [](S& s) { s.new_game(); }});
        rows.push_back({Action::Open, nullptr, [](S& s) { s.overlays_.open_list(); }});
        rows.push_back({Action::Puzzles, nullptr, [](S& s) { s.open_puzzles(); }});
        rows.push_back({Action::Tutorial, nullptr, [](S& s) { s.open_tutorial(); }});
    }
    if (served)  // E is a server's match's key: elsewhere on its screen, it says when it works
        rows.push_back(
            {Action::Abort, [](const S& s) { return s.abort_allowed(); }, [](S& s) { s.abort(); }});
    return rows;
}

const KeyRows<GameScreen>& GameScreen::keys() const {
    static const KeyRows<GameScreen> local(screen_local, rows_of(GameKind::Local));
    // What a network game does not offer: the two players play it out together.
    static const std::string network_absent =
        "not in a network game: the two of you play it out (< asks to take a move back)";
    static const KeyRows<GameScreen> peer(screen_local, rows_of(GameKind::Peer), network_absent);
    static const KeyRows<GameScreen> served(screen_served, rows_of(GameKind::Served), network_absent);
    static const KeyRows<GameScreen> watching(screen_served, rows_of(GameKind::Watching), network_absent);
    // A network game that is over: its review (what is absent there is what the game never had).
    static const KeyRows<GameScreen> peer_over(screen_local, rows_of(GameKind::Peer, true), network_absent);
    static const KeyRows<GameScreen> served_over(screen_served, rows_of(GameKind::Served, true),
                                                 network_absent);
    static const KeyRows<GameScreen> watching_over(screen_served, rows_of(GameKind::Watching, true),
                                                   network_absent);
    // A game reviewed from the lobby is for looking at: it opens no other game, puzzle or setting.
    static const KeyRows<GameScreen> review(screen_served, rows_of(GameKind::Review),
                                            "not in a review from the lobby: q goes back there");
    const bool over = match().phase() == MatchPhase::Over;
    switch (kind_) {
        case GameKind::Local: return local;
        case GameKind::Peer: return over ? peer_over : peer;
        case GameKind::Served: return over ? served_over : served;
        case GameKind::Watching: return over ? watching_over : watching;
        case GameKind::Review: return review;
    }
    return local;
}

// ---------------------------------------------------------------------------------------------------
// When the keys work, where it is not the table's rule alone

Expected<void> GameScreen::computer_allowed(Color c) const {
    // A computer seat is handed back whatever the engine's help allows now.
    if (table_.seats().is_computer(table_.seat_of(c))) return {};
    return table_.help(Help::ComputerSeat);
}

Expected<void> GameScreen::hint_on_offer() const {
    if (const Expected<void> allowed = table_.help(Help::Hint); !allowed) return allowed;
    if (table_.review().open())
        return Failure{"a hint is for the game in play, not the review: End goes back to it"};
    return table_.may_act(Intent::Hint);
}

Expected<void> GameScreen::go_to_allowed() const {
    if (table_.review_takes_go_to()) return {};
    return table_.step_allowed();
}

Expected<void> GameScreen::chat_allowed() const {
    const net::Session* s = table_.session();
    // Spectators talk among themselves, through the lobby: only while it is there to carry it.
    if (s && s->playing() && (!s->watching() || lobby_)) return {};
    return Failure{"not connected: nobody to talk to"};
}

Expected<void> GameScreen::abort_allowed() const {
    // A server's match that nobody has moved twice in (not a tournament's).
    const net::Session* s = table_.session();
    if (lobby_ && !served_.tournament && s && !s->watching() && s->playing() &&
        match().rounds().size() == 1 && match().game().moves().size() < 2 &&
        match().phase() == MatchPhase::Playing)
        return {};
    return Failure{"abort works before each side has moved, in a server's match that is no tournament's"};
}

Expected<void> GameScreen::give_time_allowed() const {
    // A tournament's match takes no gifts (the server refuses them too: the client never asks).
    if (lobby_ && served_.tournament && !table_.review().open())
        return Failure{"a tournament's match takes no gifts of time"};
    return table_.may_give_time();
}

Expected<void> GameScreen::chat_log_allowed() const {
    if (table_.chat_log().empty()) return Failure{"nothing has been said yet: Tab says something"};
    return {};
}

// ---------------------------------------------------------------------------------------------------
// What the keys run, where it is not the table's or another part's alone

void GameScreen::open_help() {
    ui_.help = true;
    ui_.help_scroll = 0;
}

void GameScreen::open_chat_log() {
    ui_.help = ui_.chat_page = true;
    ui_.help_scroll = 1 << 20;  // the latest lines: draw_help scrolls back to the last page
}

void GameScreen::open_chat() {
    // A server's game: a line that starts with / is a lobby command (/tell NAME TEXT), which the lobby
    // under this screen reads and sends; never said to the board.
    const auto lobby_line = [this](const std::string& text) {
        if (!lobby_ || text.empty() || text.front() != '/') return false;
        const Expected<std::string> done = lobby_->command(text);
        say(done ? *done : done.why(), !done);
        return true;
    };
    if (table_.session()->watching()) {
        // Spectators talk among themselves (through the lobby), never to the players.
        ui_.entry = LineEntry{"Say to the other spectators (/tell NAME TEXT: to one player)",
                              "",
                              net::max_text,
                              [this, lobby_line](const std::string& text) {
                                  if (text.find_first_not_of(' ') == std::string::npos || lobby_line(text))
                                      return;
                                  if (const Expected<void> sent = lobby_->kibitz(text); !sent)
                                      say(sent.why(), true);
                              },
                              {}};
        return;
    }
    ui_.entry = LineEntry{lobby_ ? "Say (/tell NAME TEXT: to a player in the lobby)" : "Say",
                          "",
                          net::max_text,
                          [this, lobby_line](const std::string& text) {
                              if (text.empty() || lobby_line(text)) return;
                              const Expected<void> said = table_.chat(text);
                              say(said ? "you: " + printable(text) : said.why(), !said);
                          },
                          {}};
}

void GameScreen::abort() {
    if (const Expected<void> sent = lobby_->abort(); !sent) return say(sent.why(), true);
    say("aborting the match: no result, no rating");
}

void GameScreen::ask_move_number() {
    const bool review = table_.review_takes_go_to();
    const Game& shown_game = match().rounds()[table_.review().round(match())].game;
    const std::size_t total = shown_game.moves().size() + (review ? 0 : shown_game.redo_moves().size());
    // Moves as the list numbers them: 7 is White's move 7, 7... Black's (engine/notation.h).
    ui_.entry = LineEntry{
        "Go to move: 7 White's, 7... Black's, 0 the start (" +
            (total == 0 ? std::string("no moves yet") : "last " + move_number_text(total - 1)) + ")",
        "",
        9,
        [this, all = total](const std::string& s) {
            const Expected<std::size_t> plies = parse_move_number(s, all);
            if (!plies) return say(plies.why(), true);
            go_to(*plies);
        },
        {}};
}

void GameScreen::scroll_list(bool up) { scroll_moves(ui_.list_scroll, shown().game().moves().size(), up); }

void GameScreen::cancel() {
    // With nothing to clear or put back, Esc cancels the premove that waits, or else declines the other
    // player's offer that stands.
    if (ui_.prompt.empty() && !ui_.picked && (table_.cancel_premove() || table_.decline_offer())) return;
    ui_.prompt.clear();
    // (Only the piece touched may not go back: not one picked for a premove on the other side's turn.)
    if (ui_.picked && !ui_.picked->stack &&
        match().game().touched() == make_square(ui_.picked->row, ui_.picked->col)) {
        say("official rules: the piece you picked up is touched and must be the one you move", true);
        return;
    }
    if (ui_.picked) {
        ui_.picked.reset();
        say("put back");
    }
    ui_.mode = Mode::typing;
}

}  // namespace gobblet::ui
