// The network protocol's reader and writer (docs/network.md), from byte strings: every message, every
// error, every limit. The reader is the first thing a hostile peer reaches, so it is strict and says why.
#include <set>

#include "fuzz/wire_target.h"
#include "net/code.h"
#include "net/socket.h"
#include "net/transfer.h"
#include "net/wire.h"

#include "support.h"

using namespace gobblet;
using namespace gobblet::net;

namespace {

// A clock state as the wire carries it, with every field away from its default.
GameClock::State sample_clock() {
    GameClock::State s;
    s.left[0] = 300000;
    s.left[1] = 290500;
    s.reserve[0] = 270000;
    s.reserve[1] = 300000;
    s.running = Color::Black;
    s.elapsed = 1200;
    s.budget = 120000;
    return s;
}

Message parsed(std::string_view line) {
    const auto p = parse_message(line);
    INFO("line: " << line << "\nerror: " << p.why());
    REQUIRE(p.ok());
    return *p;
}

std::string error_of(std::string_view line) {
    const auto p = parse_message(line);
    INFO("line: " << line);
    REQUIRE_FALSE(p.ok());
    return p.why();
}

Act act(Act::Kind k, int state) {
    Act a;
    a.kind = k;
    a.state = state;
    return a;
}

}  // namespace

TEST_CASE("every message survives being written and read back", "[net][wire]") {
    MatchSettings dm{Variant{4, Rules::Official}, 2, ClockSettings::dm(120000, 300000, 30000)};
    Act move = act(Act::Kind::Move, 7);
    move.number = 12;
    move.move = "K1C3";
    Act move_fact = move;
    move_fact.clock = sample_clock();
    Act touch = act(Act::Kind::Touch, 3);
    touch.square = make_square(1, 1);
    Act resign = act(Act::Kind::Resign, 9);
    resign.side = Color::Black;
    Act undo = act(Act::Kind::Undo, 4);
    undo.number = 10;
    undo.clock = sample_clock();
    Act flag = act(Act::Kind::Flag, 40);
    flag.side = Color::White;
    flag.clock = sample_clock();
    Act starter = act(Act::Kind::Starter, 41);
    starter.number = 1;
    Act claim = act(Act::Kind::Claim, 43);
    claim.side = Color::Black;
    claim.clock = sample_clock();
    RoundInfo round{2, 1, RoundEnd::Resign, Color::White, make_square(2, 3)};
    const std::vector<Message> all = {
        Hello{1, "7QKM4X", "new", "Eamon"},
        Hello{1, "7QKM4X", "0123456789abcdef", "Eamon Ó Dálaigh"},
        Welcome{"0123456789abcdef", 1, dm},
        Welcome{"fedcba9876543210", 0,
                MatchSettings{Variant{3, Rules::Rogers}, 1, ClockSettings::fischer(300000, 3000)}},
        Welcome{"fedcba9876543210", 0, MatchSettings{}},
        WelcomeTerms{true},
        WelcomeTerms{false},
        WelcomeTerms{false, 30'000},
        WelcomeTerms{true, 3'600'000},
        Name{0, "Liam"},
        Seat{SeatKind::Computer},
        Seat{SeatKind::Human},
        round,
        RoundInfo{1, 0, RoundEnd::None, Color::White, std::nullopt},
        RoundInfo{3, 0, RoundEnd::Time, Color::Black, std::nullopt},
        RoundInfo{3, 0, RoundEnd::Draw, Color::White, std::nullopt},
        RoundInfo{4, 1, RoundEnd::Abandon, Color::Black, std::nullopt},
        Moves{{"W3B2", "K1C3", "C3A3"}},
        State{sample_clock()},
        Ready{},
        Sync{"00ff00ff00ff00ff"},
        Go{sample_clock()},
        move,
        move_fact,
        touch,
        resign,
        act(Act::Kind::Draw, 5),
        undo,
        act(Act::Kind::Pause, 6),
        act(Act::Kind::Resume, 8),
        flag,
        starter,
        act(Act::Kind::Replay, 42),
        claim,
        Offer{3, OfferKind::Undo},
        Offer{0, OfferKind::Resume},
        Answer{3, OfferKind::Draw, true},
        Answer{4, OfferKind::Pause, false},
        Clock{sample_clock()},
        Chat{"good luck, have fun"},
        Ping{1234567890123},
        Pong{0},
        Bye{"quit"},
        Bye{""},
        Error{"wrong join code"},
    };
    for (const Message& m : all) {
        const std::string line = format_message(m);
        INFO(line);
        REQUIRE(line.back() == '\n');
        CHECK(line.size() <= max_line);
        CHECK(parsed(std::string_view(line).substr(0, line.size() - 1)) == m);
    }
}

TEST_CASE("the documented example lines read as they say", "[net][wire]") {
    const Message hello = parsed("hello gobblet 1 7QKM4X new Eamon");
    REQUIRE(std::holds_alternative<Hello>(hello));
    CHECK(std::get<Hello>(hello).code == "7QKM4X");
    CHECK(std::get<Hello>(hello).holds == "new");
    CHECK(std::get<Hello>(hello).name == "Eamon");

    const Message welcome = parsed("welcome 5f3a9c0e12b47d66 1 4 official 2 dm 2m 5m 30s");
    REQUIRE(std::holds_alternative<Welcome>(welcome));
    const Welcome& w = std::get<Welcome>(welcome);
    CHECK(w.match_id == "5f3a9c0e12b47d66");
    CHECK(w.you == 1);
    CHECK(w.settings.first_to == 2);
    CHECK(w.settings.clock == ClockSettings::dm(120000, 300000, 30000));

    const Message move = parsed("move 0 1 W3B2");
    REQUIRE(std::holds_alternative<Act>(move));
    CHECK(std::get<Act>(move).kind == Act::Kind::Move);
    CHECK(std::get<Act>(move).number == 1);
    CHECK(std::get<Act>(move).move == "W3B2");
    CHECK_FALSE(std::get<Act>(move).clock);

    const Message fact = parsed(
        "move 0 1 W3B2 left 300000 300000 reserve 300000 300000 running black elapsed 0 budget 120000 paused "
        "no "
        "flagged none");
    REQUIRE(std::get<Act>(fact).clock);
    CHECK(std::get<Act>(fact).clock->running == Color::Black);
    CHECK(std::get<Act>(fact).clock->budget == 120000);

    const Message round = parsed("round 2 1 resign:white C4");
    CHECK(std::get<RoundInfo>(round) == RoundInfo{2, 1, RoundEnd::Resign, Color::White, make_square(2, 3)});
    const Message left = parsed("round 1 0 abandon:black -");
    CHECK(std::get<RoundInfo>(left) == RoundInfo{1, 0, RoundEnd::Abandon, Color::Black, std::nullopt});
    const Message claim = parsed("claim 9 black");
    CHECK(std::get<Act>(claim).kind == Act::Kind::Claim);
    CHECK(std::get<Act>(claim).side == Color::Black);
}

TEST_CASE("a round claimed from a player who left travels whole, and a save that lags behind it catches up",
          "[net][wire][absence]") {
    Match m(MatchSettings{{}, 2, {}}, {"Liam", "Eamon"});
    REQUIRE(m.play(gobblet::test::spec_of("W3B2"), 0));
    Match held = m;  // the joiner's save, from before it left
    m.abandon(Color::Black, 0);
    const auto records = round_records(m);
    REQUIRE(records.size() == 1);
    CHECK(records[0].info.end == RoundEnd::Abandon);
    CHECK(records[0].info.loser == Color::Black);
    const auto rebuilt = build_match(m.settings(), {"Liam", "Eamon"}, records, m.clock().state(0), 0);
    INFO(rebuilt.why());
    REQUIRE(rebuilt);
    CHECK(rebuilt->round_result_text() == "Eamon left and did not come back: Liam wins the round");
    CHECK(compare_records(round_records(held), records).kind == Comparison::Kind::Behind);
    // An abandonment of a round the moves already ended is refused, like any second ending.
    Match won(MatchSettings{}, {"Liam", "Eamon"});
    for (const char* mv : {"W1A1", "K1D1", "W1A2", "K1D2", "W1A3", "K2C4", "W2A4"})
        REQUIRE(won.play(gobblet::test::spec_of(mv), 0));
    auto twice = round_records(won);
    twice[0].info.end = RoundEnd::Abandon;
    twice[0].info.loser = Color::Black;
    const auto ended_twice = build_match(won.settings(), {"Liam", "Eamon"}, twice, won.clock().state(0), 0);
    CHECK_FALSE(ended_twice);
    CHECK(ended_twice.why() == "round 1 (game 1): ended twice");
}

TEST_CASE("a line too long is refused, whatever it holds", "[net][wire]") {
    const std::string longest(max_line - 1, 'x');
    CHECK(error_of("chat " + longest) == "a line longer than 512 bytes");
    // The longest allowed line reads (511 bytes and its '\n').
    CHECK(std::holds_alternative<Chat>(parsed("chat " + std::string(max_line - 6, 'y'))));
}

TEST_CASE("a megabyte without a newline is an error after 512 bytes, not after a megabyte", "[net][wire]") {
    LineReader r;
    std::string line;
    r.feed(std::string(max_line - 1, 'x'));
    CHECK(r.next(line) == LineReader::Status::NeedMore);
    r.feed("x");
    CHECK(r.next(line) == LineReader::Status::TooLong);
    LineReader big;
    big.feed(std::string(1 << 20, 'x') + "\n");
    CHECK(big.next(line) == LineReader::Status::TooLong);
}

TEST_CASE("the line reader splits a stream however it arrives", "[net][wire]") {
    LineReader r;
    std::string line;
    r.feed("pi");
    CHECK(r.next(line) == LineReader::Status::NeedMore);
    CHECK_FALSE(r.has_line());
    r.feed("ng 1\npong 2\nch");
    CHECK(r.has_line());
    REQUIRE(r.next(line) == LineReader::Status::Line);
    CHECK(line == "ping 1");
    REQUIRE(r.next(line) == LineReader::Status::Line);
    CHECK(line == "pong 2");
    CHECK(r.next(line) == LineReader::Status::NeedMore);
    CHECK(r.buffered() == 2);
    r.feed("at hi\n");
    REQUIRE(r.next(line) == LineReader::Status::Line);
    CHECK(line == "chat hi");
    CHECK(r.buffered() == 0);
    // A line of exactly 511 bytes with its newline is the longest that passes.
    r.feed(std::string(max_line - 1, 'z') + "\n");
    REQUIRE(r.next(line) == LineReader::Status::Line);
    CHECK(line.size() == max_line - 1);
}

TEST_CASE("bytes that are not UTF-8 are refused", "[net][wire]") {
    for (const char* bad : {"chat \x80", "chat \xC0\xAF", "chat \xE0\x80\xAF", "chat \xED\xA0\x80",
                            "chat \xF4\x90\x80\x80", "chat \xE2\x82", "chat \xFF", "name 0 Li\xC3"}) {
        CHECK(error_of(bad) == "a line that is not valid UTF-8");
    }
    CHECK(valid_utf8("Ó Dálaigh → 🎲"));
    CHECK_FALSE(valid_utf8("\xF8\x88\x80\x80\x80"));
}

TEST_CASE("control characters are refused, terminal escapes included", "[net][wire]") {
    for (std::string bad :
         {std::string("chat \x1b[2J\x1b[H"), std::string("chat a\rb"), std::string("chat \t"),
          std::string("name 0 \x07"), std::string("chat a\0b", 8), std::string("chat \x7f")})
        CHECK(error_of(bad) == "a control character in a line");
}

TEST_CASE("escape sequences that are valid UTF-8 come out of names and chat clean", "[net][wire]") {
    // U+009B is the one-character CSI, U+202E the right-to-left override: printable to UTF-8, not to a
    // player.
    const Message name = parsed(
        "name 1 Eve\xC2\x9B"
        "31mRed\xE2\x80\xAEtxt");
    CHECK(std::get<Name>(name).name == "Eve31mRedtxt");
    const Message chat = parsed(
        "chat \xC2\x9B"
        "2J  hello   there ");
    CHECK(std::get<Chat>(chat).text == "2J hello there");
    const Message hello = parsed(
        "hello gobblet 1 ABCD new \xC2\x9D"
        "0;title\xC2\x9C"
        "Mallory");
    CHECK(std::get<Hello>(hello).name == "0;titleMallory");
    // Names are cut to 24 characters, chat and reasons to 120.
    CHECK(std::get<Name>(parsed("name 0 " + std::string(100, 'n'))).name ==
          std::string(max_name_length, 'n'));
    CHECK(std::get<Chat>(parsed("chat " + std::string(300, 'c'))).text == std::string(max_text, 'c'));
    CHECK(std::get<Error>(parsed("error " + std::string(300, 'e'))).reason.size() == max_text);
    CHECK(error_of("chat \xE2\x80\xAE") == "chat: nothing printable");
}

TEST_CASE("bidirectional isolates and marks come out of peers' names and chat", "[net][wire]") {
    // U+2066-2069 isolate and U+200E/F, U+061C mark: invisible, and they reorder the rest of a line on a
    // terminal that honours them (a name shown backwards, chat that seems to say another thing).
    // U+2028/9 separate lines. None of them reaches a player.
    const Message name = parsed(
        "name 1 Ev\xE2\x81\xA7"
        "e\xE2\x81\xA9\xE2\x80\x8F"
        "M\xD8\x9C");
    CHECK(std::get<Name>(name).name == "EveM");
    const Message chat = parsed(
        "chat \xE2\x81\xA6"
        "gg\xE2\x81\xA8 wp\xE2\x80\x8E\xE2\x80\xA8"
        "x\xE2\x80\xA9y");
    CHECK(std::get<Chat>(chat).text == "gg wpxy");
    const Message hello = parsed("hello gobblet 1 ABCD new \xE2\x81\xA7Mallory\xE2\x81\xA9");
    CHECK(std::get<Hello>(hello).name == "Mallory");
    CHECK(error_of("chat \xE2\x81\xA6\xE2\x80\x8F") == "chat: nothing printable");
}

TEST_CASE("what we write always fits in a line, however long the text", "[net][wire]") {
    std::string dice;
    for (int i = 0; i < 300; ++i) dice += "🎲";
    for (const Message& m :
         {Message{Chat{dice}}, Message{Bye{dice}}, Message{Error{dice}}, Message{Name{0, dice}},
          Message{Hello{1, std::string(32, 'A'), "0123456789abcdef", dice}}}) {
        const std::string line = format_message(m);
        INFO(line);
        CHECK(line.size() <= max_line);
        CHECK(valid_utf8(line));
        CHECK(parse_message(std::string_view(line).substr(0, line.size() - 1)).ok());
    }
    CHECK(format_message(Chat{"a\x1b[31mb"}) == "chat a[31mb\n");
}

TEST_CASE("unknown messages and empty lines are errors", "[net][wire]") {
    CHECK(error_of("launch missiles") == "unknown message 'launch'");
    CHECK(error_of("") == "an empty line");
    CHECK(error_of(" ping 1") == "unknown message (nothing)");
    CHECK(error_of("PING 1") == "unknown message 'PING'");
    CHECK(error_of("GET / HTTP/1.1") == "unknown message 'GET'");
}

TEST_CASE("missing and extra fields are errors that name the field", "[net][wire]") {
    CHECK(error_of("move 0 1") == "not a move in canonical notation: (nothing)");
    CHECK(error_of("move 0") == "move number: not a number: (nothing)");
    CHECK(error_of("move") == "state number: not a number: (nothing)");
    CHECK(error_of("move 0 1 W3B2 extra") == "clock: a clock state has 16 words, this one has 1");
    CHECK(error_of("hello gobblet 1 ABCD new") == "hello: no name");
    CHECK(error_of("hello gobblet") == "hello: version: not a number: (nothing)");
    CHECK(error_of("hello world 1 ABCD new x") == "hello: not a gobblet player");
    CHECK(error_of("welcome 0123456789abcdef 1 4 official 2") ==
          "welcome: clock settings: no clock settings");
    CHECK(error_of("welcome 0123456789abcdef 2 4 official 2 none") == "welcome: player: out of range");
    CHECK(error_of("welcome 0123456789abcdef 1 5 official 2 none") == "welcome: size: out of range");
    CHECK(error_of("welcome 0123456789abcdef 1 4 chess 2 none") == "welcome: unknown rules");
    CHECK(error_of("welcome 0123456789abcdef 1 4 official 100 none") == "welcome: first-to: out of range");
    CHECK(error_of("welcome 0123456789ABCDEF 1 4 official 2 none") ==
          "welcome: match id: expected 16 hex digits");
    CHECK(error_of("seat robot") == "seat: expected human or computer");
    CHECK(error_of("seat human now") == "more words than the message has");
    CHECK(error_of("ready now") == "more words than the message has");
    CHECK(error_of("ping") == "token: not a number: (nothing)");
    CHECK(error_of("ping 1 2") == "more words than the message has");
    CHECK(error_of("answer 1 draw maybe") == "answer: expected yes or no");
    CHECK(error_of("offer 1 marriage") == "unknown offer 'marriage'");
    CHECK(error_of("resign 1 red") == "expected white or black, not 'red'");
    CHECK(error_of("touch 1 E5") == "not a square: 'E5'");
    CHECK(error_of("round 1 0 lost -") == "round: unknown ending 'lost'");
    CHECK(error_of("moves") == "moves: no moves");
    CHECK(error_of("sync 12") == "sync: digest: expected 16 hex digits");
    CHECK(error_of("chat") == "chat: nothing printable");
    CHECK(error_of("state left 1") == "clock: a clock state has 16 words, this one has 2");
}

TEST_CASE("numbers are plain decimals in range", "[net][wire]") {
    CHECK(error_of("ping -1") == "token: not a number: '-1'");
    CHECK(error_of("ping 01") == "token: not a number: '01'");
    CHECK(error_of("ping 1e3") == "token: not a number: '1e3'");
    CHECK(error_of("ping 99999999999999999999") == "token: not a number: '9999999999999999'");
    CHECK(error_of("move 1000000001 1 W3B2") == "state number: out of range");
    CHECK(error_of("move 0 0 W3B2") == "move number: out of range");
    CHECK(error_of("move 0 100001 W3B2") == "move number: out of range");
    CHECK(std::get<Ping>(parsed("ping 0")).token == 0);
}

TEST_CASE("moves travel in canonical notation only", "[net][wire]") {
    CHECK(error_of("move 0 1 w3b2") == "not a move in canonical notation: 'w3b2'");
    CHECK(error_of("move 0 1 XB2") == "not a move in canonical notation: 'XB2'");
    CHECK(error_of("move 0 1 W3-B2") == "not a move in canonical notation: 'W3-B2'");
    CHECK(error_of("move 0 1 W3B2%") == "not a move in canonical notation: 'W3B2%'");
    CHECK(error_of("moves W3B2 K1C3 nonsense") == "not a move in canonical notation: 'nonsense'");
    std::string many = "moves";
    for (int i = 0; i < 65; ++i) many += " W3B2";
    CHECK(error_of(many) == "moves: more than 64 moves on a line");
}

TEST_CASE("one space between words, none at the end, except in free text", "[net][wire]") {
    CHECK(error_of("ping  1") == "token: not a number: (nothing)");
    CHECK(error_of("ping 1 ") == "more words than the message has");
    CHECK(error_of("ready ") == "more words than the message has");
    CHECK(error_of(
              "move 0 1 W3B2 left 300000 300000 reserve 300000 300000 running black elapsed 0 budget 120000 "
              "paused no  flagged none") == "extra spaces in a move line");
    CHECK(std::get<Bye>(parsed("bye   see  you ")).reason == "see you");
}

TEST_CASE("version 3's terms: whether the engine may help, yes or no", "[net][wire]") {
    CHECK(std::get<WelcomeTerms>(parsed("terms help yes")).help);
    CHECK_FALSE(std::get<WelcomeTerms>(parsed("terms help no")).help);
    CHECK(format_message(WelcomeTerms{false}) == "terms help no\n");
    CHECK(error_of("terms help maybe") == "terms: help: expected yes or no");
    CHECK(error_of("terms clock no") == "terms: expected help");
    CHECK(error_of("terms help yes no") == "terms: expected choice");  // version 4's field, or nothing
}

TEST_CASE("version 4's terms: the host's limit on the loser's choice of who starts, within its bounds",
          "[net][wire]") {
    const WelcomeTerms t = std::get<WelcomeTerms>(parsed("terms help no choice 90000"));
    CHECK_FALSE(t.help);
    CHECK(t.choice == 90'000);
    CHECK(format_message(WelcomeTerms{false, 90'000}) == "terms help no choice 90000\n");
    CHECK_FALSE(std::get<WelcomeTerms>(parsed("terms help yes")).choice);  // version 3's: the default
    CHECK(std::get<WelcomeTerms>(parsed("terms help no choice 5000")).choice == min_starter_choice_time);
    CHECK(std::get<WelcomeTerms>(parsed("terms help no choice 3600000")).choice == max_starter_choice_time);
    CHECK(error_of("terms help no choice 4999") == "terms: choice: out of range");
    CHECK(error_of("terms help no choice 3600001") == "terms: choice: out of range");
    CHECK(error_of("terms help no choice -1") == "terms: choice: not a number: '-1'");
    CHECK(error_of("terms help no choice") == "terms: choice: not a number: (nothing)");
    CHECK(error_of("terms help no grace 30000") == "terms: expected choice");
    CHECK(error_of("terms help no choice 30000 more") == "more words than the message has");
}

TEST_CASE("a hello from another protocol version still reads, so the host can say which it speaks",
          "[net][wire]") {
    const Message h = parsed("hello gobblet 6 whatever follows");
    CHECK(std::get<Hello>(h).version == 6);
    CHECK(std::get<Hello>(parsed("hello gobblet 0 whatever")).version == 0);
    CHECK(error_of("hello gobblet 1 AB new x") == "hello: the code has 4 to 32 letters and digits");
    CHECK(error_of("hello gobblet 1 abcd new x") == "hello: the code has 4 to 32 letters and digits");
}

TEST_CASE("join codes: random, readable, forgiving to type, compared in full", "[net][code]") {
    const std::string a = new_code(), b = new_code();
    CHECK(a.size() == 6);
    CHECK(a.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ") == std::string::npos);
    CHECK(a != b);  // 2^-30 to fail
    CHECK(code_text("7QKM4X") == "7QK-M4X");
    CHECK(code_text("ABCDEFGH") == "ABCD-EFGH");
    CHECK(normalize_code("7qk-m4x") == "7QKM4X");
    CHECK(normalize_code(" 7QK M4X ") == "7QKM4X");
    CHECK(normalize_code("o1Il") == "0111");  // Crockford's look-alikes
    CHECK_FALSE(normalize_code("abc"));
    CHECK_FALSE(normalize_code("abcd!"));
    CHECK_FALSE(normalize_code(std::string(33, 'A')));
    CHECK(same_code("7QKM4X", "7QKM4X"));
    CHECK_FALSE(same_code("7QKM4X", "7QKM4Y"));
    CHECK_FALSE(same_code("7QKM4X", "7QKM4"));
    CHECK_FALSE(same_code("7QKM4", "7QKM4X"));
    const std::string id = new_match_id();
    CHECK(id.size() == 16);
    CHECK(id.find_first_not_of("0123456789abcdef") == std::string::npos);
}

TEST_CASE("wrong codes are rate-limited: five at once, then one every two seconds", "[net][code]") {
    GuessLimiter g;
    Millis now = 1000;
    for (int i = 0; i < 5; ++i) {
        REQUIRE(g.allow(now));
        g.wrong(now);
    }
    CHECK_FALSE(g.allow(now));
    CHECK_FALSE(g.allow(now + 1999));
    CHECK(g.allow(now + 2000));
    g.wrong(now + 2000);
    CHECK_FALSE(g.allow(now + 3999));
    CHECK(g.allow(now + 4000));
    CHECK(g.allow(now + 60000));  // a quiet minute fills the bucket again
    for (int i = 0; i < 5; ++i) g.wrong(now + 60000);
    CHECK_FALSE(g.allow(now + 60000));
}

TEST_CASE("endpoints: PORT, HOST:PORT and [v6]:PORT", "[net][socket]") {
    CHECK(parse_endpoint("7000") == Endpoint{"", 7000});
    CHECK(parse_endpoint("0") == Endpoint{"", 0});
    CHECK(parse_endpoint("example.org:7000") == Endpoint{"example.org", 7000});
    CHECK(parse_endpoint("192.168.1.5:65535") == Endpoint{"192.168.1.5", 65535});
    CHECK(parse_endpoint("[::1]:7000") == Endpoint{"::1", 7000});
    CHECK(parse_endpoint("[fe80::1%eth0]:7000") == Endpoint{"fe80::1%eth0", 7000});
    CHECK(parse_endpoint("::1:7000").why() ==
          "write an IPv6 address in brackets with its port, as in [::1]:7000");
    CHECK(parse_endpoint("[::1]").why() == "a port is needed after the address, as in [::1]:7000");
    CHECK_FALSE(parse_endpoint("[::1:7000"));
    CHECK(parse_endpoint("host:7x").why() == "the port is a number from 0 to 65535");
    CHECK_FALSE(parse_endpoint("host:65536"));
    CHECK_FALSE(parse_endpoint("host:70a"));
    CHECK_FALSE(parse_endpoint(":7000"));
    CHECK_FALSE(parse_endpoint("bad host:7000"));
    CHECK(endpoint_text(Endpoint{"::1", 7000}) == "[::1]:7000");
    CHECK(endpoint_text(Endpoint{"localhost", 7000}) == "localhost:7000");
}

TEST_CASE("an address without its port says that the port is missing, not that it is no number",
          "[net][socket]") {
    const std::string missing = "the port is missing: write the host and its port, as in 127.0.0.1:7300";
    CHECK(parse_endpoint("127.0.0.1").why() == missing);
    CHECK(parse_endpoint("example.org").why() == missing);
    CHECK(parse_endpoint("localhost").why() == missing);
    CHECK(parse_endpoint("127.0.0.1:").why() ==
          "the port is missing after ':': write the host and its port, as in 127.0.0.1:7300");
    CHECK(parse_endpoint("70000").why() == "the port is a number from 0 to 65535");
    CHECK(parse_endpoint("7300") == Endpoint{"", 7300});  // a port alone is still one
}

TEST_CASE("the reader's fuzz target holds its promises on its seed corpus", "[net][fuzz]") {
    // The same body libFuzzer runs (tests/fuzz/wire.cpp); a broken promise aborts the test binary.
    const std::filesystem::path dir = std::filesystem::path("tests") / "fuzz" / "corpus" / "wire";
    INFO("seeds in " << dir.string());
    REQUIRE(std::filesystem::is_directory(dir));
    int seeds = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string bytes = gobblet::test::read_text(entry.path());
        CHECK(gobblet::fuzz::wire(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()) == 0);
        ++seeds;
    }
    CHECK(seeds >= 5);
}

TEST_CASE("version 2: spectators, absences, claims by the player who stayed, watcher counts", "[net][wire]") {
    Act away = act(Act::Kind::Away, 12);
    away.side = Color::Black;
    away.away_for = 4500;
    away.grace = 30000;
    away.clock_decides = true;
    away.clock = sample_clock();
    Act back = act(Act::Kind::Back, 13);
    back.side = Color::Black;
    back.clock = sample_clock();
    Act claim_request = act(Act::Kind::Claim, 14);
    claim_request.side = Color::White;
    for (const Message& m : std::vector<Message>{
             Hello{2, "7QKM4X", "new", "Eamon"},
             Welcome{"0123456789abcdef", -1, MatchSettings{}},
             away,
             back,
             claim_request,
             Watchers{0},
             Watchers{3},
         }) {
        const std::string line = format_message(m);
        INFO(line);
        CHECK(parsed(std::string_view(line).substr(0, line.size() - 1)) == m);
    }
    CHECK(format_message(Welcome{"0123456789abcdef", -1, MatchSettings{}}) ==
          "welcome 0123456789abcdef watch 4 official 1 none\n");
    const Message a = parsed("away 12 black 0 30000 claim");
    CHECK(std::get<Act>(a).kind == Act::Kind::Away);
    CHECK_FALSE(std::get<Act>(a).clock_decides);
    CHECK(std::get<Watchers>(parsed("watchers 7")).count == 7);
    CHECK(error_of("welcome 0123456789abcdef watcher 4 official 1 none") ==
          "welcome: player: not a number: 'watcher'");
    CHECK(error_of("away 12 black 0 30000 maybe") == "away: expected clock or claim");
    CHECK(error_of("away 12 black 0 90000000 clock") == "away: grace: out of range");
    CHECK(error_of("watchers -1") == "watchers: count: not a number: '-1'");
    CHECK(error_of("watchers 1 2") == "more words than the message has");
    CHECK(std::get<Hello>(parsed("hello gobblet 2 7QKM4X new Eamon")).code == "7QKM4X");
}

TEST_CASE("version 5: gifts of time and claimed draws", "[net][wire]") {
    Act gift = act(Act::Kind::MoreTime, 9);
    gift.side = Color::Black;
    Act gift_fact = gift;
    gift_fact.clock = sample_clock();
    Act draw_claim = act(Act::Kind::Claim, 14);
    draw_claim.side = Color::White;
    draw_claim.draw = true;
    Act draw_claim_fact = draw_claim;
    draw_claim_fact.clock = sample_clock();
    for (const Message& m :
         std::vector<Message>{gift, gift_fact, draw_claim, draw_claim_fact,
                              RoundInfo{2, 1, RoundEnd::AbandonDraw, Color::Black, std::nullopt}}) {
        const std::string line = format_message(m);
        INFO(line);
        CHECK(parsed(std::string_view(line).substr(0, line.size() - 1)) == m);
    }
    CHECK(format_message(gift) == "moretime 9 black\n");
    CHECK(format_message(draw_claim) == "claim 14 white draw\n");
    CHECK(format_message(RoundInfo{2, 1, RoundEnd::AbandonDraw, Color::Black, std::nullopt}) ==
          "round 2 1 abandon-draw:black -\n");
    CHECK_FALSE(std::get<Act>(parsed("claim 14 white")).draw);
    CHECK(error_of("claim 14 white tie") != "");
    CHECK(error_of("moretime 9") != "");
}

// docs/network.md's message table against the protocol's (wire.h's message_table and Act::words): every row's
// example reads as a message its row names, sent by the side and at the stage the row says, and every verb
// has a row.
// An example's "left ..." stands for a clock reading (C): the one the document gives above the table.
TEST_CASE("docs/network.md: every example reads as its row says, and every message is there",
          "[net][wire][docs]") {
    const std::string doc = test::read_text("docs/network.md");
    const std::size_t c = doc.find("`left ", doc.find("`C` below stands for a clock reading"));
    REQUIRE(c != std::string::npos);
    const std::string clock = doc.substr(c + 1, doc.find('`', c + 1) - c - 1);
    REQUIRE(GameClock::parse_state(clock));
    std::set<std::string> documented;
    for (const std::vector<std::string>& cells : test::code_rows(doc)) {
        // | `verb fields`, `verb fields` | joiner/host/both | stage | `example` | meaning |
        if (cells.size() < 5 || (cells[1] != "joiner" && cells[1] != "host" && cells[1] != "both")) continue;
        INFO(cells[0] + " | " + cells[3]);
        REQUIRE(cells[3].size() > 2);
        std::string example = cells[3].substr(1, cells[3].size() - 2);
        if (const std::size_t left = example.find("left ..."); left != std::string::npos)
            example = example.substr(0, left) + clock;
        const Message m = parsed(example);
        std::set<std::string> named;  // the first word of each `...` in the first cell
        for (std::size_t open = cells[0].find('`'); open != std::string::npos;) {
            const std::size_t close = cells[0].find('`', open + 1);
            const std::string shape = cells[0].substr(open + 1, close - open - 1);
            named.insert(shape.substr(0, shape.find(' ')));
            open = close == std::string::npos ? close : cells[0].find('`', close + 1);
        }
        CHECK(named.contains(verb(m)));
        CHECK(cells[2] == stage_words[std::size_t(stage_of(m))]);
        if (!std::holds_alternative<Act>(m))
            CHECK(message_table[m.index()].sender == (cells[1] == "joiner" ? Sender::Joiner
                                                      : cells[1] == "host" ? Sender::Host
                                                                           : Sender::Both));
        documented.insert(named.begin(), named.end());
    }
    std::set<std::string> verbs(std::begin(Act::words), std::end(Act::words));
    for (const MessageRow& row : message_table)
        if (std::string_view(row.verb) != "act") verbs.insert(row.verb);
    CHECK(documented == verbs);
}

// The game protocol's dictionary holds every verb; the server's target (which plays a client) every
// verb a joiner sends (of the acts, those a player may ask for).
TEST_CASE("the fuzz dictionaries hold the game protocol's verbs: all, and the server's what joiners send",
          "[net][wire][fuzz]") {
    const std::vector<std::string> wire = test::dict_entries(test::read_text("tests/fuzz/wire.dict"));
    const std::vector<std::string> server = test::dict_entries(test::read_text("tests/fuzz/server.dict"));
    for (const MessageRow& row : message_table) {
        INFO(row.verb);
        if (std::string_view(row.verb) == "act") continue;
        CHECK(test::dict_has_verb(wire, row.verb));
        if (row.sender != Sender::Host) CHECK(test::dict_has_verb(server, row.verb));
    }
    for (const char* word : Act::words) {
        INFO(word);
        CHECK(test::dict_has_verb(wire, word));
    }
    for (const char* request : {"move", "touch", "resign", "starter", "claim", "moretime"})
        CHECK(test::dict_has_verb(server, request));
}
