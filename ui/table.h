// A table: one match and the two who play it. It holds the Match, the two seats and what each was asked,
// a draw offer the computer considers, the clock's ticks and flags, the ends of rounds and who chooses the
// next starter. It owns the match's records (table_records.h: the autosave, the archive, the saves) and,
// in a network game, its link (table_link.h: the net::Session of a peer's host or joiner, or of a
// server's game, and what it reports). It speaks to the players through a TableReport: notices for the
// message line and questions for the players here. It never calls curses and never reads the time itself
// (its clock is given): the game screen (ui/game_screen.h) shows it and drives it once a turn, and the
// unit tests drive it directly (tests/test_table.cpp).
//
// A table is local or networked from the start, and its umpire (umpire.h) says which: the changes its
// players ask for (a move, a starter, a resignation...) go to a LocalUmpire, which makes them at once, or,
// once host() or join() gave the table its link, to the link, which sends them to the host. The table
// reads its match through the umpire (match()): its own in a local game; in a network game the session's,
// which alone changes it (it has checked every change with the engine, and the host's session runs the
// clock; docs/network.md).
#pragma once

#include <poll.h>

#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "engine/match.h"
#include "engine/notation.h"
#include "engine/player.h"
#include "engine/seat.h"
#include "engine_help.h"
#include "loop.h"
#include "net/session.h"
#include "saves/record.h"
#include "saves/settings.h"
#include "state.h"
#include "table_link.h"
#include "table_records.h"
#include "table_review.h"
#include "table_seats.h"

namespace gobblet::ui {

// How fast the computer plays when it plays both sides, for watching.
struct Speed {
    const char* name;
    Millis pause;
};
inline constexpr Speed speeds[] = {{"fast", 0}, {"normal", 400}, {"slow", 2000}};
static_assert(std::string_view(speeds[0].name) == saves::speed_names[0] &&
                  std::string_view(speeds[1].name) == saves::speed_names[1] &&
                  std::string_view(speeds[2].name) == saves::speed_names[2],
              "the settings file names the speeds as the menu does");

// What a table tells the players at it: the screen that shows the table implements it (a test records
// it). Every call comes from inside a call to the table.
class TableReport {
  public:
    virtual ~TableReport() = default;
    // News for the message line: a move played, an offer, a refusal (`error`), a failed autosave.
    virtual void notice(std::string text, bool error) = 0;
    // A question for a player here (who starts the next round, accept the draw?); its answers act on
    // the table. It replaces a question still open.
    virtual void ask(Question q) = 0;
    // The question asked no longer stands: the other side's answer or a lost connection settled it.
    virtual void withdraw_question() {}
    // A question waits for its answer here.
    virtual bool question_open() const { return false; }
    // The seats stopped working (the position changed under them, a new match): what searched for a
    // player here (a hint, the coach's look) no longer applies either.
    virtual void seats_cancelled() {}
    // A move was played on the board (by anyone).
    virtual void moved() {}
    // A round ended: a move half made here (a picked piece, a typed prompt) is dropped.
    virtual void round_over() {}
    // A chat line arrived ("Eamon: nice move"), said as a notice too: it stays in sight until the
    // player's next key, whatever news follows it.
    virtual void chat_heard(const std::string& /*line*/) {}
    // Joining a network game failed before play began (refused, or the connection failed): `why`;
    // `wrong_code`: the host refused the code, and another may be given.
    virtual void join_failed(const std::string& /*why*/, bool /*wrong_code*/ = false) {}
    // A player here chose to quit at one of the table's questions (the lost connection's "q quit").
    virtual void quit() {}
};

class Table {
  public:
    struct Config {
        std::string program = "gobblet";  // how messages name the program ("./main --resume continues it")
        PlayerSettings player;            // the computer seats' level, think time and seed
        int speed = 1;                    // index into speeds: the pace of a computer playing itself
        // The match is kept in the autosave (--resume continues it). A server's match or a game opened
        // from the lobby is not: the server keeps those, and the player's own game stays resumable.
        bool autosave = true;
    };
    // `clock` is the time source: the turn's time (ScreenContext::clock, one instant a turn), or a test's
    // counter. The table keeps references to `loop` and `report`, which outlive it.
    Table(Config config, EventLoop& loop, std::function<Millis()> clock, TableReport& report);
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;
    ~Table();

