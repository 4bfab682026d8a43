// The lobby protocol's reader and writer (net/lobby.h, docs/lobby.md), from byte strings: every message
// written and read back, every malformed form refused with its reason, every limit at its edge, and the
// terms that one parser reads for the lobby, the server and --seek.
#include <set>

#include "engine/text.h"
#include "net/lobby.h"
#include "net/lobby_text.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::net::lobby;

namespace {

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

Terms terms(std::string_view text) {
    const auto t = parse_terms(text);
    INFO(text << ": " << t.why());
    REQUIRE(t.ok());
    return *t;
}

std::string terms_error(std::string_view text) {
    const auto t = parse_terms(text);
    INFO(text);
    REQUIRE_FALSE(t.ok());
    return t.why();
}

const std::string secret(64, 'a');
const std::string game_id = "5f3a9c0e12b47d66";

}  // namespace

TEST_CASE("every lobby message survives being written and read back", "[net][lobby]") {
    const Terms dm2 = terms("official 4 dm first-to 2 rated");
    const Terms jr = terms("rogers 3 5m+2s first-to 1 casual");
    const Terms open = terms("official 4 none first-to 1 casual");
    const Ratings some = {Rating{1623, 85}, std::nullopt, Rating{1500, 350}, Rating{0, 0}};
    const std::vector<Message> all = {
        Hello{},
        Hello{7},
        Login{"Liam", Role::Human, Method::Secret, secret},
        Login{"MaxBot", Role::Bot, Method::Secret, std::string(64, '0')},
        Login{"Eamon", Role::Human, Method::Password, "correct horse  battery "},
        Login{"Guesty", Role::Human, Method::Guest, ""},
        Login{"Liam", Role::Human, Method::Key, ""},
        Ssh{"203.0.113.5", "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM"},
        Ssh{"2001:db8::5", ""},
        AddKey{},
        SetPassword{"p\xC3\xA4ssw\xC3\xB6rd with spaces"},
        SetPassword{"keep the others", false},
        SetPassword{"forget  every other", true},
        MachinesQuery{},
        Forget{MachineKind::Secret, 12},
        Forget{MachineKind::Key, max_id},
        MachineItem{MachineKind::Secret, 3, true, "2026-11-28T09:12Z", "192.168.1.20", ""},
        MachineItem{MachineKind::Secret, 7, false, "2026-11-27T22:40Z", "", ""},
        MachineItem{MachineKind::Key, 2, false, "2026-11-20T08:01Z", "unix",
                    "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM"},
        MachineItem{MachineKind::Key, 9, true, "2026-11-20T08:01Z", "2001:db8::5",
                    "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM"},
        Ok{"forget", "that machine no longer logs in as Liam: it must prove the name again"},
        AddSecret{std::string(64, 'f')},
        Post{dm2, {}},
        Post{jr, {}},
        Challenge{"Eamon", dm2},
        Challenge{"~Guest2", open},
        Accept{1},
        Decline{max_id},
        Withdraw{17},
        Watch{game_id},
        Say{"good luck, have fun"},
        HistoryQuery{"Liam", 1},
        HistoryQuery{"~Visitor", max_page},
        RecordQuery{game_id},
        RatingsQuery{Variant{3, Rules::Rogers}, 2},
        Create{"autumn-cup", Format{}, First::Schedule, 8, dm2},
        Create{"DM.2026", Format{true, 5}, First::Draw, max_tournament_players, jr},
        Create{"ko", Format{false, 0, true}, First::Draw, 2, dm2},
        Join{3},
        Leave{3},
        Start{3},
        StandingsQuery{3},
        Server{1, "Gobblet club: be kind"},
        Server{2, ""},
        Welcome{"Liam", Role::Human, How::New, {}},
        Welcome{"MaxBot", Role::Bot, How::Password, some},
        Welcome{"~Liam2", Role::Guest, How::Guest, {}},
        Welcome{"Liam", Role::Human, How::Key, {}},
        Refused{"login", Refusal::PasswordNeeded, "Liam has a password: log in with it"},
        Refused{"say", Refusal::SlowDown, ""},
        Ok{"password", "your password is set"},
        Ok{"secret", ""},
        Ok{"ssh", "welcome: your SSH key can prove your name"},
        Ok{"key", "this SSH key can log in as Liam now"},
        PlayerItem{"Liam", Role::Human, false, some, "", ""},
        PlayerItem{"~Guest", Role::Guest, true, {}, "Liam", ""},
        PlayerItem{"EasyBot", Role::Bot, false, {}, "", game_id},
        Left{"Liam"},
        SeekItem{12, "Liam", Rating{1623, 85}, "", dm2, {}, std::nullopt},
        SeekItem{13, "~Liam2", std::nullopt, "Eamon", open, {}, std::nullopt},
        SeekItem{14, "Liam", Rating{1623, 85}, "", dm2, Audience{true, RatingRange{1400, 1800}},
                 std::nullopt},
        SeekItem{15, "Liam", std::nullopt, "Eamon", jr, {}, Color::Black},
        Post{dm2, Audience{true, std::nullopt}},
        Post{jr, Audience{false, RatingRange{0, 9999}}},
        Rematch{game_id},
        Abort{game_id},
        FingerQuery{"Eamon"},
        BestQuery{},
        Kibitz{game_id, "what a move"},
        NoPlay{true, "Eamon"},
        NoPlay{false, "~Guest2"},
        Ok{"noplay", "Eamon's challenges to you are refused now"},
        Kibitzed{game_id, "~Zoe", "indeed"},
        Tell{"Eamon", "good game"},
        Observe{"~Zoe"},
        Told{"~Zoe", "Liam", "thanks"},
        TrendItem{Variant{4, Rules::Official}, "2026-11-01T10:00Z", "2026-11-28T11:30Z", {1500, 1662}},
        LeaderItem{Variant{4, Rules::Official}, 7, "Newbie", Rating{1662, 290}, 1},
        ProfileItem{"MaxBot", Role::Bot, "2026-11-23T14:03Z", "online"},
        ProfileItem{"Liam", Role::Human, "2026-11-23T14:03Z", "2026-11-28T09:15Z"},
        StatsItem{Variant{4, Rules::Official}, Rating{1662, 290}, 1, 1, 0, 0},
        StatsItem{Variant{3, Rules::Rogers}, std::nullopt, 0, 0, 0, 0},
        LeaderItem{Variant{4, Rules::Rogers}, 10, "Liam", Rating{1700, 150}, 12},
        End{List::Profile},
        End{List::Best},
        Unseek{12, SeekEnd::Taken},
        Unseek{13, SeekEnd::Playing},
        MatchStart{game_id, Color::Black, "Eamon", "7QKM4XABCD2R3T5V", 0, 0, dm2, std::nullopt, std::nullopt},
        MatchStart{game_id, Color::White, "~Guest", "ABCD", 4, 3, jr, std::nullopt, std::nullopt},
        MatchStart{game_id, Color::White, "Eamon", "ABCD", 0, 0, dm2, Rating{1623, 85}, std::nullopt},
        GameItem{game_id, {"Liam", "Eamon"}, {1, 0}, {Millis(110'000), Millis(300'000)}, 1, 3, 4, dm2},
        GameItem{game_id, {"Liam", "~Guest"}, {0, 0}, {}, -1, 0, 0, open},
        Over{game_id, Verdict::Player0, {2, 1}, "Liam wins the match 2-1", {}},
        Over{game_id, Verdict::Aborted, {0, 0}, "", {}},
        Over{game_id,
             Verdict::Player1,
             {0, 1},
             "Eamon wins",
             {RatingChange{1500, 1338}, RatingChange{1500, 1662}}},
        Watching{game_id, "WATCH4CODE"},
        Chat{"Eamon", "anyone for a 3x3?"},
        Notice{"the server restarts in 5 minutes"},
        HistoryItem{game_id, "2026-11-23T14:03Z", {"Liam", "Eamon"}, {2, 1}, Verdict::Player0, dm2, {}},
        HistoryItem{game_id, "1999-01-31T00:59Z", {"~G1", "Liam"}, {0, 0}, Verdict::Draw, open, {}},
        HistoryItem{game_id,
                    "2026-11-23T14:03Z",
                    {"Liam", "Eamon"},
                    {1, 0},
                    Verdict::Player0,
                    dm2,
                    {RatingChange{1500, 1662}, RatingChange{1500, 1338}}},
        RecordLine{"% white: Liam"},
        RecordLine{""},
        RatingItem{1, "Liam", Rating{1623, 85}, 12, 8, 3, 1},
        TournamentItem{4, "autumn-cup", "Liam", Format{true, 5}, TournamentState::Playing, 10, 16, 2,
                       First::Schedule, dm2},
        TournamentItem{5, "Eamon-1", "Eamon", Format{}, TournamentState::Open, 0, 2, 0, First::Draw, open},
        TournamentItem{6, "club-ko", "", Format{false, 0, true}, TournamentState::Over, 5, 64, 3, First::Draw,
                       dm2},
        Closed{4},
        StandingItem{4, 1, "Liam", 5, 3, 2, 0, 1, 6, 2, 3},
        StandingItem{4, 2, "~Guest", 0, 0, 0, 0, 0, 0, 0, 0},
        ChooseStarter{4, "Eamon", "Liam"},
        Ok{"starter", "Eamon plays White in round 1 of the match against Liam in autumn-dm"},
        End{List::Players},
        End{List::Record},
        End{List::Machines},
        Ping{1234567890123},
        Pong{0},
        Bye{"the server is restarting"},
        Bye{""},
        Error{"this server speaks gobblet lobby protocol version 1"},
    };
    std::set<std::size_t> kinds;
    for (const Message& m : all) {
        const std::string line = format_message(m);
        INFO(line);
        REQUIRE(line.back() == '\n');
        CHECK(line.size() <= net::max_line);
        CHECK(line.find('\n') == line.size() - 1);
        CHECK(parsed(std::string_view(line).substr(0, line.size() - 1)) == m);
        kinds.insert(m.index());
    }
    // Every kind of message is in the list above: a new message needs its sample here.
    CHECK(kinds.size() == std::variant_size_v<Message>);
}

