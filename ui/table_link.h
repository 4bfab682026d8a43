// A table's network link (ui/table.h): the net::Session of a network game (a peer's host or joiner, or a
// server's game), fed from the one poll loop, what it reports, and what the table's actions become on the
// network. A table without a link is a local table; host() or join() gives it one, once, at start-up, and
// the link is then the table's umpire (umpire.h) in the place of its LocalUmpire.
//
// The session owns the network game's match (it applies each change once, as it reports it: it checked
// every change with the engine, and the host's session runs the clock; docs/network.md); the link is
// the umpire the table reads it through, and hands the table the session's events one at a time. An
// action of the table's (a move, an offer, a resignation, a starter chosen) is sent as a request, and the
// link says why when the session refuses it. What the table does with an event (its seats, the ends of
// rounds) is the table's (Table::on_link_event). Like the table, the link never calls curses and reads
// the time only from the clock it is given: tests/test_table_link.cpp drives it over loopback.
#pragma once

#include <poll.h>

#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/expected.h"
#include "engine/match.h"
#include "engine/seat.h"
#include "loop.h"
#include "net/session.h"
#include "saves/record.h"
#include "umpire.h"

namespace gobblet::ui {

class TableReport;

// The chat's lines a network game keeps for the chat log (M), both ways, the oldest dropped first.
inline constexpr std::size_t chat_log_lines = 100;

class TableLink : public Umpire {
  public:
    // Starts hosting `match`, or joining as the local player `local_seat` (its seat once the host's match
    // arrives; `match` is shown until then); or says why it cannot ("cannot host on 127.0.0.1:7000: ...").
    // `clock` is the table's time source; `program` names the program in messages. The link keeps a
    // reference to `report`, which outlives it.
    static Expected<std::unique_ptr<TableLink>> host(const net::HostConfig& config, Match match,
                                                     std::function<Millis()> clock, TableReport& report,
                                                     std::string program);
    static Expected<std::unique_ptr<TableLink>> join(const net::JoinConfig& config,
                                                     const SeatSpec& local_seat, Match match,
                                                     std::function<Millis()> clock, TableReport& report,
                                                     std::string program);

    const net::Session& session() const { return *session_; }
    const Match& match() const override { return session_->match(); }
    int local_player() const { return session_->local_player(); }  // -1: a spectator
    int remote_player() const { return session_->remote_player(); }
    bool watching() const { return session_->watching(); }
    bool hosted() const { return session_->hosted(); }  // a server's game
    // This side hosts: it decides what nobody answers (a drawn round of two computers) and claims the
    // round of a player who left.
    bool hosting() const { return session_->role() == net::SessionRole::Host; }
    // A joiner whose game has not begun (refused, or the connection failed): nothing to go back to.
    bool before_play() const { return !hosting() && !welcomed_; }
    // Play started once.
    bool welcomed() const { return welcomed_; }
    bool playing() const { return session_->playing(); }
    bool can_play() const { return session_->can_play(); }
    // The round of a player who left and did not come back may be claimed now (the host).
    bool can_claim() const;
    const std::string& match_id() const { return session_->match_id(); }
    // Where this network game goes on, for the autosave (saves/record.h): the host's listening address
    // with the port it got, or the host a joiner joins, the code and the chat log; nullopt for a server's
    // game and a spectator (the server keeps those).
    std::optional<saves::NetworkPlace> place() const;

    // The one poll loop: the session's sockets, then what they brought ...
    void pollfds(std::vector<pollfd>& fds) const { session_->pollfds(fds); }
    void on_poll(std::span<const pollfd> fds, Millis now) { session_->on_poll(fds, now); }
    // ... one event at a time (the session applied it to the match), with its words ("Liam played W3B2",
    // and "(not applied: WHY)" when the match refused it).
    struct Heard {
        net::Event event;
        std::string text;
    };
    std::optional<Heard> next();