    Millis now() const { return clock_(); }
    // The match at the table: a local game's own, a network game's its session's (the umpire knows).
    const Match& match() const { return umpire_->match(); }

    // The seats (table_seats.h: who plays for each player, whether the computer is thinking, its
    // settings), which the table changes (the names follow them).
    const TableSeats& seats() const { return seats_; }
    // Puts in the seats `specs` ask for, names included (a name given, else the seat's default name).
    void install_seats(const std::array<SeatSpec, 2>& specs);
    // Hands a player's side to a new seat of `kind` (the computer at the configured level).
    void set_seat(int player, SeatKind kind);
    SeatView seat_view(int player) const;
    int seat_of(Color c) const { return match().player_of(c); }
    // The human at the keyboard who acts now (offers, resigns, asks for a hint): the side to move when a
    // human plays it, else the only human; -1 when no human plays.
    int acting_human() const;
    // Stops every seat's work and forgets what they were asked (the report's seats_cancelled follows).
    void cancel_seats();
    // The computer seats' level and think time (the menu's), and the pace of a computer playing itself.
    void set_level(Level level);
    void set_think(double seconds);
    int speed() const { return config_.speed; }
    void set_speed(int speed) { config_.speed = speed; }

    // Once a turn of the loop: the clock's ticks and flags, then the seats' answers ...
    void take_answers(Millis now);
    // ... then what the seats should be working on, unless `held` (the screen waits for a player: a
    // question, a menu, the help, the coach) or the table is paused.
    void ask_seats(Millis now, bool held);
    // Milliseconds until the table needs a turn though nothing arrives (the clock, the network, the
    // computer's pace); -1 when nothing is due.
    Millis until_next(Millis now, bool held) const;
    // Paused by p (the clocks stop, and a computer playing itself): a local game's, or an agreed pause of
    // a network game's clock.
    bool paused() const { return paused_; }
    // An agreed pause's end by itself, for the status line: "by itself in 9:12" ("within 9:12" when it
    // began before this connection saw it); "" for any other pause.
    std::string pause_note() const { return paused_ ? umpire_->pause_note() : ""; }
    // Moves were stepped back, or a review is open: the computer waits.
    bool reviewing() const { return review_.open() || match().game().can_redo(); }

    // The review (table_review.h): stepping through a finished match, every round of it, or through the
    // finished rounds of a local match in progress, on a copy shown in the match's place (a round,
    // stepped to a move). It is never a takeback and never asks the clock: the match itself does not
    // change. What it shows is shown(); where it stands is review() (open, its round and ply).
    const TableReview& review() const { return review_; }
    const Match& shown() const { return review_.shown(match()); }
    using Step = TableReview::Step;
    // Whether a step is the review's (in it, or into it: any step of a finished match, a step back from
    // the start of a round in play into the round before); else the game's own stepping applies ...
    bool review_takes(Step step) const { return review_.takes(match(), reviewable_rounds(), step); }
    // ... and taken: where it went ("at round 1, move 12 of 30"), or why not.
    Expected<std::string> review_step(Step step);
    // Whether going to move N is the review's (a finished match's, or the review open) ...
    bool review_takes_go_to() const { return review_.takes_go_to(match(), reviewable_rounds()); }
    // ... and gone there (of the round shown): where, or why not.
    Expected<std::string> review_go_to(std::size_t plies);
    // Whether a step of the players here (back, forward, to the start or the end: in the review or the
    // game) may be taken now, or why not ("nothing to take back: this is the start of the game").
    Expected<void> may_step(Step step) const;

    // May this side act now (a move, a pause, an offer of a draw, a resignation, a claim, a hint asked
    // for): ok, or why not in the sentence the player reads. The one rule on the client: the table's
    // actions ask it, and the game screen's footer offers a key only when it allows the act. The round
    // over, the game paused, whose turn it is are the table's; the connection, a spectator's place and
    // who plays here are its umpire's (Umpire::may). The network session checks again for itself.
    Expected<void> may_act(Intent act) const;
    // Play. A human's move here: Refused (said why; a picked piece stays picked), Sent (to the network
    // session, which said why if it refused: the pick is spent either way), Played, or Premoved (made on
    // the other side's turn: it waits as the premove, below).
    enum class MoveResult { Refused, Sent, Played, Premoved };
    MoveResult play_human(const MoveSpec& spec);