// Each message is described once (net/lobby.cpp: its fields, the versions that have each), and the reader
// and the writer walk that description: at every version that has a message, what is written reads back
// and is written again the same, and the current version keeps the whole message.
TEST_CASE("every message of the table, at every version that has it, reads back as it was written",
          "[net][lobby]") {
    const Terms dm2 = terms("official 4 dm first-to 2 rated");
    const Terms jr = terms("rogers 3 5m+2s first-to 1 casual");
    const Terms open = terms("official 4 none first-to 1 casual");
    const Ratings some = {Rating{1623, 85}, std::nullopt, Rating{1500, 350}, Rating{0, 0}};
    const std::string key = "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM";
    const Changes changed = {RatingChange{1500, 1662}, RatingChange{1500, 1338}};
    // Each message, and the oldest version that can say it (a version before its row's says none).
    const std::vector<std::pair<Message, int>> samples = {
        {Hello{}, 1},
        {Login{"Liam", Role::Human, Method::Secret, secret}, 1},
        {Login{"MaxBot", Role::Bot, Method::Password, " two  spaces "}, 1},
        {Login{"Guesty", Role::Human, Method::Guest, ""}, 1},
        {Login{"Liam", Role::Human, Method::Key, ""}, 2},
        {SetPassword{"correct horse", true}, 1},
        {AddSecret{secret}, 1},
        {Ssh{"203.0.113.5", key}, 2},
        {Ssh{"2001:db8::5", ""}, 2},
        {AddKey{}, 2},
        {Post{dm2, Audience{true, RatingRange{1400, 1800}}}, 1},
        {Challenge{"~Guest2", open}, 1},
        {Accept{1}, 1},
        {Decline{max_id}, 1},
        {Withdraw{17}, 1},
        {Watch{game_id}, 1},
        {Say{"good luck, have fun"}, 1},
        {HistoryQuery{"Liam", max_page}, 1},
        {RecordQuery{game_id}, 1},
        {RatingsQuery{Variant{3, Rules::Rogers}, 2}, 1},
        {Create{"DM.2026", Format{true, 5}, First::Draw, max_tournament_players, jr}, 1},
        {Create{"ko", Format{false, 0, true}, First::Draw, 2, dm2}, 2},
        {Join{3}, 1},
        {Leave{3}, 1},
        {Start{3}, 1},
        {StandingsQuery{3}, 1},
        {ChooseStarter{4, "Eamon", "Liam"}, 2},
        {MachinesQuery{}, 3},
        {Forget{MachineKind::Key, max_id}, 3},
        {Rematch{game_id}, 3},
        {Abort{game_id}, 3},
        {FingerQuery{"Eamon"}, 3},
        {BestQuery{}, 3},
        {Kibitz{game_id, "what a move"}, 3},
        {NoPlay{true, "Eamon"}, 3},
        {NoPlay{false, "~Guest2"}, 3},
        {Server{1, "Gobblet club: be kind"}, 1},
        {Server{3, ""}, 1},
        {Welcome{"MaxBot", Role::Bot, How::Password, some}, 1},
        {Welcome{"~Liam2", Role::Guest, How::Guest, {}}, 1},
        {Refused{"login", Refusal::PasswordNeeded, "Liam has a password: log in with it"}, 1},
        {Refused{"say", Refusal::SlowDown, ""}, 1},
        {Ok{"password", "your password is set"}, 1},
        {Ok{"ssh", "welcome"}, 2},
        {Ok{"forget", ""}, 3},
        {PlayerItem{"Liam", Role::Human, true, some, "Eamon", ""}, 1},
        {PlayerItem{"EasyBot", Role::Bot, false, {}, "", game_id}, 1},
        {Left{"~Liam2"}, 1},
        {SeekItem{14, "Liam", Rating{1623, 85}, "", dm2, Audience{true, RatingRange{1400, 1800}},
                  std::nullopt},
         1},
        {SeekItem{15, "Liam", std::nullopt, "Eamon", jr, {}, Color::Black}, 1},
        {Unseek{13, SeekEnd::Playing}, 1},
        {MatchStart{game_id, Color::White, "~Guest", "ABCD", 4, 3, jr, Rating{1500, 350}, std::nullopt}, 1},
        {GameItem{game_id, {"Liam", "Eamon"}, {1, 0}, {Millis(110'000), Millis(300'000)}, 1, 3, 4, dm2}, 1},
        {GameItem{game_id, {"Liam", "~Guest"}, {0, 0}, {}, -1, 0, 0, open}, 1},
        {Over{game_id, Verdict::Player1, {0, 1}, "Eamon wins", changed}, 1},
        {Over{game_id, Verdict::Aborted, {0, 0}, "", {}}, 1},
        {Watching{game_id, "WATCH4CODE"}, 1},
        {Chat{"Eamon", "anyone for a 3x3?"}, 1},
        {Notice{"the server restarts in 5 minutes"}, 1},
        {HistoryItem{game_id, "2026-11-23T14:03Z", {"Liam", "Eamon"}, {1, 0}, Verdict::Player0, dm2, changed},
         1},
        {RecordLine{""}, 1},
        {RecordLine{"% white: Liam"}, 1},
        {RatingItem{1, "Liam", Rating{1623, 85}, 12, 8, 3, 1}, 1},
        {TournamentItem{4, "autumn-cup", "Liam", Format{true, 5}, TournamentState::Playing, 10, 16, 2,
                        First::Draw, dm2},
         1},
        {TournamentItem{6, "club-ko", "", Format{false, 0, true}, TournamentState::Over, 5, 64, 3,
                        First::Draw, dm2},
         2},
        {Closed{4}, 1},
        {StandingItem{4, 1, "Liam", 5, 3, 2, 0, 1, 6, 2, 3}, 1},
        {MachineItem{MachineKind::Secret, 3, true, "2026-11-28T09:12Z", "192.168.1.20", ""}, 3},
        {MachineItem{MachineKind::Key, 2, false, "2026-11-20T08:01Z", "unix", key}, 3},
        {ProfileItem{"Liam", Role::Human, "2026-11-23T14:03Z", "2026-11-28T09:15Z"}, 3},
        {ProfileItem{"MaxBot", Role::Bot, "2026-11-23T14:03Z", "online"}, 3},
        {StatsItem{Variant{4, Rules::Official}, Rating{1662, 290}, 1, 1, 0, 0}, 3},
        {LeaderItem{Variant{4, Rules::Rogers}, 10, "Liam", Rating{1700, 150}, 12}, 3},
        {Kibitzed{game_id, "~Zoe", "indeed"}, 3},
        {Tell{"Eamon", "good game"}, 4},
        {Observe{"~Zoe"}, 4},
        {Told{"Liam", "~Zoe", "good game"}, 4},
        {TrendItem{Variant{3, Rules::Rogers}, "2026-11-01T10:00Z", "2026-11-28T11:30Z", {1500, 1662, 1580}},
         4},
        {LeaderItem{Variant{4, Rules::Official}, 9, "Newbie", Rating{1662, 290}, 1}, 4},
        {End{List::Players}, 1},
        {End{List::Best}, 3},
        {Ping{1234567890123}, 1},
        {Pong{0}, 1},
        {Bye{"the server is restarting"}, 1},
        {Error{""}, 1},
    };
    std::set<std::pair<std::size_t, int>> said;  // (message, version)
    for (const auto& [m, oldest] : samples) {
        const int since = message_table[m.index()].since;
        REQUIRE(oldest >= since);
        for (int version = oldest; version <= protocol_version; ++version) {
            const std::string line = format_message(m, version);
            INFO("version " << version << ": " << line);
            REQUIRE(line.back() == '\n');
            CHECK(line.size() <= net::max_line);
            const auto back = parse_message(std::string_view(line).substr(0, line.size() - 1), version);
            INFO(back.why());
            REQUIRE(back.ok());
            CHECK(back->index() == m.index());
            CHECK(format_message(*back, version) == line);
            if (version == protocol_version) CHECK(*back == m);
            said.emplace(m.index(), version);
        }
        // A version before the message's own has no word for it.
        for (int version = oldest_version; version < since; ++version)
            CHECK_FALSE(parse_message(format_message(m, protocol_version), version).ok());
    }
    // Every message of the table, at every version from the one that brought it.
    for (std::size_t i = 0; i < std::size(message_table); ++i)
        for (int version = message_table[i].since; version <= protocol_version; ++version) {
            INFO(message_table[i].verb << " at version " << version);
            CHECK(said.contains({i, version}));
        }
}

