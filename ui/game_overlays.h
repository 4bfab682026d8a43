// The overlays over the game's board (game_screen.h opens them): the settings menu and the list of saved
// and archived games. They own what they show and what the menu changes (the next game's rules and
// board, the board lines), act on the table and the teacher for the settings that are theirs (the level,
// the seats, the coach), write kept settings to the settings file, and say what happened on the message
// line of the screen's UiState. A key on an open overlay returns what the game screen does next.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "state.h"
#include "table.h"
#include "teacher.h"

namespace gobblet::ui {

class GameOverlays {
  public:
    // What the game screen does after a key on an overlay: nothing more, show the overlay's help, leave
    // (q, as anywhere), open the game chosen in the list (`path`), or open Grabble (the menu's last row).
    struct Next {
        enum class Kind { Stay, Help, Leave, Open, Grabble } kind = Kind::Stay;
        std::filesystem::path path;
    };

    GameOverlays(Table& table, Teacher& teacher, UiState& ui) : table_(table), teacher_(teacher), ui_(ui) {}

    // The settings menu (m), or the list of games (o): it opens as UiState::overlay (the list says so
    // instead when there is no game to list).
    void open_menu();
    void open_list();
    // A key while an overlay is open.
    Next key(Key k);

    // The rules and board of the next new game (the menu's; a game loaded or reviewed sets them).
    const Variant& next_variant() const { return next_variant_; }
    void set_next_variant(Variant v) { next_variant_ = v; }
    // The board in ASCII lines even in a UTF-8 terminal (the menu's, from the settings file at first).
    bool ascii() const { return ascii_; }
    void set_ascii_lines(bool ascii) { ascii_ = ascii; }

  private:
    void menu_change(int delta);
    // A menu choice of a kept setting writes its key to the settings file (saves/settings.h).
    void keep_setting(std::string_view key, const std::string& value);
    void say(std::string text, bool error = false) {
        ui_.message = std::move(text);
        ui_.message_is_error = error;
    }

    Table& table_;
    Teacher& teacher_;
    UiState& ui_;
    Variant next_variant_{};
    bool ascii_ = false;
    std::vector<std::filesystem::path> paths_;  // the game list's files (empty: the menu)
};

}  // namespace gobblet::ui