    // A premove, as lichess has it: a move a player here makes on the other side's turn (the computer's,
    // or a remote player's) waits at this table, never sent and never shown to anyone else, and is
    // played the moment that player's turn starts, on their own clock (it is charged what the turn took
    // to reach it: next to nothing, and a Fischer increment follows as after any move). Illegal then, it
    // is dropped, said why; a refused premove touches nothing. It answers the next move only: a
    // takeback, the end of the round, a seat handed over or a new match drops it.
    struct Premove {
        MoveSpec spec;
        int player = 0;         // who made it
        std::size_t round = 0;  // rounds().size() when it was made
        std::size_t plies = 0;  // the round's moves then: it answers move plies + 1
    };
    const std::optional<Premove>& premove() const { return premove_; }
    // The player here who would make a premove now (the human here whose opponent is to move: the
    // computer, or a remote player), or why nobody would: the round over, the game paused, a review, a
    // spectator, a human to move here (who simply moves).
    Expected<int> premover() const;
    // Esc: the premove that waits is cancelled (said so); false when none waits.
    bool cancel_premove();
    // Plays the premove whose turn has come, or drops it (said why) when it no longer applies; waits
    // while the turn has not come, or play may not go on yet (a pause, a lost connection). The table
    // calls it after the seats' answers and the network's events: a turn's start.
    void play_premove();
    // Picks up a board piece under the touch rule: true when it may be moved (else it said why).
    bool touch(Square square);
    // After any change to the match: a move played (`moved`), a round ended (its question asked), the
    // autosave.
    void after_change(bool moved);
    // Asks the question a finished round leaves to a human here (who starts the next round, or to play a
    // drawn one again), as after the round, or again for a match saved (or opened) in that state. False
    // when nobody here is to answer.
    bool ask_round_question();
    // The round's end was handled already (a match opened or resumed at a finished round).
    void round_end_handled() { handled_end_ = match().game().over() ? match().rounds().size() : 0; }
    void choose_starter(int player);
    // "; in 30 s the rule decides: Eamon starts" in a network match, whose host times the choice of starter
    // (engine/match.h); "" in a local one, which waits.
    std::string choice_limit_text() const;
    void replay_round();
    void toggle_computer(Color c);
    void pause();
    void offer_draw();
    void resign();
    // Asks the other player to let the local player take back their move (or agrees to their request
    // that stands), when takebacks are made by agreement (a network game): false when the players here
    // step back themselves.
    bool request_takeback();
    // Whether an offer of `kind` may be made (or agreed) now, or why not: a network game's rules of fair
    // play (Umpire::may_offer; may_act asks it for a pause and a draw); a local table's always may.
    Expected<void> may_offer(net::OfferKind kind) const { return umpire_->may_offer(kind); }
    // Network game: the other player's offer that stands, which no key waits for (offer_draw, pause and
    // request_takeback agree to the offer of their own kind; a move declines it); and its note for the
    // screen ("Eamon offers a draw: = agrees, Esc declines"), "" when none does.
    std::optional<net::OfferKind> standing_offer() const { return umpire_->standing_offer(); }
    std::string offer_note() const { return umpire_->offer_note(); }
    // Declines the other player's offer that stands (Esc): false when none does.
    bool decline_offer();
    // The player who stayed in a network game (its host, a server's player): claims the round of an
    // opponent who left and did not come back, or a draw, as a question (w, d) asks.
    void claim_round();
    // More time for the other player of a timed network game (lichess's moretime), or why not.
    Expected<void> may_give_time() const { return umpire_->may_give_time(); }
    void give_time();

    // Stepping through a local game (the screen says what happened, then calls after_change). Each stops
    // the seats first.
    Expected<void> step_allowed() const;  // stepping is allowed now, or why not
    // Takes back the last move, and against the computer its reply too (to the human's turn): what was
    // taken back, the last first ("the forfeit", "W3B2").
    std::vector<std::string> take_back();
    Move replay_move();  // the next move of the line stepped back from; as played (the mover's)
    void go_to(std::size_t plies);
    void drop_redo();  // play goes on from the position stepped back to: the later moves are dropped
    // Takes back the last move only, as if it had not been played (the coach's offer): play goes on.
    void undo_last();