TEST_CASE("version 1's shapes: what a server still says to an older client, and reads from it",
          "[net][lobby]") {
    const Terms dm2 = terms("official 4 dm first-to 2 rated");
    const std::string game_id = "5f3a9c0e12b47d66";
    const std::vector<std::pair<Message, std::string>> old = {
        {Create{"", Format{true, 5}, First::Schedule, 16, dm2},
         "create swiss-5 16 official 4 dm first-to 2 rated"},
        {GameItem{game_id, {"Liam", "Eamon"}, {1, 0}, {Millis(110'000), Millis(300'000)}, 1, 3, 0, dm2},
         "game 5f3a9c0e12b47d66 Liam Eamon 1 0 110000 300000 1 3 official 4 dm first-to 2 rated"},
        {TournamentItem{4, "", "Liam", Format{true, 5}, TournamentState::Playing, 10, 16, 2, First::Schedule,
                        dm2},
         "tournament 4 Liam swiss-5 playing 10 16 2 official 4 dm first-to 2 rated"},
        {StandingItem{0, 1, "Liam", 5, 3, 2, 0, 1, 0, 0, 0}, "standing 1 Liam 2.5 3 2 0 1"},
    };
    for (const auto& [m, line] : old) {
        INFO(line);
        CHECK(format_message(m, 1) == line + "\n");
        const auto p = parse_message(line, 1);
        REQUIRE(p.ok());
        CHECK(*p == m);
        CHECK_FALSE(parse_message(line, 2).ok());  // version 2 has more fields
    }
    // What version 1 has no word for.
    CHECK(parse_message("create knockout 8 official 4 dm first-to 2 rated", 1).why() ==
          "expected round-robin or swiss-N, not 'knockout'");
    // ... nor for the SSH front door.
    CHECK(parse_message("ssh 203.0.113.5 -", 1).why() ==
          "ssh is a message of lobby protocol version 2, not of version 1");
    CHECK(parse_message("key", 1).why() == "key is a message of lobby protocol version 2, not of version 1");
    // ... nor for the organizer's choice of who starts.
    CHECK(parse_message("starter 4 Eamon Liam", 1).why() ==
          "starter is a message of lobby protocol version 2, not of version 1");
    CHECK(parse_message("login Liam human key", 1).why() ==
          "login: expected secret, password or guest, not 'key'");
    CHECK(parse_message("login Liam human key", 2).ok());
    // Written for version 1, a version 2 item drops the fields version 1 has not.
    CHECK(
        format_message(
            GameItem{
                game_id, {"Liam", "Eamon"}, {0, 0}, {}, -1, 0, 7, terms("official 4 none first-to 1 casual")},
            1) == "game 5f3a9c0e12b47d66 Liam Eamon 0 0 - - - 0 official 4 none first-to 1 casual\n");
    CHECK(format_message(StandingItem{4, 2, "Eamon", 2, 2, 1, 1, 0, 3, 2, 1}, 1) ==
          "standing 2 Eamon 1 2 1 1 0\n");
}

TEST_CASE("versions 1 and 2: a password keeps the other machines, and machines are no word of theirs",
          "[net][lobby]") {
    for (int version : {1, 2}) {
        INFO("version " << version);
        // An older client's password line still sets the password, as it did: the other machines stay.
        const auto p = parse_message("password forget me not", version);
        REQUIRE(p.ok());
        CHECK(std::get<SetPassword>(*p) == SetPassword{"forget me not", false});
        CHECK(format_message(SetPassword{"correct horse", true}, version) == "password correct horse\n");
        CHECK(parse_message("machines", version).why() ==
              "machines is a message of lobby protocol version 3, not of version " + std::to_string(version));
        CHECK(parse_message("forget secret 3", version).why() ==
              "forget is a message of lobby protocol version 3, not of version " + std::to_string(version));
        CHECK(parse_message("machine secret 3 this 2026-11-28T09:12Z - -", version).why() ==
              "machine is a message of lobby protocol version 3, not of version " + std::to_string(version));
        CHECK(parse_message("end machines", version).why() ==
              "end machines is version 3's, not version " + std::to_string(version) + "'s");
    }
    CHECK(format_message(SetPassword{"correct horse", true}) == "password forget correct horse\n");
    CHECK(format_message(SetPassword{"correct horse", false}) == "password keep correct horse\n");
}

TEST_CASE("version 2's shapes: what a server says to a client of before version 3", "[net][lobby]") {
    const Terms t = terms("official 4 5m+2s first-to 1 rated");
    const std::string game_id = "5f3a9c0e12b47d66";
    const std::vector<std::pair<Message, std::string>> old = {
        {PlayerItem{"Liam", Role::Human, true, {}, "Eamon", ""}, "player Liam human playing - - - -"},
        {PlayerItem{"Zoe", Role::Human, false, {}, "", game_id}, "player Zoe human idle - - - -"},
        {SeekItem{12, "Liam", std::nullopt, "", t, Audience{true, RatingRange{1400, 1800}}, std::nullopt},
         "seek 12 Liam - * official 4 5m+2s first-to 1 rated"},
        {SeekItem{13, "Liam", std::nullopt, "Eamon", t, {}, Color::White},
         "seek 13 Liam - Eamon official 4 5m+2s first-to 1 rated"},
        {MatchStart{game_id, Color::White, "Eamon", "ABCD", 0, 0, t, Rating{1500, 350}, Rating{1623, 85}},
         "match " + game_id + " white Eamon ABCD - official 4 5m+2s first-to 1 rated"},
        {Over{game_id,
              Verdict::Player0,
              {1, 0},
              "Liam wins",
              {RatingChange{1500, 1662}, RatingChange{1500, 1338}}},
         "over " + game_id + " 0 1 0 Liam wins"},
        {HistoryItem{game_id,
                     "2026-11-23T14:03Z",
                     {"Liam", "Eamon"},
                     {1, 0},
                     Verdict::Player0,
                     t,
                     {RatingChange{1500, 1662}, RatingChange{1500, 1338}}},
         "played " + game_id + " 2026-11-23T14:03Z Liam Eamon 1 0 0 official 4 5m+2s first-to 1 rated"},
    };
    for (const auto& [m, line] : old) {
        INFO(line);
        CHECK(format_message(m, 2) == line + "\n");
        CHECK(parse_message(line, 2).ok());
        CHECK_FALSE(parse_message(line, 3).ok());  // version 3 has more fields
    }
    // A seek's audience is version 3's: a version 2 server hears the terms alone.
    CHECK(format_message(Post{t, Audience{true, std::nullopt}}, 2) ==
          "post official 4 5m+2s first-to 1 rated\n");
    // What version 2 has no word for.
    for (const char* line : {"rematch 5f3a9c0e12b47d66", "abort 5f3a9c0e12b47d66", "finger Liam", "best",
                             "kibitz 5f3a9c0e12b47d66 hi", "kibitzed 5f3a9c0e12b47d66 Zoe hi"}) {
        INFO(line);
        const std::string verb_word = std::string(line).substr(0, std::string(line).find(' '));
        CHECK(parse_message(line, 2).why() ==
              verb_word + " is a message of lobby protocol version 3, not of version 2");
        CHECK(parse_message(line, 3).ok());
    }
    CHECK(parse_message("end best", 2).why() == "end best is version 3's, not version 2's");
    CHECK(parse_message("post official 4 5m+2s first-to 1 rated bots", 2).why() ==
          "post: terms are RULES SIZE CLOCK first-to N rated|casual, as in 'official 4 dm first-to 2 rated'");
}

