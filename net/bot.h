// A computer player that lives in a server's lobby (`./main --bot`, docs/server.md "Operating bots"):
// a headless client of the lobby protocol (net/lobby_client.h) that logs in as a bot with its machine's
// secret, accepts the seeks and challenges that fit it, posts its own seek when asked to, and plays
// each match through a game connection (net::Session, as any joiner) with the engine's Player.
//
// What fits it: any rules, board size, clock and number of rounds, rated or casual; one match at a time
// (a challenge while it plays is declined). Seeks are for people unless they welcome computers (`bots`,
// net/lobby.h's Audience): it takes only those (within their rating range), and challenges. With --enter it
// joins the tournament of that name. A bot with a seek of its own only waits for takers (it does not accept
// other seeks), so that two seeking bots never play each other without end.
//
// It plays through the same computer seat as the terminal's table (engine/seat.h's ComputerSeat), which
// thinks on its worker, never in the loop: keep-alives go on while it searches, and an answer whose
// position changed meanwhile (an undo, a flag) is dropped. Under a clock its time comes from the
// engine's time management (engine/timeman.h: a budget from the time left, with a safety margin), so
// it does not lose on time; it answers draw offers by the engine's rule (engine/decisions.h), declines
// other offers, and chooses the starter after a lost round by the engine's rule. Its matches follow the
// seat's seeding rule: each round of each match is a new game to it, and --seed replays them. When the server
// restarts, the lobby connection comes back by itself and the game connection reconnects (with a fresh
// code when the lobby gives one), and the match goes on.
#pragma once

#include <poll.h>

#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "engine/player.h"
#include "engine/seat.h"
#include "lobby_client.h"
#include "session.h"

namespace gobblet::net {

struct BotConfig {
    Endpoint server;
    std::string name;
    std::string secret;     // this machine's secret for (server, name): saves/identity.h
    PlayerSettings player;  // level, think time, seed
    // Its own open seek, posted at each login and after each match (--seek CLOCK), and who it is for
    // (people, unless `audience` welcomes computers: --seek "5m+2s bots").
    std::optional<lobby::Terms> seek;
    lobby::Audience audience;
    // A tournament to enter (--enter NAME): joined as soon as the lobby lists it open (at once, or when
    // it is made later); its matches are played as they come.
    std::string enter;
    // A numeric local address to connect from ("" the system's choice), for the lobby and the games.
    std::string from;
};

class Bot {
  public:
    // Starts connecting, or says why not (a bad configuration).
    static Expected<std::unique_ptr<Bot>> start(const BotConfig& config, std::ostream& log, Millis now);
    Bot(const Bot&) = delete;
    Bot& operator=(const Bot&) = delete;
    ~Bot();

    void pollfds(std::vector<pollfd>& fds) const;
    void on_poll(std::span<const pollfd> fds, Millis now);
    Millis until_next(Millis now) const;
    // Leaves the game and the lobby with `why` (the search is stopped first).
    void stop(std::string_view why, Millis now);

    const lobby::Client& lobby() const { return *lobby_; }
    // The match in play (its session's), or the last one.
    const Match& match() const { return session_ ? session_->match() : last_; }
    bool playing() const { return session_ != nullptr; }
    int matches_finished() const { return finished_; }
    // The tournament it asked to enter (--enter) has been found and joined.
    bool entered() const { return entered_ != 0; }
    // The lobby connection ended for good (a refused name, a protocol error): the bot cannot go on.
    bool failed() const { return lobby_->phase() == lobby::Client::Phase::Closed && !stopping_; }

  private:
    Bot(const BotConfig& config, std::ostream& log);
    void note(const std::string& text);
    void lobby_event(const lobby::Event& e, Millis now);
    void game_event(const Event& e, Millis now);
    void begin_match(const lobby::MatchStart& m, Millis now);
    // The match is over (`text`: the lobby's words for it, or "" for the match's own).
    void end_match(Millis now, const std::string& text);
    void post_seek(Millis now);
    // --enter: joins the tournament `t` if it is the one to enter and open.
    void enter(const lobby::TournamentItem& t, Millis now);
    void decide(Millis now);
    // Asks the computer seat `what` about the match as it stands.
    void think(Ask what, Millis now);
    // Acts on the seat's answer, once it has come and if the position is still the one asked about.
    void collect(Millis now);
    std::size_t position_key() const;

    BotConfig config_;
    std::ostream& log_;
    std::unique_ptr<lobby::Client> lobby_;
    bool seeking_ = false;  // our seek is up
    bool stopping_ = false;

    std::optional<lobby::MatchStart> start_;
    std::unique_ptr<Session> session_;  // owns the match in play
    Match last_;                        // the last match, once it is over
    Millis retry_at_ = -1;              // the game connection's next attempt after it dropped
    int finished_ = 0;
    lobby::Id entered_ = 0;  // the tournament joined (--enter)

    // The computer seat, whose worker wakes the loop through a pipe the loop watches.
    int wake_[2] = {-1, -1};
    std::unique_ptr<ComputerSeat> computer_;
    std::size_t asked_key_ = 0;  // the position the seat was asked about
};

// `./main --bot`: the bot in the foreground until SIGTERM or SIGINT. Returns the exit status: 0 after a
// clean stop, 1 when it cannot start or the server will not have it (its name is taken, say).
int run_bot(const BotConfig& config, std::ostream& log);

}  // namespace gobblet::net