    // Another match at this table. Each returns what became of the current one (previous_game_note
    // words it). A new match of the same players and settings under `variant` (`keep`: the current one
    // goes to the saves first).
    Kept new_match(Variant variant, bool keep);
    // The match of a record (opened, pasted), with its seats; the current one goes to the saves first.
    Kept replace_match(saves::Record record);
    // The match of a record, as the table starts (--load, --resume): `archived` when its end was
    // archived already.
    void load_match(Match match, const std::optional<GameClock::State>& clock, bool archived);
    // The table's match before play begins (the command line's settings), and its clock started.
    void set_match(Match match) {
        own_ = std::move(match);
        review_.close();
        help_granted_ = false;
        premove_.reset();
    }
    // A local match's clocks start with White's first move, as a server's do (lichess): before it no
    // clock runs (and none runs again when the moves are taken back to the start).
    void start_clock();
    bool waits_first_move() const;
    // The players step away from the table (another screen over it): the seats stop and a running clock
    // pauses, until they come back.
    void step_away();
    void come_back();
    // The players cannot see the clocks now (`why`: "the terminal is too small to show them"; another
    // screen over the game): a local match's running clock stands until they can again, and clock_note
    // says why. "" lets it run again. A network game's clock is its host's, and runs on.
    void stand_clock(const std::string& why);
    // Why a clock that runs in this match stands now, for the status line ("the clocks stand: the
    // terminal is too small to show them"); "" when none stands, or an agreed pause says it (PAUSED).
    std::string clock_note() const;
    // A computer playing itself makes its next move its pace from now (the screen has just opened).
    void pace_from_now() { last_move_at_ = now(); }
    // The continuation of the game, all at once (a paste): every move is legal from the current
    // position. Stops the seats first.
    void continue_with(const std::vector<Move>& moves);

    // The records of the match (table_records.h): the record as it stands (`for_autosave`: the
    // autosave's, which alone says where a network game in progress goes on, its code included).
    std::string record_text(bool for_autosave = false) const;
    // The records (table_records.h): the autosave this copy keeps its game in (held while it keeps an
    // unfinished game of an earlier run the player has not said what becomes of: game_screen.h), whether
    // it is written and intact, why it failed, the archive, a copy kept in the saves.
    const TableRecords& records() const { return records_; }
    TableRecords& records() { return records_; }
    // Where a network game in progress goes on (table_link.h), for the command that continues it.
    std::optional<saves::NetworkPlace> network_place() const {
        return link_ && match().phase() != MatchPhase::Over ? link_->place() : std::nullopt;
    }
    // Writes the autosave (records().autosave()), saying a failure once.
    void autosave();
    // Keeps a finished game or match in the archive (once): where, why not, or Nothing (a game watched
    // is the players', kept by the server).
    Kept archive_if_over();
    // Keeps the match in the saves (s): says where, or why not.
    void save_named();

    // The engine's help at this table now (engine_help.h: the one rule for every key that asks the
    // engine), or why not.
    Expected<void> help(Help h) const { return help_allowed(help_game(), h); }
    HelpGame help_game() const;
    // The help was switched on (i or !): in a timed local match before its first move it stays on offer
    // for the whole match, for both players.
    void grant_help();