TEST_CASE("who a seek is for: people unless computers are welcome, and a rating range",
          "[net][lobby][terms]") {
    const auto seek = [](std::string_view text) {
        const auto st = parse_seek_terms(text);
        INFO(text << ": " << st.why());
        REQUIRE(st.ok());
        return *st;
    };
    CHECK(seek("official 4 5m+2s first-to 1 rated").audience == Audience{});
    CHECK(seek("official 4 5m+2s first-to 1 rated bots").audience == Audience{true, std::nullopt});
    CHECK(seek("official 4 5m+2s first-to 1 rated 1400-1800 bots").audience ==
          Audience{true, RatingRange{1400, 1800}});
    CHECK(seek_terms_text(seek("rogers 3 none first-to 1 casual 1400-1800").terms,
                          seek("rogers 3 none first-to 1 casual 1400-1800").audience) ==
          "rogers 3 none first-to 1 casual 1400-1800");
    // Without rated or casual, the terms' own reader says what is wrong.
    CHECK(parse_seek_terms("official 4 nonsense").why() ==
          "terms are RULES SIZE CLOCK first-to N rated|casual, as in 'official 4 dm first-to 2 rated'");
    const Audience people{};
    const Audience bots{true, std::nullopt};
    const Audience ranged{false, RatingRange{1400, 1800}};
    CHECK(admits(people, Role::Human, std::nullopt));
    CHECK(admits(people, Role::Guest, std::nullopt));
    CHECK(
        admits(people, Role::Bot, Rating{1500, 60}).why() ==
        "that seek is for people: a computer takes only seeks that welcome computers (bots), and challenges");
    CHECK(admits(bots, Role::Bot, Rating{1500, 60}));
    CHECK(admits(ranged, Role::Human, Rating{1400, 60}));
    CHECK(admits(ranged, Role::Human, Rating{1800, 60}));
    CHECK(admits(ranged, Role::Human, Rating{1801, 60}).why() ==
          "that seek is for ratings 1400-1800, and yours is 1801");
    CHECK(admits(ranged, Role::Human, std::nullopt));  // a newcomer counts as 1500
    CHECK_FALSE(admits(Audience{false, RatingRange{1600, 2000}}, Role::Human, std::nullopt));
    CHECK(admits(ranged, Role::Guest, std::nullopt).why() ==
          "that seek is for ratings 1400-1800: a guest has no rating");
    CHECK(audience_description(Audience{true, RatingRange{1400, 1800}}) ==
          "computers welcome, ratings 1400-1800");
    CHECK(audience_description(people) == "for people only");
    CHECK(terms_short(terms("official 4 5m+2s first-to 1 rated")) == "rated 5m+2s official 4x4");
    CHECK(terms_short(terms("rogers 3 dm first-to 2 casual")) == "casual dm rogers 3x3 first to 2");
}

TEST_CASE("a rated match is between registered players, and nobody challenges themselves",
          "[net][lobby][terms]") {
    const Terms rated = terms("official 4 dm first-to 1 rated");
    const Terms casual = terms("official 4 dm first-to 1 casual");
    CHECK(may_play(rated, Role::Human));
    CHECK(may_play(rated, Role::Bot));
    CHECK(may_play(casual, Role::Guest));
    CHECK(may_play(rated, Role::Guest).why() == "a guest plays casual games only");
    CHECK(may_play(rated, Role::Human, Role::Bot));
    CHECK(may_play(casual, Role::Guest, Role::Guest));
    CHECK(may_play(rated, Role::Human, Role::Guest).why() == "a rated match needs two registered players");
    CHECK(may_play(rated, Role::Guest, Role::Human).why() == "a rated match needs two registered players");
    CHECK(may_challenge("Liam", "Eamon"));
    CHECK(may_challenge("~Zoe", "Zoe"));  // a guest is not the registered player of the name
    CHECK(may_challenge("Liam", "Liam").why() == "you cannot challenge yourself");
    CHECK(may_challenge("Liam", "L1AM").why() == "you cannot challenge yourself");  // by the key
}

TEST_CASE("each verb has one sender, and refusals name only what clients send", "[net][lobby]") {
    CHECK(sender(Hello{}) == Sender::Client);
    CHECK(sender(Login{}) == Sender::Client);
    CHECK(sender(StandingsQuery{}) == Sender::Client);
    CHECK(sender(Server{}) == Sender::Server);
    CHECK(sender(End{}) == Sender::Server);
    CHECK(sender(Ping{}) == Sender::Both);
    CHECK(sender(Error{}) == Sender::Both);
    CHECK(std::string(verb(MatchStart{})) == "match");
    CHECK(std::string(verb(HistoryItem{})) == "played");
    CHECK(client_verb("post"));
    CHECK_FALSE(client_verb("seek"));  // the server's item, not a request
    CHECK_FALSE(client_verb("ping"));
    CHECK_FALSE(client_verb("nonsense"));
    CHECK(error_of("refused seek limit you have three seeks") == "refused: not a request: 'seek'");
    CHECK(error_of("ok post done") ==
          "ok: expected password, secret, ssh, key, starter, forget or noplay, not 'post'");
    CHECK(parse_message("ok forget done", 2).why() ==
          "ok: expected password, secret, ssh, key or starter, not 'forget'");
}

// What answers each request is the table's (its Answer column): the reader's `ok` verbs, the client's
// queries (a refused one is its answer), the server's refusals all read it.
TEST_CASE("the table says what answers each request: ok, a query's own lines, or nothing else",
          "[net][lobby]") {
    std::vector<std::string> oks, queries;
    for (const MessageRow& row : message_table) {
        INFO(row.verb);
        if (row.answer != Answer::None) CHECK(row.sender == Sender::Client);
        if (row.answer == Answer::Ok) oks.push_back(row.verb);
        if (row.answer == Answer::Query) queries.push_back(row.verb);
    }
    CHECK(oks == std::vector<std::string>{"password", "secret", "ssh", "key", "starter", "forget", "noplay"});
    CHECK(queries == std::vector<std::string>{"watch", "history", "record", "ratings", "standings",
                                              "machines", "finger", "best", "observe"});
    // `ok` names what the version spoken has: version 1 had no ssh, key nor starter (docs/lobby.md,
    // "Versions"), version 2 no forget.
    CHECK(ok_verb("forget", 3));
    CHECK_FALSE(ok_verb("forget", 2));
    CHECK(ok_verb("ssh", 2));
    CHECK_FALSE(ok_verb("ssh", 1));
    CHECK_FALSE(ok_verb("post", 3));
    CHECK_FALSE(ok_verb("seek", 3));
    CHECK(parse_message("ok ssh welcome", 1).why() == "ok: expected password or secret, not 'ssh'");
    CHECK(parse_message("ok starter Eamon plays White", 2).ok());
    CHECK(query_verb("best"));
    CHECK(query_verb("watch"));
    CHECK_FALSE(query_verb("post"));
    CHECK_FALSE(query_verb("welcome"));
    // A request's verb at compile time, as a refusal names it.
    CHECK(std::string(verb_of<ChooseStarter>) == "starter");
    CHECK(std::string(verb_of<SetPassword>) == "password");
}

