// The lobby screen's plain logic (ui/lobby_view.h) and its keys (ui/keys.h, screen_lobby and the game
// screen opened from the lobby): rows from the client's tables, clocks run on, the selection, typed
// challenges, what a refused login asks for, and text from the server never reaching the terminal with a
// control character.
#include <catch2/catch.hpp>

#include "ui/keys.h"
#include "ui/lobby_view.h"

using namespace gobblet;
using namespace gobblet::ui;

namespace {

lobby::Terms terms(const char* text) {
    const auto t = lobby::parse_terms(text);
    REQUIRE(t);
    return *t;
}

// Tables as a client has them after a login as `me`, fed the lines a server sends.
lobby::Tables tables(const std::string& me, const std::vector<lobby::Message>& lines, Millis now = 0) {
    lobby::Tables t;
    t.reset(me);
    std::deque<lobby::Event> out;
    for (const auto& m : lines) REQUIRE(t.take(m, now, out).ok());
    return t;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Why `parse` refuses `text` (checking that it does).
template <class Parse>
std::string why_refused(Parse parse, std::string_view text) {
    const auto refused = parse(text);
    CHECK_FALSE(refused);
    return refused.why();
}

}  // namespace

TEST_CASE("clocks and ratings as the lobby shows them", "[lobby-view]") {
    CHECK(lobby_clock(0) == "0:00");
    CHECK(lobby_clock(59'999) == "0:59");
    CHECK(lobby_clock(300'000) == "5:00");
    CHECK(lobby_clock(3'723'000) == "1:02:03");
    CHECK(lobby_clock(-5) == "0:00");
    CHECK(rating_cell(std::nullopt) == "-");
    CHECK(rating_cell(lobby::Rating{1623, 85}) == "1623");
    CHECK(rating_cell(lobby::Rating{1500, 350}) == "1500?");
}

TEST_CASE("text is cut by whole characters and never holds a control character", "[lobby-view]") {
    CHECK(fit("hello", 3) == "hel");
    CHECK(fit("\x1b[2Jboom", 20) == "[2Jboom");  // ESC dropped: no sequence reaches the terminal
    CHECK(fit("a\xc2\x9b"
              "31mb",
              20) == "a31mb");  // C1 CSI (U+009B) dropped
    CHECK(fit("a\x07\x7f\tb\n", 20) == "ab");
    CHECK(fit("\xc3\xa9t\xc3\xa9", 2) == "\xc3\xa9t");  // "été" cut after two characters, not bytes
    CHECK(fit("x\xff\xfey", 5) == "xy");                // not UTF-8: dropped
    CHECK(fit("\xe2\x82", 5).empty());                  // a character cut short
}

TEST_CASE("seek rows say whose and to whom, first, and fit 80 columns", "[lobby-view]") {
    lobby::SeekItem s{12, "Liam", lobby::Rating{1623, 85}, "", terms("official 4 dm first-to 2 rated"),
                      {}, {}};
    CHECK(seek_row(s, "Eamon", 200) == "#12 Liam 1623 rated dm official 4x4 first to 2");
    CHECK(contains(seek_row(s, "liam", 200), "Liam 1623 (yours)"));  // names compare by their key
    // At 80 columns the seeks' list is 45 wide: rated or casual, the clock, the board and the match's
    // length still show, in the players' head's words for the variant; never a word cut short.
    CHECK(seek_row(s, "Eamon", 45) == "#12 Liam 1623 rated dm off4 first to 2");
    s.audience = lobby::Audience{true, lobby::RatingRange{1400, 1800}};
    CHECK(seek_row(s, "Eamon", 200) == "#12 Liam 1623 rated dm official 4x4 first to 2 bots 1400-1800");
    s.to = "Eamon";
    s.audience = {};
    CHECK(contains(seek_row(s, "Eamon", 200), "Liam 1623 CHALLENGES YOU"));
    CHECK(contains(seek_row(s, "Liam", 200), "(yours, to Eamon)"));
    s.colour = Color::White;
    CHECK(contains(seek_row(s, "Eamon", 200), "Liam 1623 REMATCH"));
    // Too narrow for every form: the briefest, which put_text cuts with its mark (text.h's elide).
    CHECK(seek_row(s, "Eamon", 20) == "#12 Liam 1623 REMATCH rated dm off4");
    CHECK(elide(seek_row(s, "Eamon", 20), 20) == "#12 Liam 1623\u2026");
}

TEST_CASE("a row's details say the rest, and whether a seek is for us", "[lobby-view]") {
    lobby::SeekItem s{12,
                      "Liam",
                      lobby::Rating{1623, 85},
                      "",
                      terms("official 4 5m+2s first-to 1 rated"),
                      {false, lobby::RatingRange{1400, 1800}},
                      {}};
    const std::string open = seek_details(s, "Eamon", lobby::Role::Human, lobby::Rating{1500, 80});
    CHECK(
        open ==
        "#12 by Liam (1623/85): official rules, 4x4, a single game, 5m + 2s a move, rated; for people only, "
        "ratings 1400-1800. Enter accepts");
    CHECK(contains(seek_details(s, "Eamon", lobby::Role::Human, lobby::Rating{1900, 80}),
                   "Not for you: that seek is for ratings 1400-1800, and yours is 1900"));
    CHECK(contains(seek_details(s, "Liam", lobby::Role::Human, std::nullopt), "x withdraws it"));
    s.to = "Eamon";
    s.colour = Color::Black;
    CHECK(contains(seek_details(s, "Eamon", lobby::Role::Human, std::nullopt),
                   "a rematch to Eamon, Liam plays Black in round 1. a accepts, x declines"));
    lobby::GameItem g{"5f3a9c0e12b47d66",
                      {"Liam", "Eamon"},
                      {1, 0},
                      {Millis(110'000), Millis(300'000)},
                      0,
                      1,
                      4,
                      terms("official 4 dm first-to 2 rated")};
    const std::string game = game_details(lobby::GameRow{g, 0}, "Nora", 0);
    CHECK(game ==
          "Liam (White in round 1) 1-0 Eamon; clocks Liam 1:50 (running), Eamon 5:00; official rules, 4x4, "
          "first "
          "to 2, 2m a turn, 5m reserve in 30s chunks, rated; tournament #4; one watching. Enter watches");
    CHECK(contains(game_details(lobby::GameRow{g, 0}, "Eamon", 0), "Enter takes you back to your match"));
    const lobby::Tables t = tables("Nora", {g});
    const lobby::PlayerItem zoe{"Zoe", lobby::Role::Human, false, {lobby::Rating{1623, 85}, {}, {}, {}}, "",
                                g.game};
    CHECK(
        player_details(zoe, "Nora", t) ==
        "Zoe: official 4x4 1623/85, rogers 4x4 -, official 3x3 -, rogers 3x3 -; watching Liam - Eamon. Enter "
        "shows the profile, c challenges, w watches with them");
    const lobby::TournamentItem cup{4,
                                    "cup",
                                    "",
                                    {},
                                    lobby::TournamentState::Open,
                                    2,
                                    8,
                                    0,
                                    lobby::First::Draw,
                                    terms("official 4 dm first-to 2 rated")};
    CHECK(contains(tournament_details(cup),
                   "#4 cup: round-robin by the operator, open, 2 of 8 players, who "
                   "starts drawn; official rules"));
}

TEST_CASE("a computer is marked in the seeks and the games, as in the players list", "[lobby-view]") {
    // Issue 25: computers play on a server only as bot accounts, marked as computers in every list.
    const lobby::Tables t =
        tables("Nora", {lobby::PlayerItem{"MaxBot", lobby::Role::Bot, false, {}, "", ""},
                        lobby::PlayerItem{"Liam", lobby::Role::Human, false, {}, "", ""}});
    const lobby::SeekItem s{3,  "MaxBot", std::nullopt, "", terms("official 4 none first-to 1 casual"),
                            {}, {}};
    CHECK(seek_row(s, "Nora", 200, &t) == "#3 MaxBot (bot) - casual none official 4x4");
    CHECK(seek_row(s, "Nora", 200) == "#3 MaxBot - casual none official 4x4");  // no list: nothing known
    lobby::GameItem g;
    g.game = "5f3a9c0e12b47d66";
    g.names = {"Liam", "maxbot"};  // names compare by their key
    g.terms = terms("official 4 none first-to 1 casual");
    CHECK(game_row(lobby::GameRow{g, 0}, "Nora", 0, 200, &t) ==
          "Liam 0-0 maxbot (bot) casual none official 4x4");
    CHECK(bot_mark("Liam", &t).empty());
    CHECK(bot_mark("Zoe", &t).empty());  // not listed
}

TEST_CASE("game rows run the running clock on and mark the player's own match", "[lobby-view]") {
    lobby::GameItem g;
    g.game = "5f3a9c0e12b47d66";
    g.names = {"Liam", "Eamon"};
    g.score = {1, 0};
    g.left = {110'000, 300'000};
    g.running = 0;
    g.watchers = 3;
    g.terms = terms("official 4 dm first-to 2 rated");
    const lobby::GameRow row{g, 1'000};
    const std::string at_start = game_row(row, "Nora", 1'000, 200);
    CHECK(at_start == "Liam 1-0 Eamon 1:50* 5:00 rated dm official 4x4 first to 2, 3 watching");
    CHECK(contains(game_row(row, "Nora", 11'000, 200), "1:40* 5:00"));  // ten seconds on
    CHECK(contains(game_row(row, "Nora", 500'000, 200), "0:00* 5:00"));
    CHECK(game_row(row, "eamon", 1'000, 200).rfind("YOUR MATCH Liam 1-0 Eamon", 0) == 0);
    // 45 columns (80 in all) show the clocks, rated or casual and the variant, briefly.
    CHECK(game_row(row, "Nora", 1'000, 45) == "Liam 1-0 Eamon 1:50* 5:00 rated dm off4");
    CHECK(game_row(row, "Nora", 1'000, 60) == "Liam 1-0 Eamon 1:50* 5:00 rated dm official 4x4 first to 2");
    CHECK(game_row(row, "eamon", 1'000, 45) == "YOUR MATCH Liam 1-0 Eamon 1:50* 5:00 dm off4");
    g.left = {std::nullopt, std::nullopt};
    g.running = -1;
    g.watchers = 0;
    CHECK(game_row(lobby::GameRow{g, 0}, "Nora", 0, 200) ==
          "Liam 1-0 Eamon rated dm official 4x4 first to 2");
}

TEST_CASE("the lists' order: challenges to us first, then by id; players by name, saying what they do",
          "[lobby-view]") {
    const auto t = tables(
        "Eamon",
        {
            lobby::PlayerItem{"Liam", lobby::Role::Human, false, {}, "", ""},
            lobby::PlayerItem{"Eamon", lobby::Role::Human, false, {}, "", ""},
            lobby::PlayerItem{
                "MaxBot", lobby::Role::Bot, true, {lobby::Rating{2100, 60}, {}, {}, {}}, "Niamh", ""},
            lobby::SeekItem{3, "Liam", std::nullopt, "", terms("official 4 none first-to 1 casual"), {}, {}},
            lobby::SeekItem{
                7, "Liam", std::nullopt, "Eamon", terms("rogers 3 none first-to 1 casual"), {}, {}},
            lobby::SeekItem{
                5, "MaxBot", std::nullopt, "", terms("official 4 5m+2s first-to 1 rated"), {}, {}},
        });
    const auto seeks = seek_rows(t);
    REQUIRE(seeks.size() == 3);
    CHECK(seeks[0]->id == 7);
    CHECK(seeks[1]->id == 3);
    CHECK(seeks[2]->id == 5);
    const auto players = player_rows(t);
    REQUIRE(players.size() == 3);
    CHECK(players[0]->name == "Eamon");
    CHECK(contains(player_row(*players[0], "Eamon", 80), "Eamon (you)"));
    const std::string bot = player_row(*players[2], "Eamon", 80, &t);
    CHECK(bot == "MaxBot (bot)               2100  -     -     -     playing Niamh");
    // At 120 columns the players' list is 45 wide: the four ratings, and what they do, briefly.
    CHECK(player_row(*players[2], "Eamon", 45, &t) == "MaxBot (bot)   2100  -     -     -     vs Niamh");
    CHECK(players_head(45) == "name           off4  rog4  off3  rog3  doing");
    // At 80 columns the players' list is 29 wide: the name, official 4x4's rating, whom they play.
    CHECK(player_row(*players[2], "Eamon", 29, &t) == "MaxBot (bot) 2100  vs Niamh");
    CHECK(players_head(29) == "name       off4  doing");
    CHECK(players_head(80) == "name                       off4  rog4  off3  rog3  doing");
}

TEST_CASE("tournament rows say the name, state and players first", "[lobby-view]") {
    lobby::TournamentItem t{4,
                            "autumn-cup",
                            "Liam",
                            {true, 5},
                            lobby::TournamentState::Open,
                            3,
                            16,
                            0,
                            lobby::First::Schedule,
                            terms("official 4 dm first-to 2 rated")};
    CHECK(tournament_row(t, 200) ==
          "#4 autumn-cup open 3/16 swiss-5 by Liam, rated dm official 4x4 first to 2");
    CHECK(tournament_row(t, 29) == "#4 autumn-cup open 3/16");                  // what fits at 80 columns
    CHECK(tournament_row(t, 45) == "#4 autumn-cup open 3/16 swiss-5 by Liam");  // at 120
    t.state = lobby::TournamentState::Playing;
    t.round = 2;
    t.format = {false, 0};
    CHECK(tournament_row(t, 200).rfind("#4 autumn-cup round 2 3/16 round-robin by Liam", 0) == 0);
    CHECK(elide(tournament_row(t, 10), 10) == "#4 autumn\u2026");
    t.organizer = "";  // the operator's (--new-tournament)
    CHECK(contains(tournament_row(t, 200), "by the operator, rated"));
    // The title of its table says final once it is over, before anything a width could cut.
    CHECK_FALSE(contains(standings_title(t, 200), "final"));
    CHECK(standings_title(t, 200).rfind("autumn-cup (#4): round-robin by the operator, round 2", 0) == 0);
    t.state = lobby::TournamentState::Over;
    CHECK(standings_title(t, 200).rfind("final: autumn-cup (#4): round-robin", 0) == 0);
    CHECK(elide(standings_title(t, 12), 12) == "final:\u2026");
}

TEST_CASE("the seek list's filter: the words of terms, and never a seek that is not for us", "[lobby-view]") {
    const auto f = parse_seek_filter("rated Official 4x4 1400-1800");
    REQUIRE(f);
    CHECK(f->rated == true);
    CHECK(f->rules == Rules::Official);
    CHECK(f->size == 4);
    CHECK(f->range == lobby::RatingRange{1400, 1800});
    CHECK(seek_filter_text(*f) == "rated official 4x4 1400-1800");
    CHECK(parse_seek_filter("")->rated == std::nullopt);
    CHECK(*parse_seek_filter("all") == SeekFilter{});
    CHECK(why_refused(parse_seek_filter, "fast") ==
          "filter: 'fast' is none of rated, casual, official, rogers, 4, 3, a speed (bullet, blitz, rapid, "
          "classical, ultrabullet, unlimited) or a rating range such as 1400-1800");
    CHECK_FALSE(parse_seek_filter("1800-1400"));
    const lobby::Terms rated4 = terms("official 4 5m+2s first-to 1 rated");
    const lobby::Terms casual3 = terms("rogers 3 none first-to 1 casual");
    const auto t = tables(
        "Eamon",
        {lobby::PlayerItem{"Eamon", lobby::Role::Human, false, {lobby::Rating{1900, 60}, {}, {}, {}}, "", ""},
         lobby::SeekItem{1, "Liam", lobby::Rating{1600, 60}, "", rated4, {}, {}},
         lobby::SeekItem{2, "Niamh", lobby::Rating{1200, 60}, "", casual3, {}, {}},
         lobby::SeekItem{
             3, "Zoe", lobby::Rating{1700, 60}, "", rated4, {false, lobby::RatingRange{1400, 1800}}, {}},
         lobby::SeekItem{4, "Eamon", std::nullopt, "", casual3, {}, {}},
         lobby::SeekItem{5, "Max", std::nullopt, "", rated4, {true, std::nullopt}, {}}});
    const auto ids = [&](const SeekFilter& filter, lobby::Role role = lobby::Role::Human) {
        std::vector<lobby::Id> out;
        for (const auto* s : seek_rows(t, filter, role)) out.push_back(s->id);
        return out;
    };
    // Zoe's seek is for 1400-1800: Eamon's 1900 never sees it. His own always shows.
    CHECK(ids({}) == std::vector<lobby::Id>{1, 2, 4, 5});
    CHECK(ids(*parse_seek_filter("rated")) == std::vector<lobby::Id>{1, 4, 5});
    CHECK(ids(*parse_seek_filter("casual 3")) == std::vector<lobby::Id>{2, 4});
    CHECK(ids(*parse_seek_filter("1500-1650")) == std::vector<lobby::Id>{1, 4, 5});  // Max: no rating, 1500
    // A computer sees only the seeks that welcome computers (the server's own check: lobby::admits).
    CHECK(ids({}, lobby::Role::Bot) == std::vector<lobby::Id>{4, 5});
}

TEST_CASE("the line being typed always shows its end, however long the label", "[lobby-view]") {
    const EntryView short_one =
        entry_view("Seek (RULES SIZE CLOCK first-to N rated|casual)", "official 4", false, 79);
    CHECK(short_one.line == "Seek (RULES SIZE CLOCK first-to N rated|casual): official 4");
    CHECK(short_one.cursor == int(short_one.line.size()));
    // The seek prompt at 80 columns used to show "...first-to 1 ra": the label gives way to the terms.
    const EntryView seek = entry_view("Seek (RULES SIZE CLOCK first-to N rated|casual [bots] [LOW-HIGH])",
                                      "official 4 5m+2s first-to 1 rated bots 1400-1800", false, 79);
    CHECK(seek.line == "Seek: official 4 5m+2s first-to 1 rated bots 1400-1800");
    // Longer than the line: the end of the text, after a mark.
    const std::string text(200, 'x');
    const EntryView tour =
        entry_view("Tournament (NAME FORMAT MAX FIRST RULES SIZE CLOCK first-to N rated|casual)",
                   text + "END", false, 79);
    CHECK(tour.line.rfind("Tournament: <", 0) == 0);
    CHECK(tour.line.ends_with("xxEND"));
    CHECK(int(tour.line.size()) <= 78);
    CHECK(tour.cursor <= 78);
    CHECK(entry_view("Password of Liam", "secret words", true, 79).line == "Password of Liam: (hidden)");
}

TEST_CASE("the leaderboard: a column a variant, settled ratings only, we marked", "[lobby-view]") {
    const std::vector<lobby::LeaderItem> items = {
        {Variant{4, Rules::Official}, 1, "Liam", {1700, 60}, 12},
        {Variant{4, Rules::Official}, 2, "Eamon", {1650, 80}, 9},
        {Variant{3, Rules::Rogers}, 1, "MaxBot", {2100, 40}, 50},
    };
    const auto lines = leader_lines(items, "Eamon", 79);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].rfind("official 4x4", 0) == 0);
    CHECK(contains(lines[0], "rogers 3x3"));
    CHECK(lines[1].rfind("1. Liam", 0) == 0);
    CHECK(contains(lines[1], "1700"));
    CHECK(contains(lines[1], "(nobody yet)"));
    CHECK(contains(lines[2], "2. Eamon*"));
    CHECK(contains(lines[1], "1. MaxBot"));
    for (const auto& l : lines) CHECK(l.size() <= 79);
    // Nobody settled yet: the heads, and a line that says so.
    const auto empty = leader_lines({}, "Eamon", 79);
    REQUIRE(empty.size() == 2);
    CHECK(contains(empty[1], "(nobody yet)"));
}

TEST_CASE("a tournament's table: its rows, live from the standing lines, best first", "[lobby-view]") {
    const lobby::Terms dm = terms("official 4 dm first-to 2 rated");
    const lobby::TournamentItem club{
        7, "club", "Eamon", {}, lobby::TournamentState::Playing, 3, 8, 2, lobby::First::Draw, dm};
    lobby::Tables t = tables("Liam", {club, lobby::StandingItem{7, 1, "Eamon", 3, 2, 1, 0, 1, 3, 1, 1},
                                      lobby::StandingItem{7, 2, "Liam", 2, 2, 1, 1, 0, 2, 2},
                                      lobby::StandingItem{7, 3, "MaxBot", 1, 2, 0, 1, 1, 1, 3},
                                      lobby::End{lobby::List::Tournaments}});
    REQUIRE(tournament_rows(t).size() == 1);
    CHECK(tournament_rows(t)[0]->name == "club");
    auto table = t.standings(7);
    REQUIRE(table.size() == 3);
    CHECK(table[0].name == "Eamon");
    CHECK(in_standings(table, "Liam"));
    CHECK(in_standings(table, "LIAM"));  // names compare by their key
    CHECK_FALSE(in_standings(table, "Niamh"));
    const std::string head = standings_head(200);
    CHECK(contains(head, "points"));
    CHECK(contains(head, "points  h2h  played"));
    CHECK(contains(head, "rounds+ rounds-"));
    CHECK(head.size() <= 79);  // the whole table at 80 columns
    // Eamon: 1.5 points of 2 matches (1 won, 1 drawn), half a point head to head, rounds 3-1; Liam is
    // marked as us.
    const std::string eamon = standing_row(table[0], "Liam", 200);
    CHECK(eamon.rfind("1.   Eamon ", 0) == 0);
    CHECK(contains(eamon, "   1.5  0.5       2   1    0     1        3       1"));
    const std::string liam = standing_row(table[1], "Liam", 200);
    CHECK(contains(liam, "2.   Liam (you)"));
    CHECK(contains(liam, "     1    0       2   1    1     0        2       2"));
    CHECK(liam.size() <= 79);
    // The columns line up under the head: the points end where "points" ends.
    CHECK(eamon.find("1.5") + 3 == head.find("points") + 6);
    // A new standing line changes the table live: Liam wins his third match and leads.
    std::deque<lobby::Event> out;
    REQUIRE(t.take(lobby::StandingItem{7, 1, "Liam", 4, 3, 2, 1, 0, 4, 2}, 0, out).ok());
    REQUIRE(t.take(lobby::StandingItem{7, 2, "Eamon", 3, 3, 1, 1, 1, 3, 3}, 0, out).ok());
    table = t.standings(7);
    CHECK(table[0].name == "Liam");
    CHECK(contains(standing_row(table[0], "Liam", 200), "     2    0       3   2    1     0"));
    CHECK(standing_row(table[0], "Liam", 200).size() <= 80);  // the whole row on an 80-column screen
    // A name from the server never brings a control character, and the row keeps to the width.
    lobby::StandingItem odd = table[0];
    odd.name = "Li\x1b[2Jam";
    CHECK_FALSE(contains(standing_row(odd, "", 200), "\x1b"));
    CHECK(standing_row(odd, "", 9).size() <= 9);
    // An answer to `standings 7` is the whole table: an entry it leaves out has gone (a player who left
    // an open tournament has no line of their own); other tables stay.
    REQUIRE(t.take(lobby::StandingItem{8, 1, "Niamh", 0, 0, 0, 0, 0, 0, 0}, 0, out).ok());
    t.asked(lobby::StandingsQuery{7});
    REQUIRE(t.take(lobby::StandingItem{7, 1, "Liam", 4, 3, 2, 1, 0, 4, 2}, 0, out).ok());
    REQUIRE(t.take(lobby::StandingItem{7, 2, "Eamon", 3, 3, 1, 1, 1, 3, 3}, 0, out).ok());
    out.clear();
    REQUIRE(t.take(lobby::End{lobby::List::Standings}, 0, out).ok());
    REQUIRE(out.size() == 1);
    CHECK(out[0].kind == lobby::Event::Kind::Answer);
    CHECK(out[0].items.size() == 2);
    table = t.standings(7);
    REQUIRE(table.size() == 2);
    CHECK_FALSE(in_standings(table, "MaxBot"));
    CHECK(t.standings(8).size() == 1);
    // The table goes with the tournament's closed line.
    REQUIRE(t.take(lobby::Closed{7}, 0, out).ok());
    CHECK(t.standings(7).empty());
    CHECK(tournament_rows(t).empty());
}

TEST_CASE("a typed tournament: NAME FORMAT MAX FIRST TERMS, each field checked", "[lobby-view]") {
    const auto c = parse_tournament("  autumn-dm round-robin 16 schedule official 4 dm first-to 2 rated ");
    REQUIRE(c);
    CHECK(c->name == "autumn-dm");
    CHECK(c->format == lobby::Format{});
    CHECK(c->max_players == 16);
    CHECK(c->first == lobby::First::Schedule);
    CHECK(lobby::terms_text(c->terms) == "official 4 dm first-to 2 rated");
    const auto ko = parse_tournament("club.ko knockout 8 draw rogers 3 none first-to 1 casual");
    REQUIRE(ko);
    CHECK(ko->format.knockout);
    CHECK(ko->first == lobby::First::Draw);
    const auto sw = parse_tournament("sw swiss-5 10 schedule official 4 5m+2s first-to 1 casual");
    REQUIRE(sw);
    CHECK(sw->format == lobby::Format{true, 5});
    // Each wrong field is named.
    const auto why_not = [](std::string_view text) { return why_refused(parse_tournament, text); };
    CHECK(contains(why_not(""), "autumn-dm round-robin 16 schedule"));
    CHECK(contains(why_not("cup league 8 schedule official 4 none first-to 1 casual"), "round-robin"));
    CHECK_FALSE(why_not("cup round-robin 8 whoever official 4 none first-to 1 casual").empty());
    CHECK(contains(why_not("cup round-robin 8 schedule official 5 none first-to 1 casual"), "size"));
    CHECK_FALSE(why_not("cup round-robin 8 schedule").empty());
    CHECK_FALSE(why_not("-x round-robin 8 schedule official 4 none first-to 1 casual").empty());
    // A line break typed or pasted can never make it another request.
    CHECK_FALSE(parse_tournament("cup round-robin 8 schedule official 4 none first-to 1 casual\nsay hi"));
}

TEST_CASE("machine rows say which is this one, the others' last use and where from, and keys' fingerprints",
          "[lobby-view]") {
    const std::string key = "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM";
    const lobby::MachineItem mine{
        lobby::MachineKind::Secret, 3, true, "2026-11-28T09:12Z", "192.168.1.20", ""};
    const lobby::MachineItem other{lobby::MachineKind::Secret, 7, false, "2026-11-27T22:40Z", "", ""};
    const lobby::MachineItem ssh{lobby::MachineKind::Key, 2, false, "2026-11-20T08:01Z", "unix", key};
    CHECK(machine_row(mine, 80) == "this machine            last used 2026-11-28T09:12Z from 192.168.1.20");
    CHECK(machine_row(other, 80) == "machine #7              last used 2026-11-27T22:40Z from ?");
    CHECK(machine_row(ssh, 200) == "SSH key " + key + "  last used 2026-11-20T08:01Z from unix");
    CHECK(machine_row(ssh, 20) == "SSH key " + key);  // the briefest: put_text cuts it with its mark
    CHECK(machine_row(ssh, 70) == "SSH key " + key + " from unix");
    CHECK(machine_name(mine) == "this machine");
    CHECK(machine_name(other) == "the machine last used from somewhere unknown");
    CHECK(machine_name(ssh) == "the SSH key " + key);
    // The keys of the machines' list: M opens it, x forgets, Esc goes back.
    CHECK(action_for(ch('K'), Mode::typing, screen_lobby) == Action::Machines);
}

TEST_CASE("the selection stays within the rows", "[lobby-view]") {
    CHECK(move_selection(0, 0, 1) == -1);
    CHECK(move_selection(0, 3, -1) == 0);
    CHECK(move_selection(1, 3, 1) == 2);
    CHECK(move_selection(2, 3, 1) == 2);
    CHECK(move_selection(9, 3, 0) == 2);  // rows went away under it
    CHECK(move_selection(-1, 3, 1) == 1);
}

TEST_CASE("a typed challenge is a name and terms", "[lobby-view]") {
    const lobby::Terms mine = terms("official 4 5m+2s first-to 1 casual");
    const auto parse = [&mine](std::string_view text) { return parse_challenge(text, mine); };
    const auto c = parse("  Eamon rogers 3 none first-to 1 casual");
    REQUIRE(c);
    CHECK(c->name == "Eamon");
    CHECK(c->terms == terms("rogers 3 none first-to 1 casual"));
    CHECK(parse("~Nora official 4 none first-to 1 casual"));  // a guest may be challenged
    const auto why_not = [&parse](std::string_view text) { return why_refused(parse, text); };
    CHECK(parse("Eamon")->terms == mine);  // the name alone: the last terms
    // The terms without a name (c where no player is selected) say what is missing.
    CHECK(
        why_not("official 4 5m+2s first-to 1 casual") ==
        "say whom you challenge: type the name before the terms (Eamon official 4 5m+2s first-to 1 casual), "
        "or press c on a player in the players' list");
    CHECK(contains(why_not("9lives official 4 none first-to 1 casual"), "is not a player's name"));
    const std::string rated_untimed = why_not("Eamon official 4 none first-to 1 rated");
    CHECK(contains(rated_untimed, "the terms: "));
    CHECK(contains(rated_untimed, "clock"));
    const std::string escape = why_not("\x1b[2J official 4 none first-to 1 casual");
    CHECK_FALSE(escape.empty());
    CHECK(escape.find('\x1b') == std::string::npos);
}

TEST_CASE("a refused login asks for the password only when the server wants it", "[lobby-view]") {
    const auto advice = [](lobby::Refusal code) {
        return login_advice(lobby::Refused{"login", code, "the server's words"}, "Liam");
    };
    CHECK(advice(lobby::Refusal::PasswordNeeded).ask_password);
    CHECK(contains(advice(lobby::Refusal::PasswordNeeded).text, "type the password of Liam"));
    CHECK(advice(lobby::Refusal::WrongPassword).ask_password);
    CHECK_FALSE(advice(lobby::Refusal::NameTaken).ask_password);
    CHECK(contains(advice(lobby::Refusal::NameTaken).text,
                   "the server's words. l logs in with a password, g as a guest"));
    CHECK_FALSE(advice(lobby::Refusal::TooManyAttempts).ask_password);
    CHECK(contains(advice(lobby::Refusal::TooManyAttempts).text, "Wait a little"));
}

TEST_CASE("the lobby's keys: one table for dispatch, footer and help", "[lobby-view]") {
    CHECK(action_for(ch('p'), Mode::typing, screen_lobby) == Action::Post);
    CHECK(action_for(ch('a'), Mode::typing, screen_lobby) == Action::Accept);
    CHECK(action_for(ch('w'), Mode::typing, screen_lobby) == Action::Watch);
    CHECK(action_for(ch('q'), Mode::typing, screen_lobby) == Action::Quit);
    CHECK(action_for(ch(3), Mode::typing, screen_lobby) == Action::Quit);  // Ctrl-C
    CHECK(action_for(ch('?'), Mode::typing, screen_lobby) == Action::Help);
    CHECK(action_for(ch(27), Mode::typing, screen_lobby) == Action::Cancel);
    CHECK(action_for(ch('\t'), Mode::typing, screen_lobby) == Action::Chat);
    CHECK(action_for(ch('n'), Mode::typing, screen_lobby) == Action::NewTournament);
    CHECK(action_for(ch('e'), Mode::typing, screen_lobby) == Action::EnterTournament);
    CHECK(action_for(ch('S'), Mode::typing, screen_lobby) == Action::StartTournament);
    CHECK(action_for(ch('f'), Mode::typing, screen_lobby) == Action::ChooseStarter);
    CHECK(action_for(ch('x'), Mode::typing, screen_lobby) == Action::Withdraw);  // a tournament's too
    CHECK(action_for(ch('i'), Mode::typing, screen_lobby) == Action::Profile);
    CHECK(action_for(ch('b'), Mode::typing, screen_lobby) == Action::Leaders);
    CHECK(action_for(ch('/'), Mode::typing, screen_lobby) == Action::Filter);
    CHECK(action_for(ch('B'), Mode::typing, screen_lobby) == Action::Bell);
    CHECK(action_for(ch('E'), Mode::typing, screen_served) == Action::Abort);
    CHECK(action_for(ch('E'), Mode::typing, screen_local) == Action::None);  // a server's match only
    // The game's own keys are not the lobby's, and the lobby's are not the game's.
    CHECK(action_for(ch('u'), Mode::typing, screen_lobby) == Action::None);
    CHECK(action_for(ch('e'), Mode::typing, screen_local) == Action::None);
    CHECK(action_for(ch('p'), Mode::typing, screen_local) == Action::Pause);
    CHECK(action_for(ch('p'), Mode::typing, screen_served) == Action::Pause);
    const auto all = [](Action) { return true; };
    const auto lobby_footer = footer_lines(Mode::typing, 200, 2, all, screen_lobby);
    CHECK(contains(lobby_footer[0], "q quit"));
    CHECK(contains(lobby_footer[0], "p seek"));
    // What a lichess player looks for is in the footer of an 80-column lobby (the key table's order).
    const auto at80 = footer_lines(Mode::typing, 79, 2, all, screen_lobby);
    const std::string both_lines = at80[0] + " " + (at80.size() > 1 ? at80[1] : "");
    for (const char* item : {"p seek", "a accept", "c challenge", "/ filter", "i profile", "b best"}) {
        INFO(item);
        CHECK(contains(both_lines, item));
    }
    CHECK(contains(footer_lines(Mode::typing, 79, 2, all, screen_served)[1], "E abort"));
    CHECK_FALSE(contains(lobby_footer[0], "u undo"));
    // q says what it does where: quits a game of this program, leaves a server's match for the lobby.
    CHECK(contains(footer_lines(Mode::typing, 200, 2, all, screen_local)[0], "q quit"));
    const auto served = footer_lines(Mode::typing, 200, 2, all, screen_served)[0];
    CHECK(contains(served, "q leave"));
    CHECK_FALSE(contains(served, "q quit"));
    CHECK_FALSE(contains(served, "p seek"));
    const auto help = lobby_help_lines(79);
    std::string joined;
    for (const std::string& l : help) {
        CHECK(l.size() <= 79);
        joined += l + " ";
    }
    CHECK(contains(joined, "post a seek"));
    CHECK(contains(joined, "set a password for your name"));
    CHECK(contains(joined, "enter the tournament selected"));
    CHECK(contains(joined, "head to head"));
    CHECK(contains(joined, "FICS finger"));
    CHECK(contains(joined, "leaderboard"));
    CHECK(contains(joined, "bell"));
    CHECK(contains(joined, "computers welcome"));
    CHECK(contains(joined, "final"));
    CHECK_FALSE(contains(joined, "undo"));
}

TEST_CASE("a scrolling list shows its selected row and keeps it within the rows", "[lobby-view]") {
    ScrollList list;
    CHECK(list.selected() == 0);
    list.move(1, 0);  // no rows: nothing to select, and the selection stays at the top
    CHECK(list.selected() == 0);
    for (int i = 0; i < 12; ++i) list.move(1, 10);
    CHECK(list.selected() == 9);
    // Four lines for ten rows: the last three show, the selected one at the bottom, under a line that
    // says seven more are above.
    ScrollList::Window w = list.window(10, 4);
    CHECK(w.first == 7);
    CHECK(w.count == 3);
    CHECK(w.above == 7);
    CHECK(w.below == 0);
    CHECK(list.first(10, 4) == 7);
    list.move(-5, 10);
    CHECK(list.selected() == 4);
    // In the middle: a line for those above, two rows, a line for those below.
    w = list.window(10, 4);
    CHECK(w.first == 3);
    CHECK(w.count == 2);
    CHECK(w.above == 3);
    CHECK(w.below == 5);
    list.select(0);
    w = list.window(10, 4);
    CHECK(w.first == 0);
    CHECK(w.count == 3);
    CHECK(w.below == 7);
    CHECK(list.first(10, 20) == 0);  // room for every row: no line says more
    CHECK(list.window(10, 20).count == 10);
    CHECK(list.window(10, 20).below == 0);
    CHECK(list.window(10, 2).count == 2);  // too few lines to say it: the rows alone
    // Any list in any box: the selected row shows, the lines used fit the box, and the rows hidden are
    // counted on lines of their own.
    for (int rows = 0; rows <= 30; ++rows)
        for (int height = 1; height <= 12; ++height)
            for (int sel = 0; sel < std::max(1, rows); ++sel) {
                ScrollList l;
                l.select(sel);
                const ScrollList::Window v = l.window(rows, height);
                INFO(rows << " rows, " << height << " lines, row " << sel << " selected");
                CHECK((v.above > 0) + v.count + (v.below > 0) <= height);
                if (rows > 0) CHECK((sel >= v.first && sel < v.first + v.count));
                if (rows > height && height >= 3) {
                    CHECK(v.above == v.first);
                    CHECK(v.first + v.count + v.below == rows);
                } else {
                    CHECK(v.count == std::min(rows, height));
                }
            }
    list.select(4);
    list.clamp(3);  // rows went away under it: it stays on the last
    CHECK(list.selected() == 2);
    list.select(-3);
    CHECK(list.selected() == 0);
}
