// build/hostile-peer: connects to a gobblet host and misbehaves, for the network tests (a host must
// survive every mode with a clear message and its game intact). Plain C++ on the project's own
// sockets: no python, socat or netcat needed.
//
//   build/hostile-peer HOST:PORT MODE [--code CODE] [--name NAME] [--wait SECONDS] [--from ADDR]
//                      [--repeat N]
//
// --from ADDR connects from that local address (127.0.0.2 plays a second machine on loopback).
// --repeat N (wrong-code and silent): N connections, the wrong codes one after another, the silent
// ones all at once (each new one from the same address replaces the last at the host's door).
//
// Modes:
//   garbage       bytes that are not UTF-8, a NUL and a terminal escape, instead of a hello
//   long-line     a megabyte without a newline
//   wrong-code    a hello with a wrong code (--code, default ZZZZZZ)
//   silent        connects and says nothing at all (for --wait seconds, default 60)
//   illegal       joins properly, then plays A1A1 on its turn
//   out-of-turn   joins, then moves when it is the host's turn
//   wrong-number  joins, then numbers its move wrongly
//   escapes       joins with escape sequences in its name (C1 CSI, a right-to-left override), chats
//                 with more of them, then chats with a raw ESC [2J
//   bidi          joins with bidirectional isolates and marks in its name (U+2067 ... U+2069, U+200F),
//                 chats with more of them and line separators (U+2028/9), then says goodbye
//   invisible     joins with invisible characters in its name (a soft hyphen U+00AD, the Hangul filler
//                 U+3164, tag characters U+E0000-E007F), chats with a line that hides words in tag
//                 characters (shown as nothing, read by whatever decodes them), then says goodbye
//   mid-move      joins, sends half a move line and hangs up
//   polite        joins, says goodbye (a control: the host should just see it leave)
//
// It prints what it sends ("> ") and hears ("< "), control bytes as \xNN, then "closed by the host"
// or "still open". Exit status: 0 when the host closed the connection (or, for mid-move and polite,
// when it did what it came to do), 1 when the connection was still open after --wait, 2 for bad
// arguments or no connection. It answers the host's pings while it waits, except in silent mode.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "net/session.h"
#include "raw_peer.h"

using namespace gobblet;
using namespace gobblet::net;
using gobblet::test::RawPeer;
using gobblet::test::wall_ms;

namespace {

// Plays a move as written on the tool's copy of the match (the host's moves and the tool's own legal
// ones), the outcome unchecked as before: the tests check what the host does.
void mirror(Match& m, const std::string& move) {
    const std::vector<WrittenMove> moves = parse_moves(move).value().value_or(std::vector<WrittenMove>{});
    (void)m.game().play(moves.at(0).spec);  // a text that is no move throws, as before
}

std::string shown(std::string_view bytes) {
    std::string out;
    for (unsigned char c : bytes) {
        if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        } else {
            out += char(c);
        }
    }
    return out;
}

struct Tool {
    RawPeer peer;
    std::size_t printed = 0;
    Millis wait_ms = 60000;
    bool answer_pings = true;
    std::size_t pongs_for = 0;  // lines already answered

    void say(const std::string& bytes, const std::string& note = "") {
        std::printf("> %s\n",
                    note.empty()
                        ? shown(bytes.substr(0, bytes.size() - (bytes.ends_with('\n') ? 1 : 0))).c_str()
                        : note.c_str());
        std::fflush(stdout);
        peer.say(bytes);
    }
    // Runs the connection until `done` or until it closes or `ms` pass; prints what is heard.
    template <class F>
    bool wait_for(F done, Millis ms) {
        const Millis end = wall_ms() + ms;
        while (peer.open() && !done() && wall_ms() < end) {
            pollfd p{peer.fd(), peer.events(), 0};
            ::poll(&p, 1, 50);
            peer.on_poll(p.revents);
            for (; printed < peer.heard().size(); ++printed) {
                const std::string& l = peer.heard()[printed];
                std::printf("< %s\n", shown(l).c_str());
                if (answer_pings && l.starts_with("ping ")) peer.say("pong " + l.substr(5) + "\n");
            }
            std::fflush(stdout);
        }
        return done();
    }
    int finish() {
        wait_for([] { return false; }, peer.open() ? wait_ms : 0);
        if (peer.closed_by_peer()) {
            std::printf("closed by the host\n");
            return 0;
        }
        std::printf("still open\n");
        return 1;
    }
};

// What the joiner knows after the welcome: the match, which player it is, and the state count.
struct Seen {
    std::optional<Match> match;
    int you = 1;
    int state = 0;
    bool our_turn() const { return match && match->player_of(match->game().side_to_move()) == you; }
};

