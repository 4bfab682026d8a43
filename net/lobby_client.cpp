#include "lobby_client.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gobblet::net::lobby {

namespace {

Event event(Event::Kind k, std::string text = {}) {
    Event e;
    e.kind = k;
    e.text = std::move(text);
    return e;
}

Event message_event(Event::Kind k, const Message& m) {
    Event e = event(k);
    e.message = m;
    return e;
}

std::string seconds(Millis ms) { return std::to_string((ms + 999) / 1000) + " s"; }

// The List an answer item or query belongs to.
std::optional<List> answer_list(const Message& m) {
    if (std::holds_alternative<HistoryQuery>(m) || std::holds_alternative<HistoryItem>(m))
        return List::History;
    if (std::holds_alternative<RatingsQuery>(m) || std::holds_alternative<RatingItem>(m))
        return List::Ratings;
    if (std::holds_alternative<StandingsQuery>(m)) return List::Standings;
    if (std::holds_alternative<RecordQuery>(m) || std::holds_alternative<RecordLine>(m)) return List::Record;
    if (std::holds_alternative<MachinesQuery>(m) || std::holds_alternative<MachineItem>(m))
        return List::Machines;
    if (std::holds_alternative<FingerQuery>(m) || std::holds_alternative<ProfileItem>(m) ||
        std::holds_alternative<StatsItem>(m) || std::holds_alternative<TrendItem>(m))
        return List::Profile;
    if (std::holds_alternative<BestQuery>(m) || std::holds_alternative<LeaderItem>(m)) return List::Best;
    return std::nullopt;
}

// The most items an answer holds.
std::size_t answer_limit(List l) {
    switch (l) {
        case List::History:
        case List::Ratings: return std::size_t(page_size);
        case List::Standings: return std::size_t(max_tournament_players);
        case List::Record: return max_record_lines;
        case List::Machines: return max_machines;
        // The player, the variants, their trends, the games.
        case List::Profile: return 1 + 4 + 4 + std::size_t(profile_games);
        case List::Best: return 4 * std::size_t(leaders_per_variant);
        default: return 0;
    }
}

bool is_table(List l) {
    return l == List::Players || l == List::Seeks || l == List::Games || l == List::Tournaments;
}

template <class Map, class Key>
Expected<void> upsert(Map& table, const Key& key, typename Map::mapped_type value, const char* what) {
    auto it = table.find(key);
    if (it == table.end()) {
        if (table.size() >= max_table)
            return Failure{"more than " + std::to_string(max_table) + " " + what +
                           ": more than this program keeps"};
        table.emplace(key, std::move(value));
    } else {
        it->second = std::move(value);
    }
    return {};
}

}  // namespace

Millis reconnect_delay(int attempt, double random) {
    const Millis base = std::min<Millis>(max_retry, first_retry << std::clamp(attempt, 0, 5));
    const double stretch = 0.75 + 0.5 * std::clamp(random, 0.0, 1.0);
    return std::min<Millis>(max_retry * 5 / 4, Millis(std::llround(double(base) * stretch)));
}

const char* phase_name(Client::Phase p) {
    switch (p) {
        case Client::Phase::Connecting: return "connecting";
        case Client::Phase::Greeting: return "greeting";
        case Client::Phase::Greeted: return "greeted";
        case Client::Phase::LoggingIn: return "logging in";
        case Client::Phase::Lobby: return "lobby";
        case Client::Phase::Waiting: return "waiting";
        case Client::Phase::Closed: return "closed";
    }
    return "?";
}

// ---------------------------------------------------------------------------------------------------
// The tables.

void Tables::reset(std::string me) {
    me_ = std::move(me);
    players_.clear();
    seeks_.clear();
    games_.clear();
    tournaments_.clear();
    standings_.clear();
    whole_ = 0;
    open_.clear();
}

void Tables::asked(const Message& query) { open_.push_back(Open{query, {}, 0, {}}); }

void Tables::forget_queries() { open_.clear(); }

std::vector<StandingItem> Tables::standings(Id tournament) const {
    std::vector<StandingItem> rows;
    if (const auto it = standings_.find(tournament); it != standings_.end())
        for (const auto& [key, row] : it->second) rows.push_back(row);
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
    return rows;
}

bool Tables::whole(List list) const { return (whole_ >> unsigned(list)) & 1U; }

std::optional<Millis> Tables::time_left(const GameRow& row, int player, Millis now) {
    const auto& left = row.item.left[std::size_t(player)];
    if (!left) return std::nullopt;
    if (row.item.running != player) return *left;
    return std::max<Millis>(0, *left - std::max<Millis>(0, now - row.received));
}

