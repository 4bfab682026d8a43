// A joiner's session (net/session.h): it connects to a host (a peer, or a server's game), takes the
// welcome, syncs the match, and from the go sends the player's changes as requests and takes the host's
// facts, each checked by the referee's rules from this side (Referee::fact_allowed) with what it asked and
// what was agreed. A spectator is a joiner that watches: every fact, never the players' chat or offers.
//
//   Connecting --connected--> Greeting --ready--> Syncing --go--> Playing --drop--> Gone
//                                                                       reconnect() --^
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "session.h"
#include "transfer.h"

namespace gobblet::net {

class JoinSession final : public Session {
  public:
    // Starts connecting, or says why not (Session::join).
    static Expected<std::unique_ptr<Session>> open(const JoinConfig& config, Match shown, Millis now);

    Expected<void> replay(Millis now) override;
    Expected<void> reconnect(Millis now) override;
    Expected<void> reconnect_taking_host(Millis now) override;
    void await_return(Millis) override {}
    Expected<void> set_code(std::string_view code) override;
    Expected<void> claim(Millis now, bool draw) override;
    SessionRole role() const override { return SessionRole::Joiner; }
    bool watching() const override { return watch_; }
    bool hosted() const override { return hosted_; }
    int watchers() const override { return watchers_; }
    bool awaiting_host() const override { return outstanding_.has_value(); }
    bool code_refused() const override { return code_refused_; }

  private:
    explicit JoinSession(Match shown) : Session(std::move(shown), Phase::Connecting) {}
    // The welcome as it arrives, line by line, until ready.
    struct Incoming {
        std::optional<Welcome> welcome;
        std::optional<WelcomeTerms> terms;
        std::array<std::optional<std::string>, 2> names;
        std::vector<RoundRecord> rounds;
        std::optional<GameClock::State> clock;
        std::size_t lines = 0;
    };

    void greet(Millis now);  // connected: the hello goes out
    // A reconnection: whether it may (a joiner whose connection is gone), and the connection started
    // again to the host it joined.
    Expected<void> may_reconnect() const;
    Expected<void> connect_again(Millis now);
    // The welcome's end: the match built, compared with the one held, and the sync sent.
    void ready(Millis now);
    void welcome_line(const Message& msg, Millis now);
    // The host's fact, offer and answer during play.
    void fact(const Act& a, Millis now);
    void take_offer(const Offer& o, Millis now);
    void take_answer(const Answer& a, Millis now);
    // The bookkeeping after a fact: the state count and the offers that lapse, by the referee's rules;
    // the agreement it carried out or made lapse; the request it answered, or crossed.
    void after_fact(const Act& a, int actor, Millis now);

    // The session's steps.
    void own_fds(std::vector<pollfd>& fds) const override;
    void own_poll(std::span<const pollfd> fds, Millis now) override;
    void standing_timers(Millis now) override;
    void play_timers(Millis now) override;
    void standing_waits(Soonest& soonest, Millis now) const override;
    void play_waits(Soonest& soonest, Millis now) const override;
    const char* awaited() const override;
    Route route(const Message& msg, Millis now) override;
    void take(const Message& msg, Millis now) override;
    std::string reporter() const override;
    Phase lost(Event& e, bool was_playing, Millis now) override;
    void closing() override;
    Expected<void> local_act(Act a, Millis now) override;
    Expected<void> may_request() const override;
    Expected<void> answer_offer(OfferKind kind, int state, bool yes, Millis now) override;

    JoinConfig join_;
    bool hosted_ = false, watch_ = false;
    int watchers_ = -1;
    bool code_refused_ = false;  // the host's refusal in the welcome's place: the code is wrong
    Connector connector_;
    Incoming incoming_;
    std::string news_;                          // what happened while we were away, for the Started event
    std::optional<Referee::Agreement> agreed_;  // an agreement whose fact is on its way
    std::optional<Act> outstanding_;            // a request awaiting its fact
};

}  // namespace gobblet::net
