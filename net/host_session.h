// A peer-to-peer host's session (net/session.h): the door where joiners say hello (a connection per
// source address, wrong codes counted, the match's own player let back in), and the adapter that carries
// the host core's words (net/host_core.h) to the one joiner and to its own player as events. The host
// holds the match's truth and its clock: a joiner's request becomes a fact here or is refused.
//
//   Listening --hello, right code--> Welcoming --sync--> Playing --drop--> Listening (same code)
//   (after a drop during play the joiner is absent until the next go: engine/absence.h decides, with the
//   host's grace, when play goes on without them and when the round may be claimed)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "host_core.h"
#include "session.h"
#include "waiting_room.h"

namespace gobblet::net {

class HostSession final : public Session, private HostSide {
  public:
    // Opens the listening sockets for `match`, or says why it cannot (Session::host).
    static Expected<std::unique_ptr<Session>> open(const HostConfig& config, Match match);

    Expected<void> replay(Millis now) override;
    Expected<void> reconnect(Millis now) override;
    Expected<void> reconnect_taking_host(Millis now) override;
    void await_return(Millis now) override;
    Expected<void> set_code(std::string_view code) override;
    Expected<void> claim(Millis now, bool draw) override;
    SessionRole role() const override { return SessionRole::Host; }
    bool can_play() const override;
    std::vector<std::string> addresses() const override;
    int port() const override;

  private:
    explicit HostSession(Match match) : Session(std::move(match), Phase::Listening) {}
    struct Pending {
        WaitingRoom::Id id;
        LineConn conn;
        std::string peer;    // "127.0.0.2:51234", for messages
        std::string source;  // what the limits count by
        Millis deadline = 0;
    };

    // The door.
    void accept_all(int listen_fd, Millis now);
    bool pending_step(Pending& p, Millis now);  // false: done with it (promoted or refused)
    void refuse(Pending& p, const std::string& to_peer, const std::string& to_us);
    // Refuses and forgets the waiting connection `id`.
    void turn_out(WaitingRoom::Id id, const std::string& to_peer, const std::string& to_us);
    void hello(Pending& p, const Hello& h, Millis now);
    void go(Millis now);

    // The session's steps.
    void own_fds(std::vector<pollfd>& fds) const override;
    void own_poll(std::span<const pollfd> fds, Millis now) override;
    void standing_timers(Millis now) override;
    void play_timers(Millis now) override;
    void standing_waits(Soonest& soonest, Millis now) const override;
    void play_waits(Soonest& soonest, Millis now) const override;
    const char* awaited() const override { return "the joiner's sync"; }
    void take(const Message& msg, Millis now) override;
    Expected<void> seat_allowed(SeatKind kind) const override;
    Phase lost(Event& e, bool was_playing, Millis now) override;
    void closing() override;
    Expected<void> local_act(Act a, Millis now) override;
    Expected<void> answer_offer(OfferKind kind, int state, bool yes, Millis now) override;
    Expected<void> peer_takes_gifts() const override;
    // Whether this side keeps the time of the choice of starter now (core_.choice_timers): at play, or
    // while the joiner is away.
    bool times_choice() const;
    // The clock's own events at `now`: the core announces a flag or a chunk.
    void clock_timers(Millis now);

    // The host core's words (net/host_core.h): to the one joiner, and to our own player as events.
    const Match& hosted_match() const override { return match_; }
    void carry_out(const Referee::Ruling& r, Millis now) override;
    void broken(int player, const std::string& why, Millis now) override;
    void offered(int by, OfferKind kind, Millis now) override;
    void declined(int by, OfferKind kind, Millis now) override;
    void answered(int by, OfferKind kind, bool yes, bool agreed, Millis now) override;
    void clocks_run(Millis at, Millis now) override;
    void chunk(const GameClock::State& reading, Millis now) override;
    void absence_stage(const Referee::StageNews& news, Millis now) override;

    std::optional<Listener> listener_;
    // The connections that have not said hello yet, oldest first, and the door's count of them: one per
    // source address (a newer one replaces it), max_pending in all (the oldest makes way).
    std::vector<Pending> pending_;
    WaitingRoom room_{1, max_pending, WaitingRoom::WhenSourceFull::ReplaceOldest};
    WaitingRoom::Id next_id_ = 1;
    GuessGuard guesses_;
    int peer_version_ = protocol_version;  // the joiner's, from its hello: what it may be sent
    HostCore core_{referee_, *this};
};

}  // namespace gobblet::net