Expected<void> Tables::answer_item(const Message& m, std::deque<Event>& out) {
    const bool end = std::holds_alternative<End>(m);
    List list = end ? std::get<End>(m).list : *answer_list(m);
    // A profile's last games are `played` lines too.
    if (!end && list == List::History && !open_.empty() &&
        std::holds_alternative<FingerQuery>(open_.front().query))
        list = List::Profile;
    const char* word = list_word(list);
    if (open_.empty() || answer_list(open_.front().query) != list)
        return Failure{std::string(end ? "the end of " : "") + (end ? "" : "an item of ") + word +
                       " that nobody asked for"};
    Open& o = open_.front();
    if (!end) {
        if (o.items.size() >= answer_limit(list))
            return Failure{std::string("more than ") + std::to_string(answer_limit(list)) +
                           " items in an answer of " + word};
        if (const auto* line = std::get_if<RecordLine>(&m)) {
            o.bytes += line->text.size() + 1;
            if (o.bytes > max_record_bytes) return Failure{"a record longer than 1 MiB"};
        }
        o.items.push_back(m);
        return {};
    }
    Event e = event(Event::Kind::Answer);
    e.query = o.query;
    e.items = std::move(o.items);
    if (list == List::Standings) {  // the answer is the table as it stands now (its lines came as updates)
        const Id id = std::get<StandingsQuery>(o.query).id;
        if (const auto t = standings_.find(id); t != standings_.end()) {
            std::erase_if(t->second, [&o](const auto& entry) {
                return std::find(o.seen.begin(), o.seen.end(), entry.first) == o.seen.end();
            });
            if (t->second.empty()) standings_.erase(t);
        }
        for (const StandingItem& s : standings(id)) e.items.push_back(s);
    }
    if (list == List::Record) {
        e.text.reserve(o.bytes);
        for (const Message& item : e.items) e.text += std::get<RecordLine>(item).text + "\n";
    }
    open_.pop_front();
    out.push_back(std::move(e));
    return {};
}

Expected<void> Tables::take(const Message& m, Millis now, std::deque<Event>& out) {
    using Result = Expected<void>;
    const auto pass = [&]() -> Result {
        out.push_back(message_event(Event::Kind::Line, m));
        return {};
    };
    const auto mine = [&](const std::string& name) { return name_key(name) == name_key(me_); };
    // A handler for each message a server sends once we are in; a new one without one does not compile.
    return std::visit(
        Overload{
            [&](const PlayerItem& p) -> Result {
                if (auto kept = upsert(players_, name_key(p.name), p, "players"); !kept) return kept;
                return pass();
            },
            [&](const Left& l) -> Result {
                if (players_.erase(name_key(l.name)) == 0)
                    return Failure{"left: " + l.name + " was not in the lobby"};
                return pass();
            },
            [&](const SeekItem& sk) -> Result {
                if (!sk.to.empty() && !mine(sk.to) && !mine(sk.from))
                    return Failure{"a challenge between two other players"};
                if (auto kept = upsert(seeks_, sk.id, sk, "seeks"); !kept) return kept;
                return pass();
            },
            [&](const Unseek& u) -> Result {
                if (seeks_.erase(u.id) == 0) return Failure{"unseek: no seek " + std::to_string(u.id)};
                return pass();
            },
            [&](const GameItem& g) -> Result {
                if (auto kept = upsert(games_, g.game, GameRow{g, now}, "games"); !kept) return kept;
                return pass();
            },
            [&](const Over& o) -> Result {
                if (games_.erase(o.game) == 0) return Failure{"over: no game " + o.game};
                return pass();
            },
            [&](const TournamentItem& t) -> Result {
                if (auto kept = upsert(tournaments_, t.id, t, "tournaments"); !kept) return kept;
                return pass();
            },
            [&](const Closed& c) -> Result {
                if (tournaments_.erase(c.id) == 0)
                    return Failure{"closed: no tournament " + std::to_string(c.id)};
                standings_.erase(c.id);
                return pass();
            },
            [&](const StandingItem& st) -> Result {
                if (auto kept = keep_standing(st); !kept) return kept;
                return pass();
            },
            [&](const End& e) -> Result {
                if (!is_table(e.list)) return answer_item(m, out);
                if (whole(e.list)) return Failure{std::string("a second end of ") + list_word(e.list)};
                whole_ |= 1U << unsigned(e.list);
                return pass();
            },
            // The items of an answer to a query.
            [&](const OneOf<HistoryItem, RatingItem, RecordLine, MachineItem, ProfileItem, StatsItem,
                            TrendItem, LeaderItem> auto&) -> Result { return answer_item(m, out); },
            [&](const Watching& w) -> Result {
                // The answer to `watch GAME`, or to `observe NAME` (whose game the client did not know).
                const Watch* asked = open_.empty() ? nullptr : std::get_if<Watch>(&open_.front().query);
                const bool observed = !open_.empty() && std::holds_alternative<Observe>(open_.front().query);
                if (!observed && (!asked || asked->game != w.game))
                    return Failure{"a watch code that nobody asked for"};
                open_.pop_front();
                return pass();
            },
            [&](const Told& t) -> Result {
                if (!mine(t.from) && !mine(t.to)) return Failure{"a tell between two other players"};
                return pass();
            },
            [&](const Refused& r) -> Result {
                // A refused query is its answer.
                if (query_verb(r.verb)) {
                    if (open_.empty() || verb(open_.front().query) != r.verb)
                        return Failure{"a refusal of " + r.verb + " that nobody asked for"};
                    open_.pop_front();
                }
                if (r.verb == verb_of<Login>) return Failure{"a refused login while logged in"};
                return pass();
            },
            [&](const MatchStart& ms) -> Result {
                if (mine(ms.opponent)) return Failure{"a match against ourselves"};
                return pass();
            },
            [&](const OneOf<Chat, Notice, Ok, Kibitzed> auto&) -> Result { return pass(); },
            [&](const Welcome&) -> Result { return Failure{"a second welcome"}; },
            [&](const Server&) -> Result { return Failure{"a second greeting"}; },
            // The connection's own (the client takes them before the tables).
            [&](const OneOf<Ping, Pong, Bye, Error> auto&) -> Result {
                return Failure{std::string("a message out of place: ") + verb(m)};
            },
            [&](const FromClient auto&) -> Result {
                return Failure{std::string("a message only clients send: ") + verb(m)};
            },
        },
        m);
}