TEST_CASE("terms: one text for the lobby, the server and --seek, mapped onto the engine's settings",
          "[net][lobby][terms]") {
    const Terms t = terms("official 4 dm first-to 2 rated");
    CHECK(t.settings ==
          MatchSettings{Variant{4, Rules::Official}, 2, ClockSettings::dm(120'000, 300'000, 30'000)});
    CHECK(t.rated);
    CHECK(terms_text(t) == "official 4 dm first-to 2 rated");
    CHECK(terms_description(t) ==
          "official rules, 4x4, first to 2, 2m a turn, 5m reserve in 30s chunks, rated");

    // The tournament clock written out is the same clock, and is written back short.
    CHECK(terms("official 4 dm 2m 5m 30s first-to 2 rated") == t);
    CHECK(terms_text(terms("official 4 dm 2m 5m 30s first-to 2 rated")) == "official 4 dm first-to 2 rated");
    const Terms own = terms("official 4 dm 1m 3m 20s first-to 1 casual");
    CHECK(own.settings.clock == ClockSettings::dm(60'000, 180'000, 20'000));
    CHECK(terms_text(own) == "official 4 dm 1m 3m 20s first-to 1 casual");
    const Terms fischer = terms("rogers 3 5m+2s first-to 3 rated");
    CHECK(fischer.settings ==
          MatchSettings{Variant{3, Rules::Rogers}, 3, ClockSettings::fischer(300'000, 2'000)});
    CHECK(terms_text(fischer) == "rogers 3 5m+2s first-to 3 rated");
    CHECK(terms_description(fischer) == "rogers rules, 3x3, first to 3, 5m + 2s a move, rated");
    CHECK(terms_text(terms("official 4 10m+0s first-to 1 casual")) == "official 4 10m+0s first-to 1 casual");
    CHECK(terms_description(terms("official 4 none first-to 1 casual")) ==
          "official rules, 4x4, a single game, no clock, casual");

    // --seek CLOCK reads the clock part with the same reader.
    CHECK(parse_terms_clock("dm") == dm_preset());
    CHECK(parse_terms_clock("none") == ClockSettings{});
    CHECK(parse_terms_clock("5m+2s") == ClockSettings::fischer(300'000, 2'000));
    CHECK(parse_terms_clock("dm 1m 0s 0s") == ClockSettings::dm(60'000, 0, 0));
    CHECK(terms_clock_text(ClockSettings::fischer(90'000, 500)) == "1m30s+500ms");
    const auto worded = parse_terms_clock("fischer 5m 2s");
    CHECK_FALSE(worded.ok());
    CHECK(worded.why() == "the clock is none, dm, dm TURN RESERVE CHUNK or GAME+INCREMENT (5m+2s)");
    CHECK_FALSE(parse_terms_clock("5m+2s+1s").ok());
    const auto short_game = parse_terms_clock("1s+0s");
    CHECK_FALSE(short_game.ok());
    CHECK(short_game.why() == "a Fischer game time is 10s to 2h");
}

TEST_CASE("every clock kind and preset reads back through the lobby's terms", "[net][lobby][terms]") {
    std::vector<ClockSettings> all;
    for (const ClockKindInfo& k : clock_kinds) all.push_back(k.example);
    for (const ClockPreset& p : clock_presets) all.push_back(p.settings);
    for (const ClockSettings& c : all) {
        const std::string text = terms_clock_text(c);
        INFO(text);
        CHECK(text == write_clock(c, ClockForm::Terms));
        const auto back = parse_terms_clock(text);
        INFO(back.why());
        REQUIRE(back);
        CHECK(*back == c);
        CHECK(terms_clock_text(*back) == text);
        // And inside a match's terms, as the lobby's lines carry them.
        const Terms t{MatchSettings{Variant{4, Rules::Official}, 2, c}, c.enabled()};
        const std::string line = terms_text(t);
        CHECK(line == "official 4 " + text + " first-to 2 " + (c.enabled() ? "rated" : "casual"));
        CHECK(terms(line) == t);
        CHECK(terms_text(terms(line)) == line);
    }
    // The lines a server stored and older clients send keep their bytes.
    CHECK(terms_text(terms("official 4 dm first-to 2 rated")) == "official 4 dm first-to 2 rated");
    CHECK(terms_text(terms("official 4 dm 1m 3m 20s first-to 2 casual")) ==
          "official 4 dm 1m 3m 20s first-to 2 casual");
    CHECK(terms_text(terms("rogers 3 5m+2s first-to 1 rated")) == "rogers 3 5m+2s first-to 1 rated");
    CHECK(terms_text(terms("official 4 none first-to 1 casual")) == "official 4 none first-to 1 casual");
    CHECK(terms("official 4 dm 2m 5m 30s first-to 2 rated").settings.clock == dm_preset());
    CHECK(terms_text(terms("official 4 dm 2m 5m 30s first-to 2 rated")) == "official 4 dm first-to 2 rated");
}

TEST_CASE("terms that are not terms are refused with the reason", "[net][lobby][terms]") {
    CHECK(terms_error("official 4 dm") ==
          "terms are RULES SIZE CLOCK first-to N rated|casual, as in 'official 4 dm first-to 2 rated'");
    CHECK(terms_error("official 4 dm first-to 2") ==
          "terms are RULES SIZE CLOCK first-to N rated|casual, as in 'official 4 dm first-to 2 rated'");
    CHECK(terms_error("official 4 dm first-to 2 rated extra") ==
          "terms are RULES SIZE CLOCK first-to N rated|casual, as in 'official 4 dm first-to 2 rated'");
    CHECK(terms_error("blitz 4 dm first-to 2 rated") == "rules are official or rogers, not 'blitz'");
    CHECK(terms_error("Official 4 dm first-to 2 rated") == "rules are official or rogers, not 'Official'");
    CHECK(terms_error("official 5 dm first-to 2 rated") == "the board size is 3 or 4, not '5'");
    CHECK(terms_error("official 4 dm first-to 10 rated") == "first-to: out of range");
    CHECK(terms_error("official 4 dm first-to 0 rated") == "first-to: out of range");
    CHECK(terms_error("official 4 dm first-to 02 rated") == "first-to: not a number: '02'");
    CHECK(terms_error("official 4 dm first-to 2 ranked") == "expected rated or casual, not 'ranked'");
    CHECK(terms_error("official 4 none first-to 1 rated") == "a rated match needs a clock");
    CHECK(terms_error("official 4 dm 2m first-to 1 casual") ==
          "the clock is none, dm, dm TURN RESERVE CHUNK or GAME+INCREMENT (5m+2s)");
    CHECK(terms_error("official 4 dm 2m 5m soon first-to 1 casual") == "not a duration: 'soon'");
    CHECK(terms_error("official 4 dm 4s 5m 30s first-to 1 casual") == "a DM turn is 5s to 1h");
    CHECK(terms_error("official 4 dm 2h 5m 30s first-to 1 casual") == "a DM turn is 5s to 1h");
    CHECK(terms_error("official 4 dm 2m 3h 30s first-to 1 casual") == "a DM reserve is 0s to 2h");
    CHECK(terms_error("official 4 dm 2m 5m 0s first-to 1 casual") == "a DM chunk is 1s to 10m");
    CHECK(terms_error("official 4 dm 2m 0s 30s first-to 1 casual") == "without a DM reserve the chunk is 0s");
    CHECK(terms_error("official 4 3h+0s first-to 1 casual") == "a Fischer game time is 10s to 2h");
    CHECK(terms_error("official 4 5m+2m first-to 1 casual") == "a Fischer increment is 0s to 1m");
    CHECK(terms_error("official  4 dm first-to 2 rated") == "one space between words");
    // Terms from a flag have not been through the line checks: they are checked the same way.
    CHECK(terms_error("official 4 \xF5\x98\x9E\x92 first-to 2 rated") == "not UTF-8 text");
    CHECK(terms_error("official 4 dm\tfirst-to 2 rated") == "a control character");
    CHECK(terms_error(std::string(201, 'x')) == "longer than 200 bytes");
    const auto clock = parse_terms_clock("Li\xA9\x92\xDF\xF5\x98\x9E\x92\x9A");
    CHECK_FALSE(clock.ok());
    CHECK(clock.why() == "not UTF-8 text");
    CHECK(terms_error("") ==
          "terms are RULES SIZE CLOCK first-to N rated|casual, as in 'official 4 dm first-to 2 rated'");

    // The edges that pass.
    CHECK(terms("official 4 dm 5s 2h 10m first-to 9 rated").settings.first_to == lobby_max_first_to);
    CHECK(terms("official 4 dm 1h 0s 0s first-to 1 rated").settings.clock.turn == 3'600'000);
    CHECK(terms("official 4 10s+1m first-to 1 rated").settings.clock.increment == 60'000);
    CHECK(terms("official 4 2h+0s first-to 1 rated").settings.clock.game == 7'200'000);
    CHECK(terms_allowed(Terms{}).ok());
    Terms wild;
    wild.settings.first_to = 50;
    CHECK_FALSE(terms_allowed(wild).ok());
    CHECK(terms_allowed(wild).why() == "first-to is 1 to 9");
}

TEST_CASE("names: registered ones are plain ASCII, guests wear a ~, look-alikes are one name",
          "[net][lobby][names]") {
    CHECK(valid_name("Liam"));
    CHECK(valid_name("Li"));
    CHECK(valid_name("eamon_o-dalaigh"));
    CHECK(valid_name(std::string(max_name, 'x')));
    CHECK_FALSE(valid_name(std::string(max_name + 1, 'x')));
    CHECK_FALSE(valid_name("L"));
    CHECK_FALSE(valid_name("9lives"));
    CHECK_FALSE(valid_name("-dash"));
    CHECK_FALSE(valid_name("Liam Rogers"));
    CHECK_FALSE(
        valid_name("L\xC3\xAD"
                   "am"));  // í: outside ASCII
    CHECK_FALSE(
        valid_name("\xD0\x9B\xD1\x96"
                   "am"));  // Cyrillic look-alikes
    CHECK_FALSE(valid_name("~Liam"));
    CHECK_FALSE(valid_name(""));

    CHECK(valid_guest_name("~Liam"));
    CHECK(valid_guest_name("~Liam23"));
    CHECK(valid_guest_name("~" + std::string(max_guest_name - 1, 'g')));
    CHECK_FALSE(valid_guest_name("~" + std::string(max_guest_name, 'g')));
    CHECK_FALSE(valid_guest_name("Liam"));
    CHECK_FALSE(valid_guest_name("~"));
    CHECK_FALSE(valid_guest_name("~~Liam"));

    CHECK(name_key("Liam") == name_key("LIAM"));
    CHECK(name_key("Liam") == name_key("L1am"));
    CHECK(name_key("Liam") == name_key("lIam"));
    CHECK(name_key("Bob0") == name_key("bobo"));
    CHECK(name_key("a_b") == name_key("a-b"));
    CHECK(name_key("Liam") != name_key("Lian"));
    CHECK(name_key("~Liam") != name_key("Liam"));  // a guest never takes a registered name
}

TEST_CASE("the lobby's example lines read as they say", "[net][lobby]") {
    const Login l = std::get<Login>(parsed("login Liam human secret " + secret));
    CHECK(l.name == "Liam");
    CHECK(l.method == Method::Secret);
    CHECK(l.credential == secret);
    CHECK(std::get<Post>(parsed("post official 4 dm first-to 2 rated")).terms.settings.first_to == 2);
    const MatchStart m = std::get<MatchStart>(parsed(
        "match 5f3a9c0e12b47d66 black Eamon 7QKM4XABCD2R3T5V 4/2 1623/85 - official 4 dm first-to 2 rated"));
    CHECK(m.colour == Color::Black);
    CHECK(m.opponent == "Eamon");
    CHECK(m.tournament == 4);
    CHECK(m.round == 2);
    CHECK(m.mine == Rating{1623, 85});
    CHECK_FALSE(m.theirs);
    // Version 3: who a seek is for, what a player does, what a game did to the ratings.
    const SeekItem sk = std::get<SeekItem>(
        parsed("seek 12 Liam 1623/85 * random official 4 5m+2s first-to 1 rated bots 1400-1800"));
    CHECK(sk.audience == Audience{true, RatingRange{1400, 1800}});
    CHECK_FALSE(sk.colour);
    CHECK(std::get<SeekItem>(parsed("seek 13 Liam - Eamon black official 4 5m+2s first-to 1 rated")).colour ==
          Color::Black);
    const PlayerItem pl = std::get<PlayerItem>(parsed("player Zoe human watching " + game_id + " - - - -"));
    CHECK(pl.watching == game_id);
    CHECK_FALSE(pl.playing);
    CHECK(std::get<PlayerItem>(parsed("player Liam human playing Eamon - - - -")).opponent == "Eamon");
    const Over o = std::get<Over>(parsed("over " + game_id + " 0 1 0 1500>1662 1500>1338 Liam wins"));
    CHECK(o.changes[0] == RatingChange{1500, 1662});
    CHECK(change_text(*o.changes[1]) == "1338 (-162)");
    CHECK(change_text(RatingChange{1500, 1500}) == "1500 (+0)");
    const GameItem g = std::get<GameItem>(
        parsed("game 5f3a9c0e12b47d66 Liam Eamon 1 0 110000 300000 1 3 4 official 4 dm first-to 2 rated"));
    CHECK(g.names == std::array<std::string, 2>{"Liam", "Eamon"});
    CHECK(g.left[0] == 110'000);
    CHECK(g.running == 1);
    CHECK(g.watchers == 3);
    CHECK(g.tournament == 4);
    const StandingItem s = std::get<StandingItem>(parsed("standing 4 1 Liam 2.5 3 2 0 1 5 2 1.5"));
    CHECK(s.tournament == 4);
    CHECK(s.half_points == 5);
    CHECK(s.rounds_won == 5);
    CHECK(s.rounds_lost == 2);
    CHECK(s.head_to_head == 3);
    const ChooseStarter cs = std::get<ChooseStarter>(parsed("starter 4 Eamon Liam"));
    CHECK(cs == ChooseStarter{4, "Eamon", "Liam"});
    const TournamentItem t = std::get<TournamentItem>(
        parsed("tournament 4 autumn-cup - knockout playing 10 16 2 draw official 4 dm first-to 2 rated"));
    CHECK(t.name == "autumn-cup");
    CHECK(t.organizer.empty());  // the operator's
    CHECK(t.format.knockout);
    CHECK(t.first == First::Draw);
    CHECK(points_text(5) == "2.5");
    CHECK(points_text(4) == "2");
}

TEST_CASE("malformed lobby lines are refused, each with its reason", "[net][lobby]") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "an empty line"},
        {"hello gobblet 1 7QKM4X new Eamon", "unknown message 'hello'"},
        {"LOBBY gobblet 1", "unknown message 'LOBBY'"},
        {"lobby chess 1", "lobby: not a gobblet client"},
        {"lobby gobblet", "lobby: version: not a number: (nothing)"},
        {"lobby gobblet 1 extra", "more words than the message has"},
        {"lobby gobblet 1 ", "more words than the message has"},
        {"login Liam human secret " + secret.substr(1), "login: a secret is 64 hex digits"},
        {"login Liam human secret " + std::string(64, 'A'), "login: a secret is 64 hex digits"},
        {"login Liam human secret " + secret + " more", "more words than the message has"},
        {"login Liam guest guest", "login: expected human or bot, not 'guest'"},
        {"login Liam human token abc", "login: expected secret, password, guest or key, not 'token'"},
        {"login Liam human key SHA256:x", "more words than the message has"},
        {"ssh 203.0.113.5", "ssh: a key is SHA256: and 43 characters of base64, or - for none"},
        {"ssh example.org -", "ssh: expected a numeric IP address, not 'example.org'"},
        {"ssh [::1] -", "ssh: expected a numeric IP address, not '[::1]'"},
        {"ssh 203.0.113.5 SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2E",
         "ssh: a key is SHA256: and 43 characters of base64, or - for none"},
        {"ssh 203.0.113.5 SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2E=",
         "ssh: a key is SHA256: and 43 characters of base64, or - for none"},
        {"ssh 203.0.113.5 - more", "more words than the message has"},
        {"key now", "more words than the message has"},
        {"login Liam human password", "login: no password"},
        {"login Liam human password short", "login: a password has at least 8 characters"},
        {"login ~Liam human guest",
         "login: not a name (2 to 20 letters, digits, '-' or '_', a letter first): '~Liam'"},
        {"login Li\xC3\xA1m human guest",
         "login: not a name (2 to 20 letters, digits, '-' or '_', a letter first): 'Li\xC3\xA1m'"},
        {"login Liam human guest ", "more words than the message has"},
        {"login  Liam human guest",
         "login: not a name (2 to 20 letters, digits, '-' or '_', a letter first): (nothing)"},
        {"secret xyz", "secret: a secret is 64 hex digits"},
        {"password keep 1234567", "password: a password has at least 8 characters"},
        {"password 12345678", "password: expected keep or forget (the other machines), not '12345678'"},
        {"password keep", "password: no password"},
        {"forget secret", "forget: not a number: (nothing)"},
        {"forget machine 1", "forget: expected secret or key, not 'machine'"},
        {"machines please", "more words than the message has"},
        {"machine secret 3 mine 2026-11-28T09:12Z 192.168.1.20 -",
         "machine: expected this or other, not 'mine'"},
        {"machine secret 3 this 2026-11-28 192.168.1.20 -",
         "machine: a date is written 2026-11-23T14:03Z, not '2026-11-28'"},
        {"machine secret 3 this 2026-11-28T09:12Z example.org -",
         "machine: expected an IP address, unix or -, not 'example.org'"},
        {"machine secret 3 this 2026-11-28T09:12Z - SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM",
         "machine: a secret shows no fingerprint: -"},
        {"machine key 3 this 2026-11-28T09:12Z - -",
         "machine: a key's fingerprint is SHA256: and 43 characters of base64"},
        {"post", "post: no terms"},
        {"post official 4 dm first-to 2 rated ", "post: one space between words"},
        {"post official 4 none first-to 1 rated", "post: a rated match needs a clock"},
        {"challenge Eamon", "challenge: no terms"},
        {"challenge * official 4 dm first-to 2 rated", "challenge: not a player's name: '*'"},
        {"accept 0", "accept: out of range"},
        {"accept 1000000001", "accept: out of range"},
        {"accept -1", "accept: not a number: '-1'"},
        {"accept 01", "accept: not a number: '01'"},
        {"accept", "accept: not a number: (nothing)"},
        {"accept 1 2", "more words than the message has"},
        {"watch 5F3A9C0E12B47D66", "watch: a game id is 16 hex digits"},
        {"record 5f3a", "record: a game id is 16 hex digits"},
        {"say", "say: nothing printable"},
        {"say \xC2\x9B", "say: nothing printable"},
        {"history Liam 0", "history: page: out of range"},
        {"history Liam", "history: page: not a number: (nothing)"},
        {"ratings official 5 1", "ratings: the board size is 3 or 4, not '5'"},
        {"ratings chess 4 1", "ratings: rules are official or rogers, not 'chess'"},
        {"create cup swiss 8 schedule official 4 dm first-to 2 rated",
         "expected round-robin, swiss-N or knockout, not 'swiss'"},
        {"create cup swiss-21 8 schedule official 4 dm first-to 2 rated", "swiss rounds: out of range"},
        {"create cup round-robin 1 schedule official 4 dm first-to 2 rated", "create: players: out of range"},
        {"create cup round-robin 65 schedule official 4 dm first-to 2 rated",
         "create: players: out of range"},
        {"create cup round-robin 8 coin official 4 dm first-to 2 rated",
         "create: expected schedule or draw, not 'coin'"},
        {"create round-robin 8 official 4 dm first-to 2 rated",
         "expected round-robin, swiss-N or knockout, not '8'"},
        {"create -cup knockout 8 draw official 4 dm first-to 2 rated",
         "create: not a tournament's name (2 to 32 letters, digits, '-', '_' or '.', a letter or digit "
         "first): "
         "'-cup'"},
        {"server gobbler 1 hi", "server: not a gobblet server"},
        {"welcome Liam human", "welcome: how: expected new, secret, password, guest or key, not (nothing)"},
        {"welcome Liam admin new - - - -", "welcome: role: expected human, bot or guest, not 'admin'"},
        {"welcome Liam human new - - -", "welcome: rating: a rating is RATING/DEVIATION or -"},
        {"welcome Liam human new - - - - -", "more words than the message has"},
        {"welcome Liam guest guest - - - -",
         "welcome: a guest, and only a guest, has a name starting with ~ and comes in as a guest"},
        {"welcome ~Liam human secret - - - -",
         "welcome: a guest, and only a guest, has a name starting with ~ and comes in as a guest"},
        {"welcome ~Liam guest guest 1500/350 - - -", "welcome: a guest has no rating"},
        {"welcome Liam human new 10000/50 - - -", "welcome: rating: out of range"},
        {"welcome Liam human new 1500/1000 - - -", "welcome: rating: out of range"},
        {"refused login wrong-code nope",
         "refused: code: expected bad-name, name-taken, wrong-secret, "
         "password-needed, wrong-password, too-many-attempts, bad-password, "
         "not-allowed, not-found, bad-terms, limit, slow-down or busy, not "
         "'wrong-code'"},
        {"player Liam human away - - - - -", "player: expected idle, playing or watching, not 'away'"},
        {"player ~Liam bot idle - - - - -", "player: a guest, and only a guest, has a name starting with ~"},
        {"player Liam human idle Eamon - - - -", "player: - names nobody, for an idle player only"},
        {"player Liam human playing - - - - -", "player: - names nobody, for an idle player only"},
        {"player Liam human watching Eamon - - - -", "player: watching: a game id is 16 hex digits"},
        {"player Liam human idle - - - -", "player: rating: a rating is RATING/DEVIATION or -"},
        {"left", "left: not a player's name: (nothing)"},
        {"seek 1 Liam - Liam random official 4 dm first-to 2 rated", "seek: a player against themselves"},
        {"seek 1 Liam - L1AM random official 4 dm first-to 2 rated", "seek: a player against themselves"},
        {"seek 1 Liam 1500 * random official 4 dm first-to 2 rated",
         "seek: rating: a rating is RATING/DEVIATION or -"},
        {"seek 1 Liam - * official 4 dm first-to 2 rated",
         "seek: expected random, white or black, not 'official'"},
        {"seek 1 Liam - * white official 4 dm first-to 2 rated",
         "seek: an open seek's colours are drawn (random)"},
        {"seek 1 Liam - * random official 4 dm first-to 2 rated bots bots",
         "seek: after rated or casual come only bots (computers welcome) and a rating range such as "
         "1400-1800, not 'bots'"},
        {"post official 4 dm first-to 2 rated 1800-1400",
         "post: a rating range goes from the lower rating to the higher, as 1400-1800"},
        {"post official 4 dm first-to 2 rated 1400-10000", "post: the rating range: out of range"},
        {"post official 4 dm first-to 2 rated humans",
         "post: after rated or casual come only bots (computers welcome) and a rating range such as "
         "1400-1800, not 'humans'"},
        {"rematch 5f3a", "rematch: a game id is 16 hex digits"},
        {"abort", "abort: a game id is 16 hex digits"},
        {"finger ~Zoe", "finger: not a name (2 to 20 letters, digits, '-' or '_', a letter first): '~Zoe'"},
        {"best all", "more words than the message has"},
        {"kibitz " + game_id, "kibitz: nothing printable"},
        {"kibitzed " + game_id + " Zoe", "kibitzed: nothing printable"},
        {"profile Liam admin 2026-11-23T14:03Z online", "profile: expected human or bot, not 'admin'"},
        {"profile Liam human 2026-11-23T14:03Z yesterday",
         "profile: a date is written 2026-11-23T14:03Z, not 'yesterday'"},
        {"stats official 4 1500/350 2 1 0 0", "stats: wins, losses and draws do not add up to the games"},
        {"leader official 4 11 Liam 1700 60 5", "leader: rank: out of range"},
        {"leader official 4 1 Liam 1700 1000 5", "leader: deviation: out of range"},
        {"over " + game_id + " 0 1 0 1500-1662 - Liam wins",
         "over: rating change: a rating change is BEFORE>AFTER or -"},
        {"unseek 1 vanished",
         "unseek: expected withdrawn, taken, declined, expired, left or playing, not "
         "'vanished'"},
        {"match " + game_id + " red Eamon ABCD - - - official 4 dm first-to 2 rated",
         "match: expected white or black, not 'red'"},
        {"match " + game_id + " white Eamon abcd - - - official 4 dm first-to 2 rated",
         "match: a code has 4 to 32 capitals and digits"},
        {"match " + game_id + " white Eamon ABCD 4 - - official 4 dm first-to 2 rated",
         "match: the context is - or TOURNAMENT/ROUND"},
        {"match " + game_id + " white Eamon ABCD 4/0 - - official 4 dm first-to 2 rated",
         "match: round: out of range"},
        {"match " + game_id + " white Eamon ABCD - official 4 dm first-to 2 rated",
         "match: rating: a rating is RATING/DEVIATION or -"},
        {"game " + game_id + " Liam Eamon 2 2 1 1 0 0 - official 4 dm first-to 2 rated",
         "game: a score the match cannot have"},
        {"game " + game_id + " Liam Eamon 3 0 1 1 0 0 - official 4 dm first-to 2 rated",
         "game: a score the match cannot have"},
        {"game " + game_id + " Liam Eamon 0 0 - - - 0 - official 4 dm first-to 2 rated",
         "game: clock readings for a game without a clock, or none for one with"},
        {"game " + game_id + " Liam Eamon 0 0 5 5 - 0 - official 4 none first-to 1 casual",
         "game: clock readings for a game without a clock, or none for one with"},
        {"game " + game_id + " Liam Eamon 0 0 5 5 2 0 - official 4 dm first-to 2 rated",
         "game: running: out of range"},
        {"game " + game_id + " Liam liam 0 0 5 5 - 0 - official 4 dm first-to 2 rated",
         "game: a player against themselves"},
        {"over " + game_id + " 2 0 0", "over: result: expected 0, 1, draw or aborted, not '2'"},
        {"watching " + game_id, "watching: a code has 4 to 32 capitals and digits"},
        {"chat Liam", "chat: nothing printable"},
        {"chat Li\x1b[2Jam hi", "a control character in a line"},
        {"notice", "notice: nothing printable"},
        {"played " + game_id + " 2026-13-01T00:00Z Liam Eamon 0 0 draw - - official 4 dm first-to 2 rated",
         "played: a date is written 2026-11-23T14:03Z, not '2026-13-01T00:00'"},
        {"played " + game_id + " 2026-11-23 Liam Eamon 0 0 draw - - official 4 dm first-to 2 rated",
         "played: a date is written 2026-11-23T14:03Z, not '2026-11-23'"},
        {"played " + game_id + " 2026-11-23T14:03Z Liam Eamon 0 0 draw official 4 dm first-to 2 rated",
         "played: rating change: a rating change is BEFORE>AFTER or -"},
        {"rated 1 ~Liam 1500 350 0 0 0 0",
         "rated: not a name (2 to 20 letters, digits, '-' or '_', a letter first): '~Liam'"},
        {"rated 1 Liam 1500 350 3 1 1 0", "rated: wins, losses and draws do not add up to the games"},
        {"rated 0 Liam 1500 350 0 0 0 0", "rated: rank: out of range"},
        {"tournament 1 cup Liam swiss-3 open 9 8 0 schedule official 4 dm first-to 2 rated",
         "tournament: more players than it takes"},
        {"tournament 1 cup Liam swiss-3 closed 1 8 0 schedule official 4 dm first-to 2 rated",
         "tournament: state: expected open, playing or over, not 'closed'"},
        {"tournament 1 Liam swiss-3 open 1 8 0 official 4 dm first-to 2 rated",
         "expected round-robin, swiss-N or knockout, not 'open'"},
        {"standing 1 1 Liam 2.25 3 2 0 1 0 0 0", "standing: points: not a number: '2.25'"},
        {"standing 1 1 Liam .5 1 0 0 1 0 0 0", "standing: points: not a number: (nothing)"},
        {"standing 1 1 Liam 1 3 2 0 0 0 0 0",
         "standing: won, lost and drawn do not add up to the matches played"},
        {"standing 1 Liam 1 3 2 0 1", "standing: rank: not a number: 'Liam'"},
        {"standing 1 1 Liam 1 1 1 0 0 2", "standing: rounds lost: not a number: (nothing)"},
        {"standing 1 1 Liam 1 1 1 0 0 2 0", "standing: head to head: not a number: (nothing)"},
        {"standing 1 1 Liam 1 1 1 0 0 2 0 -1", "standing: head to head: not a number: '-1'"},
        {"starter 4 Eamon", "starter: opponent: not a player's name: (nothing)"},
        {"starter 0 Eamon Liam", "starter: out of range"},
        {"end everything",
         "end: expected players, seeks, games, tournaments, history, ratings, standings, record, machines, "
         "profile or best, not 'everything'"},
        {"ping 1  ", "more words than the message has"},
        {"ping 1000000000000000001", "token: out of range"},
        {"end  players",
         "end: expected players, seeks, games, tournaments, history, ratings, standings, record, machines, "
         "profile or best, not (nothing)"},
    };
    for (const auto& [line, why] : cases) {
        INFO(line);
        CHECK(error_of(line) == why);
    }
}

TEST_CASE("lobby lines: one space between words, except in free text and a password", "[net][lobby]") {
    CHECK(error_of("unseek 1 taken ") == "more words than the message has");
    CHECK(error_of("post official 4 dm first-to 2 rated ") == "post: one space between words");
    CHECK(std::get<Say>(parsed("say  lots   of    space  ")).text == "lots of space");
    CHECK(std::get<Chat>(parsed("chat Liam   hi  there")).text == "hi there");
    // A password is compared as typed: its spaces are part of it.
    CHECK(std::get<Login>(parsed("login Liam human password  two  spaces ")).credential == " two  spaces ");
    CHECK(std::get<SetPassword>(parsed("password keep  padded  ")).password == " padded  ");
    CHECK(std::get<SetPassword>(parsed("password forget forget me")) == SetPassword{"forget me", true});
}

TEST_CASE("lobby limits at their edges", "[net][lobby]") {
    // A line: 511 bytes and its '\n' pass, 512 do not.
    const std::string say_max = "say " + std::string(net::max_line - 5, 'x');
    CHECK(say_max.size() + 1 == net::max_line);
    CHECK(std::holds_alternative<Say>(parsed(say_max)));
    CHECK(error_of(say_max + "x") == "a line longer than 512 bytes");

    // Chat and reasons are cut to 120 characters, whole UTF-8 characters kept.
    std::string long_text;
    for (int i = 0; i < 200; ++i) long_text += "\xC3\xA9";  // é
    const Say s = std::get<Say>(parsed("say " + long_text));
    CHECK(s.text.size() == 2 * net::max_text);
    const std::string chat = format_message(Chat{"Liam", long_text});
    CHECK(chat.size() <= net::max_line);
    CHECK(std::get<Chat>(parsed(chat.substr(0, chat.size() - 1))).text.size() == 2 * net::max_text);

    // Record lines: 400 characters.
    const RecordLine r = std::get<RecordLine>(parsed("line " + std::string(500, 'r')));
    CHECK(r.text.size() == max_record_text);

    // Passwords: 8 characters to 128 bytes.
    CHECK(std::holds_alternative<SetPassword>(parsed("password keep 12345678")));
    CHECK(std::holds_alternative<SetPassword>(parsed("password keep " + std::string(max_password, 'p'))));
    CHECK(error_of("password keep " + std::string(max_password + 1, 'p')) ==
          "password: a password has at most 128 bytes");
    CHECK(std::holds_alternative<SetPassword>(
        parsed("password forget \xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9")));
    CHECK(password_allowed("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9").why() ==
          "a password has at least 8 characters");
    CHECK(password_allowed("tab\there!").why() == "a password has no control characters");

    // Names: 20 characters registered, 24 for a guest with its ~.
    CHECK(std::holds_alternative<Left>(parsed("left " + std::string(20, 'n'))));
    CHECK(error_of("left " + std::string(21, 'n')) == "left: not a player's name: 'nnnnnnnnnnnnnnnn'");
    CHECK(std::holds_alternative<Left>(parsed("left ~" + std::string(23, 'n'))));
    CHECK_FALSE(parse_message("left ~" + std::string(24, 'n')).ok());

    // Ids, pages, counts.
    CHECK(std::get<Accept>(parsed("accept 1000000000")).id == max_id);
    CHECK(std::get<HistoryQuery>(parsed("history Liam 1000000")).page == max_page);
    CHECK(error_of("history Liam 1000001") == "history: page: out of range");
    CHECK(std::get<GameItem>(parsed("game " + game_id +
                                    " Liam Eamon 0 0 - - - 1000000000 - official 4 none first-to 1 casual"))
              .watchers == max_count);
    CHECK(std::holds_alternative<StandingItem>(parsed("standing 1 64 Liam 1000 0 0 0 0 0 0 1000")));
    CHECK(error_of("standing 1 65 Liam 0 0 0 0 0 0 0 0") == "standing: rank: out of range");
    CHECK(error_of("standing 1 1 Liam 1000.5 0 0 0 0 0 0 0") == "standing: points: out of range");
    CHECK(error_of("standing 1 1 Liam 0 0 0 0 0 0 0 1000.5") == "standing: head to head: out of range");
    CHECK(valid_tournament_name(std::string(32, 'a')));
    CHECK_FALSE(valid_tournament_name(std::string(33, 'a')));
    CHECK_FALSE(valid_tournament_name("a"));
    CHECK(valid_tournament_name("2026.dm"));
    CHECK_FALSE(valid_tournament_name("a b"));
}

TEST_CASE("escapes and invisible characters never reach the caller", "[net][lobby]") {
    // C0 controls (ESC, BEL, CR, NUL) are refused with the whole line.
    for (const char* bad : {"chat Liam \x1b[31mred", "say ring\x07", "notice a\rb", "bye x\x7f"})
        CHECK(error_of(bad) == "a control character in a line");
    CHECK(error_of(std::string("say a\0b", 7)) == "a control character in a line");
    // Not UTF-8.
    CHECK(error_of("say \xff\xfe") == "a line that is not valid UTF-8");
    // C1 controls and bidirectional overrides, valid UTF-8, are dropped from free text.
    CHECK(std::get<Chat>(parsed("chat Liam \xC2\x9B"
                                "2Jhello"))
              .text == "2Jhello");
    CHECK(std::get<Notice>(parsed("notice \xE2\x80\xAE"
                                  "evil"))
              .text == "evil");
    CHECK(std::get<RecordLine>(parsed("line % white: \xC2\x9B"
                                      "Liam"))
              .text == "% white: Liam");
    // Names never hold them at all: they are ASCII.
    CHECK(error_of("player Li\xC2\x9B"
                   "am human idle - - - -") == "player: not a player's name: 'Liam'");
    // What we write is cleaned the same way, whatever the caller passes.
    CHECK(format_message(Say{"a\x1b[2Jb\nc"}) == "say a[2Jbc\n");
    CHECK(format_message(Error{std::string(1000, 'e')}).size() <= net::max_line);
}

TEST_CASE("another lobby version still reads, so each side can say which it speaks", "[net][lobby]") {
    CHECK(std::get<Hello>(parsed("lobby gobblet 2")).version == 2);
    CHECK(std::get<Server>(parsed("server gobblet 999 from the future")).version == 999);
    CHECK(error_of("lobby gobblet 1000") == "lobby: version: out of range");
}

TEST_CASE("ratings travel in a fixed order of variants", "[net][lobby]") {
    for (int i = 0; i < 4; ++i) CHECK(variant_index(variant_at(i)) == i);
    CHECK(variant_index(Variant{4, Rules::Official}) == 0);
    CHECK(variant_index(Variant{4, Rules::Rogers}) == 1);
    CHECK(variant_index(Variant{3, Rules::Official}) == 2);
    CHECK(variant_index(Variant{3, Rules::Rogers}) == 3);
    CHECK(rating_text(Rating{1623, 85}) == "1623/85");
    CHECK(rating_text(std::nullopt) == "-");
}

// docs/lobby.md's message tables against the protocol's (message_table): every example reads as a
// message of the verb its row names, sent by the side and at the step the row says, and every verb has a row.
TEST_CASE("docs/lobby.md: every example reads as its row says, and every message is there",
          "[net][lobby][docs]") {
    const std::string doc = test::read_text("docs/lobby.md");
    std::set<std::string> documented;
    int examples = 0;
    for (const std::vector<std::string>& cells : test::code_rows(doc)) {
        // | `verb fields` | client/server/both | when | `example` | meaning |
        if (cells.size() < 5 || (cells[1] != "client" && cells[1] != "server" && cells[1] != "both"))
            continue;
        INFO(cells[0] + " | " + cells[3]);
        REQUIRE(cells[3].size() > 2);
        const std::string example = cells[3].substr(1, cells[3].size() - 2);
        const Message m = parsed(example);
        const std::string named = cells[0].substr(1, cells[0].find_first_of(" `", 1) - 1);
        CHECK(verb(m) == named);
        CHECK(sender(m) == (cells[1] == "client"   ? Sender::Client
                            : cells[1] == "server" ? Sender::Server
                                                   : Sender::Both));
        CHECK(cells[2] == step_words[std::size_t(message_table[m.index()].step)]);
        documented.insert(verb(m));
        ++examples;
    }
    CHECK(examples >= int(std::variant_size_v<Message>));
    CHECK(documented.size() == std::variant_size_v<Message>);
}

// The lobby's dictionary holds every verb; the server's target (which plays a client) every verb a
// client sends.
TEST_CASE("the fuzz dictionaries hold the lobby's verbs: all, and the server's what clients send",
          "[net][lobby][fuzz]") {
    const std::vector<std::string> lobby = test::dict_entries(test::read_text("tests/fuzz/lobby.dict"));
    const std::vector<std::string> server = test::dict_entries(test::read_text("tests/fuzz/server.dict"));
    for (const MessageRow& row : message_table) {
        INFO(row.verb);
        CHECK(test::dict_has_verb(lobby, row.verb));
        if (row.sender != Sender::Server) CHECK(test::dict_has_verb(server, row.verb));
    }
}