    // A network game: hosting (HostConfig says where and for whom; the local seat follows it) or joining
    // (the local player's seat once the host's match arrives). Each starts, or says why it cannot.
    Expected<void> host(const net::HostConfig& config);
    Expected<void> join(const net::JoinConfig& config, const SeatSpec& local_seat);
    bool networked() const { return link_ != nullptr; }
    const net::Session* session() const { return link_ ? &link_->session() : nullptr; }
    // A server's game: the lobby's fresh code for it (after the server restarted), used from now on; a
    // session that lost its connection connects again with it.
    void fresh_code(const std::string& code) {
        if (link_) link_->fresh_code(code);
    }
    // Play started once (a joiner that fails before it ends the program).
    bool welcomed() const { return link_ && link_->welcomed(); }
    void pollfds(std::vector<pollfd>& fds) const {
        if (link_) link_->pollfds(fds);
    }
    void on_poll(std::span<const pollfd> fds, Millis now);
    Expected<void> chat(const std::string& text) { return link_->chat(text); }  // said, or why not
    // A network game's chat so far (table_link.h), the oldest first; empty in a local game.
    const std::deque<std::string>& chat_log() const;
    // A network game resumed: the chat log of its autosave goes on.
    void restore_chat(const std::vector<std::string>& lines);
    // Says goodbye to the peer (the game screen closes).
    void leave() {
        if (link_) link_->leave();
    }
    // The network's state for the title ("waiting for a player, code 7QK-M4X"), or "".
    std::string net_title() const { return link_ ? link_->title() : ""; }

  private:
    // What a local pause stops: the clocks, or a computer playing itself. The one rule of p, and of a
    // seat handed over, which ends a pause that stops nothing any more.
    bool pause_stops_something() const;
    // What p offers across the network: to pause, or to resume a game paused.
    net::OfferKind pause_offer() const;
    // Pauses (the seats stop, the clock stands) or resumes a local game.
    void set_local_pause(bool paused);
    // Names that are the seats' defaults follow the seats (after a seat or the match changed).
    void refresh_names();
    // The review's rounds: every round of a finished local match, else those before the round in play;
    // a network game in play none (stepping there is a takeback, by agreement), but once it is over all.
    std::size_t reviewable_rounds() const;
    // A move made while the review is open: a finished single game without a clock goes back to the
    // position shown (its moves after it dropped) and plays on from there; anything else is refused,
    // said why.
    bool play_from_review();
    bool is_computer(int player) const { return seats_.is_computer(player); }
    bool is_human(int player) const { return seats_.is_human(player); }
    void say(std::string text, bool error = false) { report_.notice(std::move(text), error); }
    void say_if(const Expected<void>& result) {
        if (!result) say(result.why(), true);
    }
    // Says what the umpire's ruling says, and follows a change to the match (after_change).
    void follow(const Reply& ruling);
    // The premove goes, said why ("" says nothing).
    void drop_premove(const std::string& why);
    // Asks a question of a player here, and keeps its text for the notice that follows it.
    void ask(Question q) {
        asked_text_ = q.text;
        report_.ask(std::move(q));
    }
    // A seat's answer (`asked`: what it was asked, if it still stands).
    void on_answer(int player, const std::optional<Ask>& asked, const SeatAction& a);
    void on_round_over();
    // What the table does with an event of its network link (its session applied it to the match already).
    using Heard = TableLink::Heard;
    void on_link_event(const Heard& heard);
    // The host holds another match than ours (`text` says which): take it (ours kept in the saves first),
    // or stay apart with ours.
    void ask_other_match(const std::string& text);

    Config config_;
    std::function<Millis()> clock_;
    TableReport& report_;
    Match own_;  // a local game's match; a network game's is its session's (match())
    // The match this table changes itself: its own in a local game; none in a network game, whose match
    // changes only by its session.
    Match* writable() { return umpire_ == &local_umpire_ ? &own_ : nullptr; }
    TableSeats seats_;
    std::optional<int> draw_offer_to_;  // a player considering a draw offer
    // Paused: by p in a local game (set_local_pause), or by agreement in a network game (its session says).
    bool paused_ = false;
    Millis last_move_at_ = 0;
    std::size_t handled_end_ = 0;  // rounds().size() when the current round's end was handled
    std::string asked_text_;       // the last question's
    std::string stood_for_;        // stand_clock paused the clock (why), and resumes it
    bool help_granted_ = false;    // grant_help: on offer for this whole timed match
    std::optional<Premove> premove_;
    std::string premove_sent_;  // a network game: the premove sent, until its fact comes back
    TableRecords records_;      // after config_: it is made from it
    // A network game's link (a local game has none): chosen once, by host() or join(); it is then the
    // umpire, in the place of the local one.
    std::unique_ptr<TableLink> link_;
    TableReview review_;
    LocalUmpire local_umpire_{own_, clock_};
    Umpire* umpire_ = &local_umpire_;
};

}  // namespace gobblet::ui