Expected<void> Tables::keep_standing(const StandingItem& s) {
    // A line of a tournament's table: the table's entry is now so (an answer's too: see answer_item).
    if (!standings_.contains(s.tournament) && standings_.size() >= max_table)
        return Failure{"more than " + std::to_string(max_table) + " tables: more than this program keeps"};
    auto& table = standings_[s.tournament];
    if (!table.contains(name_key(s.name)) && table.size() >= std::size_t(max_tournament_players))
        return Failure{"more than " + std::to_string(max_tournament_players) +
                       " players in the table of tournament " + std::to_string(s.tournament)};
    table[name_key(s.name)] = s;
    // Asked for this table: its answer is the whole table, so an entry it leaves out has gone (a player
    // who left an open tournament gets no line of their own). At most the table's size.
    const std::string key = name_key(s.name);
    for (Open& o : open_) {
        const auto* q = std::get_if<StandingsQuery>(&o.query);
        if (q && q->id == s.tournament && std::find(o.seen.begin(), o.seen.end(), key) == o.seen.end())
            o.seen.push_back(key);
    }
    return {};
}

// ---------------------------------------------------------------------------------------------------
// The client.

Expected<std::unique_ptr<Client>> Client::start(const Config& c, Millis now) {
    const auto fail = [](std::string w) { return Failure{std::move(w)}; };
    if (!valid_name(c.name))
        return fail("a name has 2 to 20 letters, digits, '-' or '_', and starts with a letter");
    if (c.role == Role::Guest) return fail("a guest is asked for with the guest flag, not as a role");
    if (c.guest && c.role == Role::Bot)
        return fail("a computer player registers its name: it cannot be a guest");
    if (!c.secret.empty() && !valid_secret(c.secret)) return fail("a machine secret is 64 hex digits");
    if (c.ssh && (!valid_address(c.ssh->address) || (!c.ssh->key.empty() && !valid_ssh_key(c.ssh->key))))
        return fail("the SSH login is not an IP address and an SSH key's SHA256 fingerprint");
    if (!c.server.is_unix() && c.server.host.empty())
        return fail("say which server, as HOST:PORT or unix:PATH");
    if (!c.server.is_unix() && c.server.port == 0)
        return fail("port 0 cannot be connected to: give the server's port");
    std::unique_ptr<Client> client(new Client(c));
    client->guest_ = c.guest;
    client->connect(now);
    return client;
}

void Client::connect(Millis now) {
    conn_ = LineConn();
    phase_ = Phase::Connecting;
    ++attempts_;
    switch (connector_.start(config_.server, now, config_.from)) {
        case Connector::Status::Failed: lose(connector_.error(), now); break;
        case Connector::Status::Connected: connected(now); break;
        case Connector::Status::Pending: break;
    }
}

void Client::connected(Millis now) {
    conn_ = LineConn(connector_.take());
    phase_ = Phase::Greeting;
    deadline_ = now + answer_timeout;
    keep_.start(now);
    key_believed_ = false;
    ssh_pending_ = false;
    send(Hello{}, now);
}