// Rebuilds the match from the welcome lines heard so far.
std::optional<Match> welcome_match(const RawPeer& peer, int* you) {
    std::optional<Welcome> w;
    std::array<std::string, 2> names = {"White", "Black"};
    std::vector<RoundRecord> records;
    std::optional<GameClock::State> clock;
    for (const std::string& l : peer.heard()) {
        const auto p = parse_message(l);
        if (!p) continue;
        if (const auto* x = std::get_if<Welcome>(&*p)) w = *x;
        if (const auto* x = std::get_if<Name>(&*p)) names[std::size_t(x->player)] = x->name;
        if (const auto* x = std::get_if<RoundInfo>(&*p)) records.push_back({*x, {}});
        if (const auto* x = std::get_if<Moves>(&*p); x && !records.empty())
            records.back().moves.insert(records.back().moves.end(), x->moves.begin(), x->moves.end());
        if (const auto* x = std::get_if<State>(&*p)) clock = x->clock;
    }
    if (!w || !clock) return std::nullopt;
    *you = w->you;
    return build_match(w->settings, names, records, *clock, 0).value();
}

// Applies the host's move facts heard since `from` to the match.
void follow(const RawPeer& peer, std::size_t& from, Seen& seen) {
    for (; from < peer.heard().size(); ++from) {
        const auto p = parse_message(peer.heard()[from]);
        if (!p) continue;
        const auto* a = std::get_if<Act>(&*p);
        if (!a || !a->clock) continue;
        ++seen.state;
        if (a->kind == Act::Kind::Move) mirror(*seen.match, a->move);
    }
}

std::string first_legal(const Match& m) {
    MoveList list;
    m.game().legal_moves(list);
    return list.empty() ? "A1A1" : move_name(list[0], m.game().side_to_move());
}

// --repeat N silent: N connections opened one after another and held without a word; each one the
// host closes is reported. 0 when the host closed all but the last (which waits for its hello
// timeout, or --wait).
int silent_many(const Endpoint& where, const std::string& from, int n, Millis wait_ms) {
    std::vector<RawPeer> peers(static_cast<std::size_t>(n));
    std::vector<bool> told(peers.size(), false);
    const auto pump = [&](Millis ms) {
        const Millis end = wall_ms() + ms;
        do {
            std::vector<pollfd> fds;
            for (RawPeer& p : peers) fds.push_back({p.open() ? p.fd() : -1, p.events(), 0});
            ::poll(fds.data(), fds.size(), 20);
            for (std::size_t i = 0; i < peers.size(); ++i) {
                peers[i].on_poll(fds[i].revents);
                if (peers[i].closed_by_peer() && !told[i]) {
                    told[i] = true;
                    const auto& heard = peers[i].heard();
                    std::printf("connection %zu closed by the host%s%s\n", i + 1, heard.empty() ? "" : ": ",
                                heard.empty() ? "" : shown(heard.back()).c_str());
                }
            }
            std::fflush(stdout);
        } while (wall_ms() < end);
    };
    for (int i = 0; i < n; ++i) {
        if (auto connected = peers[std::size_t(i)].connect(where, 5000, from); !connected) {
            std::fprintf(stderr, "hostile-peer: %s\n", connected.why().c_str());
            return 2;
        }
        std::printf("connection %d open\n", i + 1);
        pump(20);
    }
    const Millis end = wall_ms() + wait_ms;
    while (wall_ms() < end) {
        pump(50);
        bool all_but_last = true;
        for (int i = 0; i + 1 < n; ++i) all_but_last = all_but_last && told[std::size_t(i)];
        if (all_but_last) return 0;
    }
    std::printf("still open\n");
    return 1;
}

