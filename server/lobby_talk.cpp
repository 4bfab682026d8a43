// What players say to one another through the lobby (lobby_server.h): the lobby's chat (`say`), the
// spectators' talk about a game they watch (`kibitz`), private lines (`tell`, version 4), and the one
// limit on them all, per connection and per address (may_talk), which every line passes before it goes
// anywhere: a flood of any of them, or of them together, is held to it.
#include "lobby_server.h"

namespace gobblet::server {

using lobby::Refusal;

Reply Lobby::kibitz(ConnId conn, Player& p, const lobby::Kibitz& m, Millis now) {
    const auto id = game_id_of(m.game);
    const auto w = watching_.find(p.key);
    if (!id || w == watching_.end() || w->second != *id)
        return deny(Refusal::NotAllowed,
                    "you are not watching that game: its spectators talk among themselves");
    if (Reply may = may_talk(conn, " lines", now); !may) return may;
    // The spectators only, never the players while it goes on (they cannot watch their own game: watch
    // refuses them, and a name that plays is skipped all the same).
    const lobby::Kibitzed line{m.game, p.name, m.text};
    std::vector<std::string> players;
    if (const HostedGame* g = games_.peek(*id))
        for (const GamePlayer& gp : g->setup().players) players.push_back(key_of(gp));
    for (const std::string& key : watchers_of_[*id])
        if (const auto on = online_.find(key);
            on != online_.end() && std::find(players.begin(), players.end(), key) == players.end())
            if (conns_[on->second].version >= 3) send(on->second, line);
    return {};
}

Reply Lobby::say(ConnId conn, Player& p, const lobby::Say& m, Millis now) {
    if (Reply may = may_talk(conn, " chat lines", now); !may) return may;
    to_all(lobby::Chat{p.name, m.text});
    return {};
}

Reply Lobby::may_talk(ConnId conn, const std::string& what, Millis now) {
    Conn& c = conns_[conn];
    if (!c.chat.allow(now))
        return deny(Refusal::SlowDown, "wait: at most " + std::to_string(lobby::chat_burst) + what +
                                           " at once, then one every " +
                                           std::to_string(lobby::chat_every / 1000) + " s");
    const std::string& source = c.peer.source;
    const auto& shared = settings_.shared_sources;
    const bool per_source = std::find(shared.begin(), shared.end(), source) == shared.end();
    if (per_source && !talks_.allow(source, now))
        return deny(Refusal::SlowDown, "too many lines from your address lately: at most " +
                                           std::to_string(address_chat_burst) + " at once, then one every " +
                                           std::to_string(address_chat_every / 1000) + " s");
    c.chat.wrong(now);  // (the buckets count lines said)
    if (per_source) talks_.spend(source, now);
    return {};
}

Reply Lobby::tell(ConnId conn, Player& p, const lobby::Tell& m, Millis now) {
    // Counted first, whatever comes of it: a tell to a name that is not online costs a line too, so that
    // nobody asks the lobby who is online (beyond its listed players) faster than they may talk.
    if (Reply may = may_talk(conn, " lines", now); !may) return may;
    const std::string key = lobby::name_key(m.name);
    if (key == p.key)
        return deny(Refusal::NotAllowed, "a tell to yourself goes nowhere: tell another player");
    const auto on = online_.find(key);
    const auto to = on == online_.end() ? conns_.end() : conns_.find(on->second);
    if (to == conns_.end() || !to->second.player)
        return deny(Refusal::NotFound, m.name + " is not in the lobby: a tell reaches a player online");
    const Player& them = *to->second.player;
    if (to->second.version < 4)
        return deny(Refusal::NotAllowed, them.name + "'s program is older (lobby protocol version " +
                                             std::to_string(to->second.version) + "): it cannot hear tells");
    if (seeks_.refuses(key, p.key))
        return deny(Refusal::NotAllowed, them.name + " does not take tells from you");
    const lobby::Told line{p.name, them.name, m.text};
    send(to->first, line);
    send(conn, line);
    return {};
}

}  // namespace gobblet::server