void Client::pollfds(std::vector<pollfd>& fds) const {
    if (phase_ == Phase::Connecting && connector_.fd() >= 0) fds.push_back({connector_.fd(), POLLOUT, 0});
    if (conn_.open()) fds.push_back({conn_.fd(), conn_.events(), 0});
}

void Client::on_poll(std::span<const pollfd> fds, Millis now) {
    const auto revents_of = [&](int fd) -> short {
        for (const pollfd& p : fds)
            if (p.fd == fd) return p.revents;
        return 0;
    };
    if (phase_ == Phase::Connecting) {
        switch (connector_.on_poll(revents_of(connector_.fd()), now)) {
            case Connector::Status::Connected: connected(now); break;
            case Connector::Status::Failed: lose(connector_.error(), now); break;
            case Connector::Status::Pending: break;
        }
    }
    if (conn_.open()) io(revents_of(conn_.fd()), now);
    timers(now);
}

Millis Client::until_next(Millis now) const {
    Soonest soonest;
    switch (phase_) {
        case Phase::Connecting: soonest.also(connector_.until_next(now)); break;
        case Phase::Waiting: soonest.at(retry_at_ - now); break;
        case Phase::Greeting:
        case Phase::LoggingIn: soonest.at(deadline_ - now); break;
        case Phase::Greeted:
        case Phase::Lobby: soonest.at(keep_.due_at() - now); break;
        case Phase::Closed: break;
    }
    if (conn_.open() && conn_.input().has_line()) soonest.at(0);
    return soonest.get();
}

std::optional<Event> Client::next_event() {
    if (events_.empty()) return std::nullopt;
    Event e = std::move(events_.front());
    events_.pop_front();
    return e;
}

void Client::io(short revents, Millis now) {
    const LineTurn turn = take_lines(conn_, revents, now, keep_, [&](const std::string& line) {
        const auto parsed = parse_message(line);
        if (!parsed) {
            fail(parsed.why(), now);
            return false;
        }
        handle(*parsed, now);
        return true;
    });
    switch (turn.end) {
        case LineTurn::End::Open:
        case LineTurn::End::Stopped: return;
        case LineTurn::End::TooLong: return fail(line_too_long(), now);
        case LineTurn::End::Failed:
            return lose("the connection to the server failed" + (turn.why.empty() ? "" : ": " + turn.why),
                        now);
        case LineTurn::End::Closed:
            return lose(std::string("the server closed the connection") +
                            (turn.mid_line ? " in the middle of a line" : ""),
                        now);
    }
}

void Client::timers(Millis now) {
    switch (phase_) {
        case Phase::Waiting:
            if (now >= retry_at_) connect(now);
            return;
        case Phase::Greeting:
        case Phase::LoggingIn:
            if (now >= deadline_)
                lose(std::string("no ") + (phase_ == Phase::Greeting ? "greeting" : "answer to the login") +
                         " from the server within " + seconds(answer_timeout),
                     now);
            return;
        case Phase::Greeted:
        case Phase::Lobby:
            if (keep_.silent(now)) return lose("no word from the server for " + seconds(dead_after), now);
            if (keep_.ping_due(now)) send(Ping{keep_.ping(now)}, now);
            return;
        default: return;
    }
}

bool Client::send(const Message& m, Millis now) {
    if (!conn_.open()) return false;
    keep_.sent(now);
    if (!conn_.send(format_message(m))) {
        // Output beyond the limit means the server stopped reading; a write error, that it is gone.
        lose("the connection to the server failed", now);
        return false;
    }
    return true;
}

void Client::lose(const std::string& why, Millis now) {
    if (phase_ == Phase::Lobby && now - logged_in_at_ >= steady_after) attempts_ = 1;
    conn_ = LineConn();
    tables_.forget_queries();
    keep_.forget_ping();
    phase_ = Phase::Waiting;
    double random = 0.5;  // the middle of the stretch, should the kernel have no random bytes for us
    try {
        const std::string r = random_bytes(2);
        random = double((static_cast<unsigned char>(r[0]) << 8) | static_cast<unsigned char>(r[1])) / 65536.0;
    } catch (const std::runtime_error&) {
    }
    const Millis delay = reconnect_delay(attempts_ - 1, random);
    retry_at_ = now + delay;
    Event e = event(Event::Kind::Lost, why);
    e.retry_in = delay;
    emit(std::move(e));
}

void Client::finish(const std::string& why) {
    conn_ = LineConn();
    tables_.forget_queries();
    phase_ = Phase::Closed;
    emit(event(Event::Kind::Closed, why));
}