    // The umpire's requests (umpire.h), sent to the host: Sent, or Refused and said why when the session
    // refused one; a move made here is Sent either way (the table's pick is spent). The match changes
    // when the host's event arrives.
    Reply move_here(const MoveSpec& spec) override;
    Reply computer_move(const MoveSpec& spec, const std::string& reason) override;
    Reply touch(Square square) override;  // Refused when the session refused it
    Reply choose_starter(int player) override { return sent(session_->choose_starter(player, now())); }
    Reply replay() override { return sent(session_->replay(now())); }
    Reply resign(int) override { return sent(session_->resign(now())); }
    Reply answer_draw(int player, bool accept, const std::string& reason) override;
    // An offer made to the other player (said: "offered Eamon a draw"), or the agreement to theirs of
    // the same kind that stands (the fact that follows says what was agreed); Refused when the session
    // refused it, said why.
    std::optional<Reply> offer(net::OfferKind kind) override;
    // The other player's offer that waits for an answer here (a player's, never a spectator's): it
    // stands beside the board and never blocks a key (lichess): the key that makes the same offer agrees
    // to it, Esc declines it, a move declines it too.
    std::optional<net::OfferKind> standing_offer() const override;
    // The offer agrees to the other player's that stands, or the session would send it (Session::may_offer).
    Expected<void> may_offer(net::OfferKind kind) const override;
    // The short form beside the board while it stands ("Eamon offers a draw: = agrees, Esc declines"), or
    // "" when none does.
    std::string offer_note() const override;
    // Agrees to the offer that stands, or declines it ("you declined Eamon's offer of a draw").
    Reply answer_offer(bool agree) override;
    Reply claim(bool draw) override;  // the host's, a server's player's; a peer's joiner's is refused
    Reply give_time() override;
    Expected<void> may_give_time() const override { return session_->may_give_time(); }
    // Only the local player's own seat goes to the computer; the other player is told.
    Reply hand_over(int player, bool to_computer, Level level) override;
    // Whether this side may act now, or why not ("you are watching...", "nobody has joined yet: ...",
    // "not connected: ..."): a move or a resignation while it can play, an offer while the other player
    // is connected to answer it, a claim while the other's absence allows one.
    Expected<void> may(Intent act) const override;
    Expected<void> may_step() const override {
        return Failure{"in a network game moves are taken back by agreement: < asks the other player"};
    }
    std::optional<int> player_here() const override { return local_player(); }
    bool new_match_here() const override { return false; }  // a network game's match is its last
    // A spectator's, a server game's or a peer's (as its host allowed).
    HelpGame help_game(const HelpGame& here) const override;
    // Why the clocks stand now (not an agreed pause): "" when they run, or for the status line "the
    // clocks stand here while not connected: the host's clock decides", "the clocks stand for Eamon's
    // grace".
    std::string clock_note() const override;
    bool ready_for_move() const override { return session_->can_play() && !session_->awaiting_host(); }
    bool decides_rounds() const override { return hosting(); }
    bool runs_clock() const override { return false; }  // the host's session runs it
    std::string holder() const override { return session_->holder(); }
    std::optional<Millis> choice_time() const override { return session_->choice_time(); }
    // The session's next event, and while an agreed pause stands the next second of its countdown.
    Millis until_next(Millis now) const override;
    // An agreed pause's end by itself (net/referee.h's max_pause): "by itself in 9:12", or "by itself
    // within 9:12" when it began before this connection saw it; "" when none stands.
    std::string pause_note() const override;

    bool awaiting_host() const { return session_->awaiting_host(); }  // a move sent waits for the host
    // Agrees to the other player's offer, or refuses it; or why it could not be sent.
    Expected<void> answer(bool agree) { return session_->answer(agree, now()); }
    // The key that makes (and so agrees to) an offer of `kind`: "=", "<", "p".
    static const char* offer_key(net::OfferKind kind);
    // A line said to the other player ("you: ..." in the chat log), or why not.
    Expected<void> chat(const std::string& text);
    // The chat so far, the oldest first ("Eamon: nice move", "you: thanks"), at most chat_log_lines.
    const std::deque<std::string>& chat_log() const { return chat_log_; }
    // The chat of the game before a --resume (its autosave's), the oldest first: the log goes on from it.
    void restore_chat(const std::vector<std::string>& lines);
    // A server's game: the lobby's fresh code, used from now on; a lost connection connects again with it.
    void fresh_code(const std::string& code);
    // Connect again holding nothing, to take the host's match (the caller kept ours): sent, or why not.
    Expected<void> take_host_match() { return session_->reconnect_taking_host(now()); }
    // Says goodbye to the peer (the game screen closes).
    void leave();

    // What the table says and asks about the link's events.
    // The seats once the host's match arrived: this side's player (the joiner's seat, the name travelling
    // in the match) and the remote one; a spectator watches both.
    std::array<SeatSpec, 2> welcome_seats() const;
    // What the player is told once when it arrives (`text`: "Eamon offers a draw"), with the keys.
    std::string offer_said(net::OfferKind kind, const std::string& text) const;
    // The connection was lost or failed (`text` says how; `on_purpose`: the other side said goodbye): a
    // joiner whose connection failed connects again at once, by itself, so that its screen shows the
    // host's clocks again within a moment; when that fails too (or the other side left), the question
    // for a player here (connect again, or quit); for a host the wait for the other's return.
    void on_lost(std::string text, bool on_purpose = false);
    // Play starts, or starts again (`resumed`): what to say ("Eamon is here: ...", "...; you play Black",
    // and to a joiner at a new game's start what the host set: the opponent, who starts, the rules, the
    // board, the match and the clock).
    std::string started_text(const std::string& text, bool resumed) const;
    // For the title: "waiting for a player, code 7QK-M4X", "network game, 12 ms".
    std::string title() const;
    // Host: "they join with --join 192.168.1.5:7000 --code 7QK-M4X".
    std::string how_to_join() const;

  private:
    TableLink(std::unique_ptr<net::Session> session, std::function<Millis()> clock, TableReport& report,
              std::string program);
    Millis now() const { return clock_(); }
    void say(std::string text, bool error = false);
    void say_if(const Expected<void>& result) {
        if (!result) say(result.why(), true);
    }
    // A request sent, or refused (why).
    static Reply sent(const Expected<void>& done);
    // Connect again (r, at the lost connection's question).
    void reconnect() { say_if(session_->reconnect(now())); }

    std::unique_ptr<net::Session> session_;  // owns the match
    std::function<Millis()> clock_;
    TableReport& report_;
    std::string program_;
    bool welcomed_ = false;
    bool retried_ = false;  // a lost connection was tried again by itself, since play last started
    SeatSpec join_seat_;    // the joiner's own seat, once the host's match arrives
    net::Endpoint where_;   // the host's listening address, or the host a joiner joins
    std::deque<std::string> chat_log_;
    void log_chat(std::string line);
};

}  // namespace gobblet::ui