int usage() {
    std::fprintf(
        stderr,
        "usage: hostile-peer HOST:PORT MODE [--code CODE] [--name NAME] [--wait SECONDS] [--from ADDR] "
        "[--repeat N]\n"
        "modes: garbage long-line wrong-code silent illegal out-of-turn wrong-number escapes bidi invisible "
        "mid-move polite\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) return usage();
    const auto where = parse_endpoint(argv[1]);
    if (!where || where->host.empty()) {
        std::fprintf(stderr, "hostile-peer: %s: %s\n", argv[1],
                     where ? "give HOST:PORT" : where.why().c_str());
        return 2;
    }
    const std::string mode = argv[2];
    std::string code = mode == "wrong-code" ? "ZZZZZZ" : "", name = "Mallory", from;
    int repeat = 1;
    Tool t;
    for (int i = 3; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--code")
            code = argv[i + 1];
        else if (flag == "--name")
            name = argv[i + 1];
        else if (flag == "--wait")
            t.wait_ms = Millis(std::atof(argv[i + 1]) * 1000);
        else if (flag == "--from")
            from = argv[i + 1];
        else if (flag == "--repeat")
            repeat = std::atoi(argv[i + 1]);
        else
            return usage();
    }
    if (repeat < 1 || repeat > 1000 || (repeat > 1 && mode != "wrong-code" && mode != "silent"))
        return usage();
    const auto normal = normalize_code(code);
    const bool needs_code = mode != "garbage" && mode != "long-line" && mode != "silent";
    if (needs_code && !normal) {
        std::fprintf(stderr, "hostile-peer: mode %s needs --code (4 to 32 letters and digits)\n",
                     mode.c_str());
        return 2;
    }
    if (mode == "silent" && repeat > 1) return silent_many(*where, from, repeat, t.wait_ms);
    for (int i = 1; i < repeat; ++i) {  // wrong-code: all but the last, each until the host hangs up
        Tool one;
        one.wait_ms = t.wait_ms;
        if (auto connected = one.peer.connect(*where, 5000, from); !connected) {
            std::fprintf(stderr, "hostile-peer: %s\n", connected.why().c_str());
            return 2;
        }
        one.say("hello gobblet 1 " + *normal + " new " + name + "\n");
        if (one.finish() != 0) return 1;
    }
    if (auto connected = t.peer.connect(*where, 5000, from); !connected) {
        std::fprintf(stderr, "hostile-peer: %s\n", connected.why().c_str());
        return 2;
    }
    std::printf("connected to %s%s\n", endpoint_text(*where).c_str(),
                from.empty() ? "" : (" from " + from).c_str());
    std::fflush(stdout);

    if (mode == "garbage") {
        static const char garbage[] = "\xff\xfe\0garbage\x1b[31m\n";
        t.say(std::string(garbage, sizeof garbage - 1));
        return t.finish();
    }
    if (mode == "long-line") {
        t.say(std::string(1 << 20, 'A'), "(a megabyte of 'A', no newline)");
        return t.finish();
    }
    if (mode == "silent") {
        t.answer_pings = false;
        return t.finish();
    }
    const std::string hello_name =
        mode == "escapes"     ? "\xC2\x9B"
                                "31mMal\xE2\x80\xAElory"
        : mode == "bidi"      ? "Mal\xE2\x81\xA7lory\xE2\x81\xA9\xE2\x80\x8F"
        : mode == "invisible" ? "Mal\xC2\xADlo\xE3\x85\xA4ry\xF3\xA0\x80\x81\xF3\xA0\x81\x81\xF3\xA0\x81\xBF"
                              : name;
    t.say("hello gobblet 1 " + *normal + " new " + hello_name + "\n");
    if (mode == "wrong-code") return t.finish();
    if (!t.wait_for([&] { return t.peer.line_starting("ready").has_value(); }, 10000)) return t.finish();
    Seen seen;
    seen.match = welcome_match(t.peer, &seen.you);
    if (!seen.match) {
        std::printf("the welcome did not hold together\n");
        return 1;
    }
    t.say(format_message(Sync{t.peer.welcome_digest()}));
    if (!t.wait_for([&] { return t.peer.line_starting("go ").has_value(); }, 10000)) return t.finish();
    std::size_t followed = 0;  // the facts begin after "go" (and may have come with it)
    while (!t.peer.heard()[followed].starts_with("go ")) ++followed;
    ++followed;
    const auto until_our_turn = [&] {
        return t.wait_for(
            [&] {
                follow(t.peer, followed, seen);
                return seen.our_turn();
            },
            t.wait_ms);
    };
    const auto plies = [&] { return int(seen.match->game().moves().size()); };
    const auto S = [&] { return std::to_string(seen.state); };

    if (mode == "polite") {
        t.say("bye that was all\n");
        t.peer.close();
        return 0;
    }
    if (mode == "mid-move") {
        t.say("move " + S() + " " + std::to_string(plies() + 1) + " W3",
              "move ... W3 (half a line, then hang up)");
        t.wait_for([] { return false; }, 200);
        t.peer.close();
        std::printf("hung up mid-line\n");
        return 0;
    }
    if (mode == "escapes") {
        t.say(
            "chat \xC2\x9B"
            "2Jhello\xE2\x80\xAE there\n");
        t.say("chat \x1b[2J\x1b[Hcleared your screen?\n");
        return t.finish();
    }
    if (mode == "invisible") {
        // "gg", then "resign" in tag characters (U+E0072 ...), a soft hyphen and a Hangul filler.
        t.say(
            "chat gg\xF3\xA0\x81\xB2\xF3\xA0\x81\xA5\xF3\xA0\x81\xB3\xF3\xA0\x81\xA9\xF3\xA0\x81\xA7"
            "\xF3\xA0\x81\xAE\xC2\xAD\xE3\x85\xA4\n");
        t.say("bye that was all\n");
        t.peer.close();
        return 0;
    }
    if (mode == "bidi") {
        t.say(
            "chat Liam \xE2\x81\xA6resigns\xE2\x81\xA9 \xD8\x9C"
            "now\xE2\x80\xA8ok\xE2\x80\xA9\n");
        t.say("bye that was all\n");
        t.peer.close();
        return 0;
    }
    if (!until_our_turn()) return t.finish();
    const std::string number = std::to_string(plies() + 1);
    if (mode == "illegal") {
        t.say("move " + S() + " " + number + " A1A1\n");
    } else if (mode == "wrong-number") {
        t.say("move " + S() + " " + std::to_string(plies() + 5) + " " + first_legal(*seen.match) + "\n");
    } else if (mode == "out-of-turn") {
        // A legal move, then at once another: by then it is the host's turn.
        const std::string m = first_legal(*seen.match);
        t.say("move " + S() + " " + number + " " + m + "\n");
        mirror(*seen.match, m);
        t.say("move " + std::to_string(seen.state + 1) + " " + std::to_string(plies() + 1) + " " +
              first_legal(*seen.match) + "\n");
    } else {
        return usage();
    }
    return t.finish();
}