void Client::fail(const std::string& reason, Millis) {
    if (conn_.open()) {
        conn_.send(format_message(Error{reason}));
        conn_.flush();
    }
    finish("protocol error from the server: " + reason);
}

void Client::log_in(Millis now) {
    Login l;
    l.name = config_.name;
    l.role = config_.role;
    if (guest_) {
        l.method = Method::Guest;
    } else if (!password_.empty()) {
        l.method = Method::Password;
        l.credential = password_;
    } else if (key_believed_) {
        l.method = Method::Key;
    } else if (!config_.secret.empty()) {
        l.method = Method::Secret;
        l.credential = config_.secret;
    } else {
        phase_ = Phase::Greeted;  // nothing to log in with: the caller asks the player
        return;
    }
    phase_ = Phase::LoggingIn;
    deadline_ = now + answer_timeout;
    send(l, now);
}

void Client::handle(const Message& m, Millis now) {
    // At every step (the table's `any`): keep-alives, goodbyes and errors; never what only clients send.
    const Overload always{
        [&](const Ping& p) { send(Pong{p.token}, now); },
        [&](const Pong& q) { keep_.pong(q.token, now); },
        [&](const Bye& b) {
            lose("the server said goodbye" + (b.reason.empty() ? std::string() : ": " + b.reason), now);
        },
        [&](const Error& e) {
            conn_ = LineConn();
            finish("the server says: " + (e.reason.empty() ? std::string("an error") : e.reason));
        },
        [&](const FromClient auto&) { fail(std::string("a message only clients send: ") + verb(m), now); },
    };
    // The rest by the client's phase and the table's step: a handler for each message of the greeting and
    // of the login, the others of the server's taken together (FromServerNotAt), so that a new message of
    // those steps does not compile without its handler; the lobby's go to the tables, which have one for
    // each.
    switch (phase_) {
        case Phase::Greeting:
            return std::visit(Overload{always, [&](const Server& s) { greeting(s, now); },
                                       [&](const FromServerNotAt<Step::Greeting> auto&) {
                                           fail(std::string("expected the server's greeting, not ") + verb(m),
                                                now);
                                       }},
                              m);
        case Phase::Greeted:
        case Phase::LoggingIn: {
            // A message the login does not wait for: the reason says what it waits for (the player, before
            // the login is sent; the answer to ssh; the welcome).
            const auto unasked = [&] {
                if (phase_ == Phase::Greeted)
                    return fail(std::string("a message before logging in: ") + verb(m), now);
                fail(std::string(ssh_pending_ ? "expected the answer to ssh, not "
                                              : "expected welcome, not ") +
                         verb(m),
                     now);
            };
            const bool asked = phase_ == Phase::LoggingIn;  // our ssh or login line awaits its answer
            return std::visit(
                Overload{always, [&](const Notice&) { emit(message_event(Event::Kind::Line, m)); },
                         [&](const Ok& o) {
                             if (asked && ssh_pending_ && o.verb == verb_of<Ssh>) return ssh_answered(m, now);
                             unasked();
                         },
                         [&](const Refused& r) {
                             if (asked && ssh_pending_ && r.verb == verb_of<Ssh>) return ssh_answered(m, now);
                             if (!asked || ssh_pending_ || r.verb != verb_of<Login>) return unasked();
                             phase_ = Phase::Greeted;
                             password_.clear();  // a refused password is not tried again
                             emit(message_event(Event::Kind::LoginRefused, m));
                         },
                         [&](const Welcome& w) {
                             if (!asked || ssh_pending_) return unasked();
                             welcomed(w, now);
                         },
                         [&](const FromServerNotAt<Step::Login> auto&) { unasked(); }},
                m);
        }
        case Phase::Lobby: {
            const auto to_tables = [&] {
                if (auto taken = tables_.take(m, now, events_); !taken) fail(taken.why(), now);
            };
            return std::visit(Overload{always,
                                       [&](const Ok& o) {
                                           // This machine proves the name now: no password to keep.
                                           if (o.verb == verb_of<AddSecret> || o.verb == verb_of<AddKey>)
                                               password_.clear();
                                           to_tables();
                                       },
                                       [&](const FromServer auto&) { to_tables(); }},
                              m);
        }
        default: return;  // (no connection: no lines)
    }
}

void Client::greeting(const Server& s, Millis now) {
    if (s.version != protocol_version) {
        send(Bye{"this program speaks gobblet lobby protocol version " + std::to_string(protocol_version)},
             now);
        conn_.flush();
        conn_ = LineConn();
        return finish("the server speaks gobblet lobby protocol version " + std::to_string(s.version) +
                      ", this program version " + std::to_string(protocol_version) +
                      (s.version > protocol_version ? ": update gobblet" : ": the server is older"));
    }
    emit(event(Event::Kind::Connected, s.text));
    if (config_.ssh) {
        // Who came in through sshd; the login waits for the answer (a key only if believed).
        send(Ssh{config_.ssh->address, config_.ssh->key}, now);
        phase_ = Phase::LoggingIn;
        deadline_ = now + answer_timeout;
        ssh_pending_ = true;
        return;
    }
    log_in(now);
}

