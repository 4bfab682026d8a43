// The curses game across the network: starting the table's session from the command line (--host,
// --join, --code), asking for the join code, and a refused join. The table (table_network.cpp) runs the
// session.
#include "app_impl.h"

namespace gobblet::ui {

std::string App::start_network() {
    if (options_.host_at) {
        net::HostConfig hc;
        hc.listen = *options_.host_at;
        hc.code = options_.code;
        hc.remote_player = table_.seat(0).kind() == SeatKind::Remote ? 0 : 1;
        hc.seat = table_.seat(1 - hc.remote_player).kind();
        hc.grace = options_.grace;
        if (options_.resume) {
            // Only a network match continues as one: its remote player and id come back with it.
            const auto path = saves::autosave_path();
            std::string text;
            if (!path.empty() && saves::read_file(path, text).empty()) {
                saves::LoadedRecord r = saves::read_record(text);
                if (r.record && !r.record->match_id.empty() && match().phase() != MatchPhase::Over) {
                    hc.match_id = r.record->match_id;
                    for (int p : {0, 1})
                        if (r.record->seats[p].kind == SeatKind::Remote) hc.remote_player = p;
                }
            }
            if (hc.match_id.empty()) {
                say("the last game was not a network match in progress: a new one", true);
                table_.set_match(Match(match().settings()));
            }
        }
        return table_.host(hc);
    }
    if (options_.join_to) {
        if (options_.resume) {
            const auto path = saves::autosave_path();
            std::string text;
            if (!path.empty() && saves::read_file(path, text).empty()) {
                saves::LoadedRecord r = saves::read_record(text);
                if (r.record && !r.record->match_id.empty()) {
                    net_held_ = r.record->match;
                    net_held_id_ = r.record->match_id;
                }
            }
        }
        if (!options_.code.empty()) {
            connect(options_.code);
            if (!table_.networked()) return exit_message_;
        }
    }
    return "";
}

void App::connect(const std::string& code) {
    net::JoinConfig jc;
    jc.host = *options_.join_to;
    jc.code = code;
    jc.name = options_.join_seat.name;
    jc.seat = options_.join_seat.kind == SeatKind::Computer ? SeatKind::Computer : SeatKind::Human;
    jc.held = net_held_;
    jc.held_id = net_held_id_;
    if (const std::string why = table_.join(jc, options_.join_seat); !why.empty()) join_failed(why);
}

void App::ask_code() {
    ui_.entry = LineEntry{
        "Join code for " + net::endpoint_text(*options_.join_to) + " (Esc quits)",
        "",
        40,
        [this](const std::string& typed) {
            const auto code = net::normalize_code(typed);
            if (!code) {
                say("'" + printable(typed) +
                        "' is not a join code: 4 to 32 letters and digits, as the host shows it",
                    true);
                return ask_code();
            }
            connect(*code);
        },
        [this] { quit(); },
        HelpPage{"The join code",
                 {"The host's screen shows a code like 7QK-M4X while it waits for you: type it here "
                  "(case, dashes and spaces do not matter) and press Enter to join " +
                  net::endpoint_text(*options_.join_to) +
                  ". A wrong code is refused by the host. Codes use the letter Q, so q types "
                  "it here: Esc (or Ctrl-C) is the way out."},
                 {{"Enter", "join with the code typed"},
                  {"Backspace", "edit it"},
                  {"Esc Ctrl-C", "quit the program without joining"},
                  {"?", "this help; any key comes back to the code"}}},
        "quit"};
}

void App::join_failed(const std::string& why) {
    exit_status_ = 1;
    exit_message_ = why;
    if (!screen_open_) return;         // prepare() returns it: the program ends before the screen opens
    nav_.set_exit(exit_status_, why);  // the reason also goes to the terminal the player started from
    ui_.entry.reset();
    say(why, true);
    ask(Question{
        .text = why,
        .answers = {},
        .help = "The game could not be joined, so the program ends; the reason is printed on the terminal "
                "as well. A wrong code: check the code on the host's screen. Busy: the host has a game in "
                "progress or too many connections; try again shortly.",
        .on_other = [this] { quit(); },
        .other_label = "leave (or wait " + std::to_string(refused_hold_ms / 1000) + " s)"});
    leave_at_ = now() + refused_hold_ms;
}

}  // namespace gobblet::ui
