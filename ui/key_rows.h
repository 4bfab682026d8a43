// A screen's command keys as rows, as htop binds a key to an action: each row names an action of the key
// table (keys.h: its keys and modes, and the words the footer and the help show), says when it works
// (ok, or why not in the sentence the player reads) and what it runs. The dispatch, the footer and the
// help read the same rows, so that by construction the footer offers only keys that work now and a key
// pressed when it does not says why instead of running. A key the key table binds on the screen but for
// which these rows have none does not work here at all (a network game has no new game): it says the
// rows' `absent` sentence, and neither the footer nor the help shows it.
//
// Generic over the screen that owns the rows (`Owner`: the game's, the exercises', the lobby's and its
// views, Grabble's), whose functions the rows call: a screen keeps one table of rows for each kind of
// what it shows (a local game, a network game, a review...), chosen in one place, so that nothing else
// asks which kind it is. No curses.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/expected.h"
#include "keys.h"

namespace gobblet::ui {

template <class Owner>
struct KeyRow {
    Action action;
    // When it works: ok, or why not; null: always.
    Expected<void> (*when)(const Owner&) = nullptr;
    // What it runs (null: nothing of its own, as a group's line in the footer: "arrows cursor").
    void (*run)(Owner&) = nullptr;
    // Whether the help lists it; null: whenever the screen has the row.
    bool (*listed)(const Owner&) = nullptr;
};

template <class Owner>
class KeyRows {
  public:
    // The rows of a screen of `screen`'s kind (the key table's bindings there); `absent`: what a key
    // bound there says when these rows have none for it.
    KeyRows(ScreenKind screen, std::vector<KeyRow<Owner>> rows, std::string absent = "")
        : screen_(screen), rows_(std::move(rows)), absent_(std::move(absent)) {}

    ScreenKind screen() const { return screen_; }
    // The action of a key in a mode on this screen (Action::None: not a command here).
    Action action(Key k, Mode mode) const { return action_for(k, mode, screen_); }
    const KeyRow<Owner>* row(Action a) const {
        for (const KeyRow<Owner>& r : rows_)
            if (r.action == a) return &r;
        return nullptr;
    }
    // Whether the key of `a` works now, or why not. A group's line (Action::None) without a row of its own
    // is always shown.
    Expected<void> works(const Owner& owner, Action a) const {
        const KeyRow<Owner>* r = row(a);
        if (!r) return a == Action::None ? Expected<void>{} : Expected<void>{Failure{absent_}};
        return r->when ? r->when(owner) : Expected<void>{};
    }
    // Runs the row of `a` when it works; else nothing runs, and why not comes back.
    Expected<void> press(Owner& owner, Action a) const {
        Expected<void> ok = works(owner, a);
        if (!ok) return ok;
        if (const KeyRow<Owner>* r = row(a); r && r->run) r->run(owner);
        return {};
    }
    // The footer's lines: the keys of `mode` that work now (keys.h's footer_lines).
    std::vector<std::string> footer(const Owner& owner, Mode mode, int width, int lines) const {
        return footer_lines(
            mode, width, lines, [&](Action a) { return works(owner, a).ok(); }, screen_);
    }
    // For the help's list of keys: whether it lists `a` (a row here, and the row's own rule).
    std::function<bool(Action)> listed(const Owner& owner) const {
        return [this, &owner](Action a) {
            if (a == Action::None) return true;
            const KeyRow<Owner>* r = row(a);
            return r && (!r->listed || r->listed(owner));
        };
    }

  private:
    ScreenKind screen_;
    std::vector<KeyRow<Owner>> rows_;
    std::string absent_;
};

}  // namespace gobblet::ui
