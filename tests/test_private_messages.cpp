// Private messages and watching by name (issue 33, item 22; the lobby protocol's version 4): `tell NAME
// TEXT` reaches the one player named and comes back to its sender as `told`, nobody else hears it; it is
// limited as chat is (per connection and per address, and counted when tried), cleaned of control and
// invisible characters, refused by a player who refuses the sender (noplay). `observe NAME` watches the
// game a player plays under watch's rules. Each attack is played by a client as a cheat would write it,
// against the server in one process on fake time (tests/server_support.h).
#include "server_support.h"
#include "ui/lobby_view.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// The tells a client heard, as "FROM>TO: TEXT".
std::vector<std::string> tells(const Client& c) {
    std::vector<std::string> out;
    for (const lobby::Told& t : c.all<lobby::Told>()) out.push_back(t.from + ">" + t.to + ": " + t.text);
    return out;
}

// A bare connection of version `version` logged in as the guest `name`, from `from`, saying `lines` next.
RawPeer& guest(World& w, std::vector<std::unique_ptr<RawPeer>>& keep, const std::string& from,
               const std::string& name, const std::string& lines = "", int version = 4) {
    RawPeer& m = raw(w, keep, from);
    m.say("lobby gobblet " + std::to_string(version) + "\nlogin " + name + " human guest\n" + lines);
    REQUIRE(w.until([&] { return m.line_starting("end tournaments").has_value(); }));
    return m;
}

int refusals(const RawPeer& m, const std::string& start) {
    int n = 0;
    for (const std::string& l : m.heard()) n += l.starts_with(start);
    return n;
}

}  // namespace

TEST_CASE("the tell, told and observe lines are version 4's", "[lobby][v4]") {
    const std::vector<lobby::Message> lines = {
        lobby::Tell{"Eamon", "good game"},
        lobby::Observe{"~Nora"},
        lobby::Told{"Liam", "Eamon", "good game"},
    };
    for (const lobby::Message& m : lines) {
        const std::string text = lobby::format_message(m);
        INFO(text);
        const auto back = lobby::parse_message(text.substr(0, text.size() - 1));
        REQUIRE(back);
        CHECK(*back == m);
        CHECK(lobby::parse_message(text.substr(0, text.size() - 1), 3).why() ==
              std::string(lobby::verb(m)) + " is a message of lobby protocol version 4, not of version 3");
    }
    CHECK(lobby::parse_message("told Liam liam hello").why() == "told: a player against themselves");
    CHECK(lobby::parse_message("tell Eamon").why() == "tell: nothing printable");
    CHECK(lobby::parse_message("observe 9lives").why() == "observe: not a player's name: '9lives'");
    // A tell between two other players is a protocol error for the client.
    lobby::Tables t;
    t.reset("Zoe");
    std::deque<lobby::Event> out;
    CHECK(t.take(lobby::Told{"Liam", "Eamon", "psst"}, 0, out).why() == "a tell between two other players");
    CHECK(t.take(lobby::Told{"Liam", "Zoe", "psst"}, 0, out).ok());
}