void Client::ssh_answered(const Message& answer, Millis now) {
    ssh_pending_ = false;
    key_believed_ = std::holds_alternative<Ok>(answer) && !config_.ssh->key.empty();
    emit(message_event(Event::Kind::Line, answer));  // a refusal says why the key cannot log in
    log_in(now);
}

void Client::welcomed(const Welcome& w, Millis now) {
    const bool as_guest = w.role == Role::Guest;
    if (as_guest != guest_) return fail("welcomed as a guest without asking, or not as one when asking", now);
    if (!as_guest && name_key(w.name) != name_key(config_.name))
        return fail("welcomed under another name: " + w.name, now);
    if (as_guest && name_key(w.name).substr(1, name_key(config_.name).size()) != name_key(config_.name))
        return fail("welcomed as a guest under another name: " + w.name, now);
    phase_ = Phase::Lobby;
    logged_in_at_ = now;
    by_password_ = w.how == How::Password;
    tables_.reset(w.name);
    emit(message_event(Event::Kind::LoggedIn, Message(w)));
    // After a password, this SSH key or machine's secret: the next login needs no password.
    if (w.how == How::Password && key_believed_)
        send(AddKey{}, now);
    else if (w.how == How::Password && !config_.secret.empty())
        send(AddSecret{config_.secret}, now);
    if (w.how != How::Password) password_.clear();
}

// ---------------------------------------------------------------------------------------------------
// What the player does.

Expected<void> Client::reachable(Millis now) const {
    switch (phase_) {
        case Phase::Lobby: return {};
        case Phase::Connecting:
        case Phase::Greeting: return Failure{"not in the lobby yet: connecting to the server"};
        case Phase::Greeted: return Failure{"not in the lobby: log in first"};
        case Phase::LoggingIn: return Failure{"not in the lobby yet: logging in"};
        case Phase::Waiting:
            return Failure{"not connected to the server: trying again in " +
                           seconds(std::max<Millis>(0, retry_at_ - now))};
        case Phase::Closed: return Failure{"not connected to the server"};
    }
    return Failure{"not in the lobby"};
}

Expected<void> Client::request(const Message& m, Millis now) {
    if (auto ok = reachable(now); !ok) return ok;
    if (!send(m, now)) return Failure{"the connection to the server failed"};
    return {};
}

Expected<void> Client::ask(const Message& query, Millis now) {
    if (auto ok = reachable(now); !ok) return ok;
    if (!tables_.can_ask()) return Failure{"wait: the answers to the last questions have not come yet"};
    if (!send(query, now)) return Failure{"the connection to the server failed"};
    tables_.asked(query);
    return {};
}

Expected<void> Client::login_password(std::string_view password, Millis now) {
    const bool again = phase_ == Phase::Lobby && !guest_;
    if (phase_ != Phase::Greeted && !again) return Failure{"not now: " + std::string(phase_name(phase_))};
    if (auto ok = password_allowed(password); !ok) return ok;
    if (config_.role == Role::Bot && guest_) return Failure{"a computer player cannot be a guest"};
    guest_ = false;
    password_ = std::string(password);
    if (again) {
        // A new connection, logged in with the password, in this one's place (its tables come again).
        send(Bye{"logging in again with the password"}, now);
        conn_.flush();
        connect(now);
        return {};
    }
    log_in(now);
    return {};
}

Expected<void> Client::login_guest(Millis now) {
    if (phase_ != Phase::Greeted) return Failure{"not now: " + std::string(phase_name(phase_))};
    if (config_.role == Role::Bot)
        return Failure{"a computer player registers its name: it cannot be a guest"};
    guest_ = true;
    password_.clear();
    log_in(now);
    return {};
}

Expected<void> Client::set_password(std::string_view password, bool forget_others, Millis now) {
    if (guest_) return Failure{"a guest has no password: log in with a name of your own to set one"};
    if (auto ok = password_allowed(password); !ok) return ok;
    return request(SetPassword{std::string(password), forget_others}, now);
}

Expected<void> Client::machines(Millis now) {
    if (guest_) return Failure{"a guest has no machines: nothing proves a guest's name"};
    return ask(MachinesQuery{}, now);
}