TEST_CASE("a chat line starting with / is a command, never said; tells ring the bell once a burst",
          "[lobby-view][v4]") {
    const auto line = [](std::string_view text) {
        const auto c = ui::parse_chat_line(text);
        INFO(c.why());
        REQUIRE(c);
        return *c;
    };
    CHECK(line("anyone for a 3x3?").kind == ui::ChatLine::Kind::Say);
    CHECK(line("anyone for a 3x3?").text == "anyone for a 3x3?");
    const ui::ChatLine tell = line("/tell Eamon  good game, thanks");
    CHECK(tell.kind == ui::ChatLine::Kind::Tell);
    CHECK(tell.name == "Eamon");
    CHECK(tell.text == "good game, thanks");
    CHECK(line("/TELL ~Zoe hi").name == "~Zoe");
    CHECK(line("/observe Liam").kind == ui::ChatLine::Kind::Observe);
    CHECK(ui::parse_chat_line("/tel Eamon hi").why() ==
          "'/tel' is no command here: /tell NAME TEXT, /observe NAME (nothing was said)");
    CHECK(ui::parse_chat_line("/tell Eamon").why() ==
          "/tell NAME TEXT tells one player something: /tell Eamon good game");
    CHECK(ui::parse_chat_line("/tell 9lives hi").why() ==
          "/tell NAME TEXT tells one player something: /tell Eamon good game");
    CHECK(ui::parse_chat_line("/observe Liam now").why() ==
          "/observe NAME watches the game a player plays: /observe Eamon");
    // The bell: once for a burst of tells, again once tell_bell_every has gone by.
    Millis last = -1'000'000;
    CHECK(ui::tell_rings(10'000, last));
    CHECK_FALSE(ui::tell_rings(10'100, last));
    CHECK_FALSE(ui::tell_rings(10'000 + ui::tell_bell_every - 1, last));
    CHECK(ui::tell_rings(10'000 + ui::tell_bell_every, last));
}

TEST_CASE("a tell reaches the player named and comes back to its sender; nobody else hears it",
          "[server][v4][tell]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon"), zoe("Zoe");
    enter_all(w, {&liam, &eamon, &zoe});
    REQUIRE(liam.lobby->tell("eamon", "good game", w.now).ok());
    REQUIRE(w.until([&] { return eamon.heard<lobby::Told>() && liam.heard<lobby::Told>(); }));
    CHECK(tells(eamon) == std::vector<std::string>{"Liam>Eamon: good game"});  // the registered spelling
    CHECK(tells(liam) == std::vector<std::string>{"Liam>Eamon: good game"});
    w.idle(10);
    CHECK_FALSE(zoe.heard<lobby::Told>());
    CHECK_FALSE(zoe.heard<lobby::Chat>());
    // A player at the board hears a tell on the lobby connection under it, and tells from there.
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    w.move(*white, *black, "W1A1");
    REQUIRE(zoe.lobby->tell("Liam", "nice opening", w.now).ok());
    REQUIRE(w.until([&] { return liam.all<lobby::Told>().size() == 2; }));
    CHECK(tells(liam).back() == "Zoe>Liam: nice opening");
    REQUIRE(liam.lobby->tell("Zoe", "thanks", w.now).ok());
    REQUIRE(w.until([&] { return zoe.all<lobby::Told>().size() == 2; }));
    CHECK(tells(zoe).back() == "Liam>Zoe: thanks");
    // A name nobody online has: refused, and said so.
    REQUIRE(liam.lobby->tell("Nobody", "hello?", w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("tell").has_value(); }));
    CHECK(refusal(liam, "tell") == "not-found Nobody is not in the lobby: a tell reaches a player online");
    // The client never sends a tell to its own player; a cheat's does, and is refused.
    CHECK(liam.lobby->tell("LIAM", "me", w.now).why() == "a tell to yourself: tell another player");
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& self = guest(w, keep, "127.0.0.66", "Self", "tell ~Self hello me\n");
    REQUIRE(w.until([&] { return self.line_starting("refused tell").has_value(); }));
    CHECK(self.line_starting("refused tell") ==
          "refused tell not-allowed a tell to yourself goes nowhere: tell another player");
}

TEST_CASE(
    "a tell is cleaned of control and invisible characters, and refused by a player who refuses the "
    "sender",
    "[server][hostile][v4][tell]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    // "gg" with "resign" in tag characters, a right-to-left override, a soft hyphen, a zero-width space
    // and the Hangul filler around it.
    const std::string hidden =
        "\xF3\xA0\x81\xB2\xF3\xA0\x81\xA5\xF3\xA0\x81\xB3\xE2\x80\xAE\xC2\xAD\xE2\x80\x8B\xE3\x85\xA4";
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& m = guest(w, keep, "127.0.0.66", "Mallory", "tell Eamon g" + hidden + "g\n");
    REQUIRE(w.until([&] { return eamon.heard<lobby::Told>(); }));
    CHECK(eamon.all<lobby::Told>().at(0).text == "gg");
    // Nothing printable: the reader refuses the line, and the connection ends.
    m.say("tell Eamon " + hidden + "\n");
    REQUIRE(w.until([&] { return m.closed_by_peer(); }));
    CHECK(m.line_starting("error ") == "error tell: nothing printable");
    // A control character ends it too, before anyone hears a byte of it.
    RawPeer& bell = guest(w, keep, "127.0.0.67", "Ringer");
    bell.say("tell Eamon ding\x07\x07\n");
    REQUIRE(w.until([&] { return bell.closed_by_peer(); }));
    CHECK(eamon.all<lobby::Told>().size() == 1);
    // Eamon refuses Liam (N: noplay): Liam's challenges and his tells.
    REQUIRE(eamon.lobby->noplay("Liam", true, w.now).ok());
    REQUIRE(w.until([&] { return eamon.heard<lobby::Ok>(); }));
    CHECK(eamon.all<lobby::Ok>().back().text == "Liam's challenges and tells to you are refused now");
    REQUIRE(liam.lobby->tell("Eamon", "why not?", w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("tell").has_value(); }));
    CHECK(refusal(liam, "tell") == "not-allowed Eamon does not take tells from you");
    CHECK(eamon.all<lobby::Told>().size() == 1);
    REQUIRE(eamon.lobby->noplay("Liam", false, w.now).ok());
    REQUIRE(w.until([&] { return eamon.all<lobby::Ok>().size() == 2; }));
    REQUIRE(liam.lobby->tell("Eamon", "sorry", w.now).ok());
    REQUIRE(w.until([&] { return eamon.all<lobby::Told>().size() == 2; }));
    // A player whose program speaks version 3 cannot hear a tell: the sender is told so; and a version 3
    // connection that sends one breaks its version's protocol.
    RawPeer& old = guest(w, keep, "127.0.0.68", "Old", "", 3);
    REQUIRE(liam.lobby->tell("~Old", "hello", w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("tell")->text.find("older") != std::string::npos; }));
    CHECK(refusal(liam, "tell") ==
          "not-allowed ~Old's program is older (lobby protocol version 3): it cannot hear tells");
    CHECK_FALSE(old.line_starting("told").has_value());
    old.say("tell Liam hi\n");
    REQUIRE(w.until([&] { return old.closed_by_peer(); }));
    CHECK(old.heard().back() == "error tell is a message of lobby protocol version 4, not of version 3");
}

TEST_CASE("a tell flood is held to chat's limits, per connection and per address, tells to nobody counted",
          "[server][hostile][v4][tell]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon"), zoe("Zoe");
    enter_all(w, {&liam, &eamon, &zoe});
    std::vector<std::unique_ptr<RawPeer>> keep;
    const auto told_eamon = [&](const std::string& from) {
        int n = 0;
        for (const lobby::Told& t : eamon.all<lobby::Told>()) n += t.from == from;
        return n;
    };
    // One connection sends twenty tells at once: five reach Eamon (the chat's burst), the rest are
    // refused, and each refusal says why.
    std::string flood;
    for (int i = 0; i < 20; ++i) flood += "tell Eamon ring " + std::to_string(i) + "\n";
    RawPeer& m = guest(w, keep, "127.0.0.66", "Mallory", flood);
    REQUIRE(w.until([&] { return refusals(m, "refused tell") == 15; }));
    CHECK(told_eamon("~Mallory") == lobby::chat_burst);
    CHECK(m.line_starting("refused tell") ==
          "refused tell slow-down wait: at most 5 lines at once, then one every 2 s");
    // Tells to names nobody online has are counted as they are tried: asking who is online costs lines.
    std::string probes;
    for (int i = 0; i < lobby::chat_burst; ++i)
        probes += "tell Ghost" + std::to_string(i) + " are you there\n";
    RawPeer& p = guest(w, keep, "127.0.0.67", "Prober", probes + "tell Eamon hi\n");
    REQUIRE(w.until([&] { return refusals(p, "refused tell") == lobby::chat_burst + 1; }));
    CHECK(refusals(p, "refused tell not-found") == lobby::chat_burst);
    CHECK(p.heard().back() == "refused tell slow-down wait: at most 5 lines at once, then one every 2 s");
    CHECK(told_eamon("~Prober") == 0);
    // Chat and tells share the budget.
    RawPeer& c = guest(w, keep, "127.0.0.68", "Chatty",
                       "say 1\nsay 2\nsay 3\nsay 4\nsay 5\ntell Eamon and one more\n");
    REQUIRE(w.until([&] { return c.line_starting("refused tell").has_value(); }));
    CHECK(told_eamon("~Chatty") == 0);
    // Twenty guests of one address, each telling its five at once: the address's burst reaches Eamon.
    w.pass(60 * s);
    for (int i = 0; i < 20; ++i) {
        std::string five;
        for (int k = 0; k < lobby::chat_burst; ++k) five += "tell Eamon crowd " + std::to_string(k) + "\n";
        guest(w, keep, "127.0.0.77", "Crowd" + std::to_string(i), five);
    }
    w.idle(20);
    int crowd = 0;
    for (const lobby::Told& t : eamon.all<lobby::Told>()) crowd += t.from.starts_with("~Crowd");
    CHECK(crowd >= server::address_chat_burst);
    CHECK(crowd <= server::address_chat_burst + 2);
    // Zoe, from her own address, still reaches him at once.
    const std::size_t before = eamon.all<lobby::Told>().size();
    REQUIRE(zoe.lobby->tell("Eamon", "are you flooded?", w.now).ok());
    REQUIRE(w.until([&] { return eamon.all<lobby::Told>().size() == before + 1; }));
    CHECK(tells(eamon).back() == "Zoe>Eamon: are you flooded?");
}

TEST_CASE("observe watches the game a player plays, by name, under the rules of who watches what",
          "[server][v4][spectator]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon"), zoe("Zoe"), max("Max");
    enter_all(w, {&liam, &eamon, &zoe, &max});
    // Nobody plays yet.
    REQUIRE(zoe.lobby->observe("Liam", w.now).ok());
    REQUIRE(w.until([&] { return zoe.refused("observe").has_value(); }));
    CHECK(refusal(zoe, "observe") ==
          "not-found Liam plays no game now: observe watches the game a player plays");
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    w.move(*white, *black, "W1A1");
    const std::string game = World::match_of(liam)->game;
    // Zoe observes Liam (in any case of his name): the game's watch code, and she watches it.
    REQUIRE(zoe.lobby->observe("LIAM", w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Watching>(); }));
    CHECK(zoe.all<lobby::Watching>().at(0).game == game);
    w.join_game(zoe, zoe.all<lobby::Watching>().at(0).code, true);
    REQUIRE(w.until([&] { return zoe.game->playing() && zoe.match.game().moves().size() == 1; }));
    REQUIRE(w.until([&] { return liam.lobby->tables().players().at("zoe").watching == game; }));
    // Max is in the lobby and plays nothing; a name nobody has plays nothing either.
    REQUIRE(zoe.lobby->observe("Max", w.now).ok());
    REQUIRE(w.until([&] {
        return zoe.refused("observe").has_value() && zoe.refused("observe")->text.starts_with("Max");
    }));
    CHECK(refusal(zoe, "observe") ==
          "not-found Max plays no game now: observe watches the game a player plays");
    // A player never observes his own game: not by his opponent's name, nor from his address or machine.
    REQUIRE(liam.lobby->observe("Eamon", w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("observe").has_value(); }));
    CHECK(refusal(liam, "observe") ==
          "not-allowed you play in game " + game + ": a player never watches their own game");
    CHECK(liam.lobby->observe("liam", w.now).why() ==
          "a player never watches their own game: observe another player");
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& lee = guest(w, keep, liam.from, "Lee", "observe Eamon\n");
    REQUIRE(w.until([&] { return lee.line_starting("refused observe").has_value(); }));
    CHECK(lee.line_starting("refused observe") ==
          "refused observe not-allowed you and Liam connect from one address, and Liam plays in game " +
              game + ": a player never watches their own game");
    RawPeer& self = guest(w, keep, "127.0.0.70", "Idle", "observe ~Idle\n");
    REQUIRE(w.until([&] { return self.line_starting("refused observe").has_value(); }));
    CHECK(self.line_starting("refused observe") ==
          "refused observe not-found you play no game now: observe watches the game a player plays");
    // A flood of observes from one address takes no more of the game's codes than watch does.
    int codes = 0;
    std::string refused;
    for (int i = 0; i < 30 && refused.empty(); ++i) {
        RawPeer& g = guest(w, keep, "127.0.0.66", "Throwaway" + std::to_string(i), "observe Liam\n");
        REQUIRE(w.until([&] { return g.line_starting("watching ") || g.line_starting("refused observe"); }));
        if (g.line_starting("watching "))
            ++codes;
        else
            refused = *g.line_starting("refused observe");
        g.close();
        w.idle(5);
    }
    CHECK(codes == int(server::watch_codes_per_source));
    CHECK(refused == "refused observe limit your address holds 10 codes to watch game " + game +
                         ": unused, they lapse in a minute");
}