Expected<void> Client::forget_machine(MachineKind kind, Id id, Millis now) {
    if (guest_) return Failure{"a guest has no machines: nothing proves a guest's name"};
    if (id < 1 || id > max_id) return Failure{"no machine " + std::to_string(id)};
    return request(Forget{kind, id}, now);
}

Expected<void> Client::post(const Terms& terms, Millis now, const Audience& audience) {
    if (auto ok = terms_allowed(terms); !ok) return ok;
    if (auto ok = may_play(terms, role()); !ok) return ok;
    if (audience.range && audience.range->low > audience.range->high)
        return Failure{"a rating range goes from the lower rating to the higher"};
    return request(Post{terms, audience}, now);
}

Expected<void> Client::rematch(std::string_view game, Millis now) {
    if (!valid_game_id(game)) return Failure{"a game id is 16 hex digits"};
    return request(Rematch{std::string(game)}, now);
}

Expected<void> Client::abort(std::string_view game, Millis now) {
    if (!valid_game_id(game)) return Failure{"a game id is 16 hex digits"};
    return request(Abort{std::string(game)}, now);
}

Expected<void> Client::finger(std::string_view name, Millis now) {
    if (valid_guest_name(name)) return Failure{"a guest has no profile: only registered players have one"};
    if (!valid_name(name)) return Failure{"no player can have that name"};
    return ask(FingerQuery{std::string(name)}, now);
}

Expected<void> Client::best(Millis now) { return ask(BestQuery{}, now); }

Expected<void> Client::kibitz(std::string_view game, std::string_view text, Millis now) {
    if (!valid_game_id(game)) return Failure{"a game id is 16 hex digits"};
    std::string clean = clean_text(text, max_text);
    if (clean.empty()) return Failure{"nothing to say"};
    if (auto ok = reachable(now); !ok) return ok;
    if (!chat_limit_.allow(now))
        return Failure{"wait: at most " + std::to_string(chat_burst) + " lines at once, then one every " +
                       seconds(chat_every)};
    if (!send(Kibitz{std::string(game), std::move(clean)}, now))
        return Failure{"the connection to the server failed"};
    chat_limit_.wrong(now);
    return {};
}

Expected<void> Client::tell(std::string_view name, std::string_view text, Millis now) {
    if (!valid_name(name) && !valid_guest_name(name)) return Failure{"no player can have that name"};
    if (name_key(name) == name_key(this->name())) return Failure{"a tell to yourself: tell another player"};
    std::string clean = clean_text(text, max_text);
    if (clean.empty()) return Failure{"nothing to tell"};
    if (auto ok = reachable(now); !ok) return ok;
    if (!chat_limit_.allow(now))
        return Failure{"wait: at most " + std::to_string(chat_burst) + " lines at once, then one every " +
                       seconds(chat_every)};
    if (!send(Tell{std::string(name), std::move(clean)}, now))
        return Failure{"the connection to the server failed"};
    chat_limit_.wrong(now);
    return {};
}

Expected<void> Client::observe(std::string_view name, Millis now) {
    if (!valid_name(name) && !valid_guest_name(name)) return Failure{"no player can have that name"};
    if (name_key(name) == name_key(this->name()))
        return Failure{"a player never watches their own game: observe another player"};
    return ask(Observe{std::string(name)}, now);
}

Expected<void> Client::noplay(std::string_view name, bool on, Millis now) {
    if (!valid_name(name) && !valid_guest_name(name))
        return Failure{"not a player's name: " + clean_name(name)};
    if (name_key(name) == name_key(this->name())) return Failure{"your own challenges never reach you"};
    return request(NoPlay{on, std::string(name)}, now);
}

Expected<void> Client::challenge(std::string_view name, const Terms& terms, Millis now) {
    if (!valid_name(name) && !valid_guest_name(name)) return Failure{"no player can have that name"};
    if (auto ok = may_challenge(tables_.me(), name); !ok) return ok;
    if (auto ok = terms_allowed(terms); !ok) return ok;
    if (auto ok = may_play(terms, role()); !ok) return ok;
    return request(Challenge{std::string(name), terms}, now);
}

Expected<void> Client::accept(Id id, Millis now) {
    if (!tables_.seeks().contains(id))
        return Failure{"no seek " + std::to_string(id) + " (it may have gone)"};
    return request(Accept{id}, now);
}

Expected<void> Client::decline(Id id, Millis now) {
    const auto it = tables_.seeks().find(id);
    if (it == tables_.seeks().end() || it->second.to.empty() ||
        name_key(it->second.to) != name_key(tables_.me()))
        return Failure{"no challenge " + std::to_string(id) + " to you"};
    return request(Decline{id}, now);
}

Expected<void> Client::withdraw(Id id, Millis now) {
    const auto it = tables_.seeks().find(id);
    if (it == tables_.seeks().end() || name_key(it->second.from) != name_key(tables_.me()))
        return Failure{"no seek or challenge " + std::to_string(id) + " of yours"};
    return request(Withdraw{id}, now);
}

Expected<void> Client::watch(std::string_view game, Millis now) {
    if (!valid_game_id(game)) return Failure{"a game id is 16 hex digits"};
    return ask(Watch{std::string(game)}, now);
}

Expected<void> Client::say(std::string_view text, Millis now) {
    std::string clean = clean_text(text, max_text);
    if (clean.empty()) return Failure{"nothing to say"};
    if (auto ok = reachable(now); !ok) return ok;
    if (!chat_limit_.allow(now))
        return Failure{"wait: at most " + std::to_string(chat_burst) +
                       " chat lines at once, then one every " + seconds(chat_every)};
    if (!send(Say{std::move(clean)}, now)) return Failure{"the connection to the server failed"};
    chat_limit_.wrong(now);  // (the bucket counts lines said, here)
    return {};
}

Expected<void> Client::history(std::string_view name, int page, Millis now) {
    if (!valid_name(name) && !valid_guest_name(name)) return Failure{"no player can have that name"};
    if (page < 1 || page > max_page) return Failure{"pages count from 1"};
    return ask(HistoryQuery{std::string(name), page}, now);
}

Expected<void> Client::record(std::string_view game, Millis now) {
    if (!valid_game_id(game)) return Failure{"a game id is 16 hex digits"};
    return ask(RecordQuery{std::string(game)}, now);
}

Expected<void> Client::ratings(Variant variant, int page, Millis now) {
    if ((variant.size != 3 && variant.size != 4) ||
        (variant.rules != Rules::Official && variant.rules != Rules::Rogers))
        return Failure{"ratings are kept for the official and rogers rules on 3x3 and 4x4"};
    if (page < 1 || page > max_page) return Failure{"pages count from 1"};
    return ask(RatingsQuery{variant, page}, now);
}

Expected<void> Client::create_tournament(std::string_view name, const Format& format, int max_players,
                                         First first, const Terms& terms, Millis now) {
    if (!valid_tournament_name(name))
        return Failure{
            "a tournament's name has 2 to 32 letters, digits, '-', '_' or '.', a letter or digit first"};
    if (format.swiss ? format.rounds < 1 || format.rounds > max_swiss_rounds : format.rounds != 0)
        return Failure{"a Swiss tournament has 1 to " + std::to_string(max_swiss_rounds) + " rounds"};
    if (max_players < 2 || max_players > max_tournament_players)
        return Failure{"a tournament takes 2 to " + std::to_string(max_tournament_players) + " players"};
    if (auto ok = terms_allowed(terms); !ok) return ok;
    Create c;
    c.name = std::string(name);
    c.format = format;
    c.max_players = max_players;
    c.first = first;
    c.terms = terms;
    return request(c, now);
}

Expected<void> Client::join_tournament(Id id, Millis now) {
    if (!tables_.tournaments().contains(id)) return Failure{"no tournament " + std::to_string(id)};
    return request(Join{id}, now);
}

Expected<void> Client::leave_tournament(Id id, Millis now) {
    if (!tables_.tournaments().contains(id)) return Failure{"no tournament " + std::to_string(id)};
    return request(Leave{id}, now);
}

Expected<void> Client::start_tournament(Id id, Millis now) {
    if (!tables_.tournaments().contains(id)) return Failure{"no tournament " + std::to_string(id)};
    return request(Start{id}, now);
}

Expected<void> Client::choose_starter(Id id, const std::string& name, const std::string& opponent,
                                      Millis now) {
    if (!tables_.tournaments().contains(id)) return Failure{"no tournament " + std::to_string(id)};
    for (const std::string* n : {&name, &opponent})
        if (!valid_name(*n)) return Failure{"'" + *n + "' is not a player's name"};
    return request(ChooseStarter{id, name, opponent}, now);
}

Expected<void> Client::standings(Id id, Millis now) {
    if (id < 1 || id > max_id) return Failure{"no tournament " + std::to_string(id)};
    return ask(StandingsQuery{id}, now);
}

void Client::leave(std::string_view reason, Millis) {
    if (conn_.open()) {
        conn_.send(format_message(Bye{std::string(reason)}));  // a last word, if the socket takes it
        conn_.flush();
    }
    conn_ = LineConn();
    tables_.forget_queries();
    phase_ = Phase::Closed;
}

Expected<void> Client::retry(Millis now) {
    if (phase_ != Phase::Waiting) return Failure{"not waiting to reconnect"};
    connect(now);
    return {};
}

}  // namespace gobblet::net::lobby
