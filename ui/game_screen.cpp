// The game screen's turn of the loop (game_screen.h): serving the teacher and the table, the deadlines,
// drawing (the chrome around the board: the prompt line, the footer from the key table, the help), the
// puzzles and the tutorial pushed over the game, and its start (from what game_setup.h reads) and end.
#include <curses.h>

#include <algorithm>

#include "controls.h"
#include "exercise.h"
#include "game_screen.h"
#include "game_setup.h"
#include "grabble/app.h"
#include "puzzle_session.h"
#include "saves/tutorial.h"
#include "terminal.h"
#include "text.h"

namespace gobblet::ui {

// ---------------------------------------------------------------------------------------------------
// The turn

void GameScreen::service(Millis t) {
    if (leave_at_ >= 0 && t >= leave_at_) return leave();
    // A clock nobody can see does not run (a local match's; a network game's is the host's, and the
    // screen too small for the board still shows it).
    if (!covered_)
        table_.stand_clock(make_layout(match().variant().size, COLS, LINES).fits()
                               ? ""
                               : "the terminal is too small to show them");
    if (options_.served) serve_match();
    teacher_.service(covered_);  // first: the coach may hold the computer's reply
    table_.take_answers(t);
    // Only now: an answer may start a round, and the rounds' vector then moves the game (sanitizer).
    teacher_.collect_hint();
    ui_.thinking = table_.seats().thinking();
    ui_.hinting = false;
    if (ui_.thinking) ui_.info = table_.seats().progress();
    // The computer's plan is not shown to the human it plays against (who could premove against it).
    const int to_move = table_.seat_of(match().game().side_to_move());
    ui_.plan_hidden = table_.seats().is_computer(to_move) && table_.seats().is_human(1 - to_move);
    if (const std::optional<ThinkInfo> hint = teacher_.hint_progress()) {
        ui_.thinking = ui_.hinting = true;
        ui_.info = *hint;
    }
    table_.ask_seats(t, seats_held());
}

Millis GameScreen::until_next(Millis t) const {
    Millis wait = table_.until_next(t, seats_held());
    const auto consider = [&wait](Millis m) {
        if (m >= 0 && (wait < 0 || m < wait)) wait = m;
    };
    if (ui_.thinking) consider(100);  // the search's progress
    if (teacher_.coach_holds()) consider(std::max<Millis>(0, teacher_.coach_deadline() - t));
    if (leave_at_ >= 0) consider(std::max<Millis>(0, leave_at_ - t));
    if (next_at_ >= 0) consider(std::min<Millis>(1000, std::max<Millis>(0, next_at_ - t)));
    return wait;
}

// A round ended: a move half made here is dropped (table.h's report).
void GameScreen::round_over() {
    ui_.picked.reset();
    ui_.prompt.clear();
    ui_.mode = Mode::typing;
}

// ---------------------------------------------------------------------------------------------------
// Drawing

void GameScreen::draw(Millis t) {
    ui_.reviewing = table_.reviewing();
    ui_.ended = match().game().over() ? "" : lobby_over_;
    ui_.paused = table_.paused();
    ui_.pause_note = table_.pause_note();
    ui_.offer = table_.offer_note();
    ui_.premove =
        table_.premove() ? "premove " + spec_name(table_.premove()->spec) + " waits: Esc cancels it" : "";
    ui_.picker = picker();
    ui_.clock_note = table_.clock_note();
    // A server's match nobody has started is aborted by the server after a minute (net::first_move_limit):
    // the status line counts it down.
    if (served_.abort_by >= 0 && match().rounds().size() == 1 && match().game().moves().empty() &&
        !match().game().over() && lobby_over_.empty() && ui_.clock_note.empty())
        ui_.clock_note = "aborted in " +
                         std::to_string(std::max<Millis>(0, served_.abort_by - t + 999) / 1000) +
                         " s unless White moves";
    ui_.review = review_note();
    ui_.score_after = table_.review().score_after();
    for (int p : {0, 1}) ui_.seats[p] = table_.seat_view(p);
    ui_.title_note = table_.net_title();
    ui_.joining = options_.join_to && !table_.welcomed() ? net::endpoint_text(*options_.join_to) : "";
    ui_.clock_faces = review_clocks_.empty() ? std::nullopt : review_clock_faces();
    if (!review_clocks_.empty()) ui_.title_note = review_clock_note();
    if (!served_.title.empty()) {
        // A server's match: who plays whom with ratings, always; who watches; the clocks' start.
        std::string note = served_.title;
        // A tournament's match before its clocks start: when they will, in the place of the ratings.
        if (served_.clocks_by >= 0 && t < served_.clocks_by && match().rounds().size() == 1 &&
            match().game().moves().empty())
            note = served_.waiting_title + ": clocks in " +
                   std::to_string((served_.clocks_by - t + 999) / 1000) + " s, or at White's move";
        if (const std::string watchers = lobby_ ? lobby_->watchers() : ""; !watchers.empty())
            note += "; watched by " + watchers;
        ui_.title_note = note + (ui_.title_note.empty() ? "" : "  " + ui_.title_note);
    }
    if (const std::string r = teacher_.title(); !r.empty())
        ui_.title_note += (ui_.title_note.empty() ? "" : "  ") + r;
    if (ui_.help) return draw_help(help_now(COLS - 1), ui_.help_scroll);
    ui::draw(shown(), ui_, chrome(), t);
}

Chrome GameScreen::chrome() const {
    Chrome c;
    const int width = std::max(20, COLS - 1);
    if (ui_.question) {
        c.prompt_line = question_prompt(*ui_.question);
        c.footer = question_footer(*ui_.question, keys().screen());
        return c;
    }
    if (ui_.entry) {
        entry_chrome(*ui_.entry, c, width);
        return c;
    }
    if (ui_.overlay) {
        c.footer = {ui_.overlay->footer};
        return c;
    }
    prompt_chrome(ui_, c);
    c.footer = keys().footer(*this, ui_.mode, width, 2);
    return c;
}

// Where a review stands, for the status line (never a footer row of its own: both rows of keys stay).
std::string GameScreen::review_note() const {
    if (!ui_.reviewing) return "";
    const Game& g = shown().game();
    std::string note =
        "REVIEW " +
        (match().single_game() ? std::string() : "round " + std::to_string(shown().round_number()) + " ") +
        // The move shown as the list writes it ("at 13... K2B2"): short, for the status line's width;
        // the message says the rest ("at Black's move 13 of 14").
        (g.moves().empty()
             ? std::string("at the start")
             : "at " + move_number_text(g.moves().size() - 1) + " " +
                   move_name(g.moves().back(), g.moves().size() % 2 == 1 ? Color::White : Color::Black));
    if (!table_.review().open() && !g.over() && table_.seats().is_computer(table_.seat_of(g.side_to_move())))
        note += ": Enter lets the computer play from here";
    return note;
}

bool GameScreen::own_help() const { return ui_.question || ui_.overlay || (ui_.entry && ui_.entry->help); }

std::vector<std::string> GameScreen::help_now(int width) const {
    if (ui_.chat_page)
        return chat_log_page("Chat: the last " + std::to_string(table_.chat_log().size()) +
                                 " lines said in this game (any key comes back)",
                             table_.chat_log(), width);
    if (ui_.question) return help_page_lines(question_help(*ui_.question, keys().screen()), width);
    if (ui_.overlay) return help_page_lines(ui_.overlay->help, width);
    if (ui_.entry && ui_.entry->help) return help_page_lines(*ui_.entry->help, width);
    // The keys this game has (the engine's help only what it allows now, and the help says why).
    return help_lines(match(), width, keys().screen(), help_note(table_.help_game()), keys().listed(*this));
}

// ---------------------------------------------------------------------------------------------------
// The puzzles and the tutorial, pushed over the game

// P and T in a timed match: what they do to the clock, said where the player looks next.
std::string GameScreen::clock_stands_note() const {
    const GameClock& c = match().clock();
    if (!c.enabled() || !c.running() || c.paused() || match().game().over()) return "";
    return "the game's clocks stand here, and run again when q goes back to the game";
}

void GameScreen::open_puzzles() {
    const PuzzleSet* set = options_.puzzle_set.empty() ? saves::shipped_puzzle_set(match().variant())
                                                       : find_puzzle_set(options_.puzzle_set);
    if (!set || set->puzzles.empty()) {
        say("no puzzles for these rules in this build", true);
        return;
    }
    nav_.push(make_puzzles_screen(nav_, *set, ui_.color, clock_stands_note()));
}

void GameScreen::open_grabble() {
    if (table_.networked() || options_.served) {
        say("not in a network game: the two of you play it out", true);
        return;
    }
    nav_.push(open_grabble_over(ScreenContext{nav_, loop_, clock_}, options_.program, ui_.color));
}

void GameScreen::open_tutorial() {
    nav_.push(make_tutorial_screen(nav_, match().variant().rules, match().variant().size, ui_.color,
                                   clock_stands_note()));
}

// The tutorial opens by itself on a plain first start only: a start whose command line asked for a
// game, a match, a file or a network game opens that, and a note under the message says where the
// tutorial is, until the first key.
void GameScreen::open_at_start() {
    if (options_.served) return;  // the lobby said what there is to say
    const bool first = !saves::tutorial_seen();
    if (table_.networked() || options_.join_to) {  // a network game starts at once; T is not offered there
        if (first) ui_.note = "new here? ? shows the rules and keys; --tutorial teaches (offline games)";
        return;
    }
    if (options_.tutorial || (first && !options_.puzzles && !options_.game_asked)) {
        puzzles_after_ = options_.puzzles;
        return open_tutorial();
    }
    if (first && options_.game_asked) ui_.note = "new here? T opens the tutorial";
    if (options_.puzzles) open_puzzles();
}

// The game waits under another screen, as it stands: its seats stop, a running clock pauses, and it is
// saved (unless it was never shown: --puzzles).
void GameScreen::covered(Millis) {
    covered_ = true;
    ui_.note.clear();  // a key on the screen over the game: the note has been seen
    table_.step_away();
    if (!options_.puzzles && !match().game().moves().empty()) table_.autosave();
}

void GameScreen::uncovered(const std::string& farewell, Millis) {
    covered_ = false;
    if (puzzles_after_) {  // --tutorial --puzzles: the puzzles follow
        puzzles_after_ = false;
        return open_puzzles();
    }
    if (options_.puzzles) return leave();  // --puzzles: leaving them ends the program
    const bool stood = !table_.clock_note().empty();
    table_.come_back();
    say(farewell + (stood ? "; the game's clocks run again" : ""));
}

// ---------------------------------------------------------------------------------------------------
// The start (game_setup.h reads what it starts from) and the end

GameScreen::GameScreen(const ScreenContext& context, const Options& options)
    : nav_(context.nav),
      loop_(context.loop),
      clock_(context.clock),
      options_(options),
      table_(Table::Config{options.program, options.player, 1, !options.served}, context.loop, context.clock,
             *this),
      teacher_(table_, *this, ui_, context.loop),
      overlays_(table_, teacher_, ui_) {
    const ScreenSettings settings = read_screen_settings(options_);
    teacher_.set_coach(settings.coach);
    overlays_.set_ascii_lines(settings.ascii);
    ui_.color = settings.color;
    settings_problem_ = settings.problem;
    table_.set_level(options_.player.level);
    table_.set_think(options_.player.think_seconds);
    for (int i = 0; i < 3; ++i)
        if (options_.speed == speeds[i].name) table_.set_speed(i);
    overlays_.set_next_variant(match().variant());
}

Expected<void> GameScreen::prepare() {
    if (!options_.served && !options_.puzzles) {
        // This copy's autosave: a slot of its own (game_setup.h), or several games to choose from first.
        SlotChoice slot = choose_slot(options_);
        autosave_file_ = slot.path;
        start_note_ = std::move(slot.note);
        table_.records().set_slot(std::move(slot.slot));
        if (!slot.choices.empty()) {
            resume_choices_ = std::move(slot.choices);
            table_.records().hold_autosave(
                true);  // enter() asks which game goes on; nothing is written until then
            return {};
        }
        // An autosave that does not read is kept before anything can replace it.
        if (const std::string kept = keep_unreadable_autosave(autosave_file_); !kept.empty())
            settings_problem_ = settings_problem_.empty() ? kept : kept + "; " + settings_problem_;
    }
    Expected<StartMatch> read = read_start(options_, autosave_file_);
    if (!read) return Failure{read.why()};
    StartMatch start = std::move(read).take();
    if (const Expected<void> ok =
            check_network_resume(options_, start.autosaved ? &*start.autosaved : nullptr);
        !ok)
        return ok;
    // A start that does not continue the unfinished game in the autosave would replace it: the player
    // says first what becomes of it (enter() asks), and until then nothing is written over it.
    if (!options_.resume && !options_.served && !options_.puzzles) {
        std::optional<saves::Record> last = unfinished_autosave(autosave_file_);
        if (last && start.loaded && same_game(last->match, start.loaded->match))
            last.reset();  // nothing lost
        if (last) {
            last_game_ = std::move(last);
            table_.records().hold_autosave(true);
            table_.set_match(Match(start.settings));
            table_.install_seats(start.seats);
            held_start_ = std::move(start);
            return {};
        }
    }
    return apply_start(std::move(start));
}

Expected<void> GameScreen::apply_start(StartMatch start) {
    table_.set_match(Match(start.settings));
    if (!start.note.empty()) say(start.note, start.note_error);
    if (start.loaded) {
        // A finished match was archived when it ended (resumed), or is not to be archived again (loaded).
        const bool over = start.loaded->match.phase() == MatchPhase::Over;
        table_.load_match(std::move(start.loaded->match), start.loaded->clock, over);
        say(loaded_text(match(), options_, start.resumed));
        if (!start.resumed) teacher_.new_match(true);  // an opened game is reviewed
    }
    overlays_.set_next_variant(match().variant());
    table_.install_seats(start.seats);
    // --resume of a network game's autosave goes on as it was played (host or joiner), never locally.
    if (start.autosaved && start.autosaved->match.phase() != MatchPhase::Over)
        if (const Expected<void> net = network_from_autosave(options_, *start.autosaved); !net) return net;
    return start_network(start.autosaved ? &*start.autosaved : nullptr);
}

// ---------------------------------------------------------------------------------------------------
// The unfinished game of an earlier run, when this start would replace it

void GameScreen::ask_last_game() {
    const std::string what = options_.host_at              ? "host a new game"
                             : options_.join_to            ? "join " + net::endpoint_text(*options_.join_to)
                             : !options_.load_path.empty() ? "open " + printable(options_.load_path)
                                                           : "start a new game";
    ask(Question{
        .text = "The last game was not finished: " + last_game_text(*last_game_),
        .answers = {{ch('c'), "continue it", [this] { continue_last_game(); },
                     "go on with it, as " + options_.program + " --resume does" +
                         (last_game_->network ? " (a network game: as it was played, host or joiner)" : "")},
                    {ch('k'), "keep it and " + what, [this] { keep_last_game(); },
                     "it goes to your saves (o opens it), and the program does what its command line asked"},
                    {ch('d'), "discard it", [this] { confirm_discard(); },
                     "it is thrown away, after one more question"}},
        .help =
            "The autosave holds a game that was not finished, and this start would replace it. Nothing is "
            "replaced until you answer; q quits and leaves it as it is.",
        .default_answer = 1});
    say(ui_.question->text + ". c continues it, k keeps it in your saves, d discards it.");
}

void GameScreen::continue_last_game() {
    const std::optional<saves::Record> last = std::exchange(last_game_, std::nullopt);
    held_start_.reset();
    table_.records().hold_autosave(false);
    // The last game as it was: its players and seats, and a network game as it was played (its record says
    // how); a local one here, whatever network the command line asked for.
    options_.resume = true;
    options_.load_path.clear();
    options_.seats_given = false;
    if (last && (last->network || last->match_id.empty())) {
        options_.host_at.reset();
        options_.join_to.reset();
        options_.code.clear();
    }
    Expected<StartMatch> read = read_start(options_, autosave_file_);
    Expected<void> started = read ? apply_start(std::move(read).take()) : Expected<void>(Failure{read.why()});
    if (!started) return join_failed(started.why());
    table_.autosave();  // the autosave is the table's from now on
    begin_play();
}

void GameScreen::keep_last_game() {
    const Expected<std::filesystem::path> kept =
        saves::write_new_file(saves::saves_dir(), "game-" + saves::file_stamp(), saved_text(*last_game_));
    if (!kept) {
        say("the last game could not be kept (" + kept.why() + "): nothing replaced it", true);
        return ask_last_game();
    }
    start_held("the last game is kept in " + kept->string() + " (o opens it)");
}

void GameScreen::ask_which_game() {
    Question q{.text = std::to_string(resume_choices_.size()) + " unfinished games: which one goes on?",
               .answers = {},
               .help =
                   "--resume found several unfinished games that no other copy of gobblet is playing, the "
                   "most recently saved first. The one chosen goes on here; the others wait, and o lists "
                   "them. q quits and leaves them all as they are.",
               .default_answer = 0};
    std::string listed;
    for (std::size_t i = 0; i < resume_choices_.size() && i < 9; ++i) {
        const saves::SlotState& s = resume_choices_[i];
        const saves::Record& r = **s.record;
        q.answers.push_back({ch('1' + int(i)), r.match.name(0) + " against " + r.match.name(1),
                             [this, i] { resume_choice(i); }, "continue " + last_game_text(r)});
        listed += (i ? "; " : " ") + std::to_string(i + 1) + " " + slot_game_text(s) +
                  (r.date.empty() ? "" : ", saved " + printable(r.date));
    }
    ask(std::move(q));
    say(ui_.question->text + listed);
}

void GameScreen::resume_choice(std::size_t i) {
    const saves::SlotState chosen = resume_choices_.at(i);
    Expected<saves::AutosaveSlot> slot = saves::claim_slot(chosen.path.parent_path(), chosen.number);
    if (!slot && slot.why().rfind("another copy", 0) == 0) {  // taken meanwhile: it is that copy's now
        resume_choices_.erase(resume_choices_.begin() + std::ptrdiff_t(i));
        say("another copy of gobblet has just taken " + slot_game_text(chosen), true);
        if (!resume_choices_.empty()) return ask_which_game();
        SlotChoice none = choose_slot(options_);  // a new game, in a slot of its own
        autosave_file_ = none.path;
        table_.records().set_slot(std::move(none.slot));
        return continue_last_game();
    }
    // A folder that cannot be written: the game still goes on, from its file (the autosave says why not).
    table_.records().set_slot(slot ? std::move(slot).take() : saves::AutosaveSlot{});
    autosave_file_ = chosen.path;
    resume_choices_.clear();
    last_game_ = **chosen.record;
    continue_last_game();
}

void GameScreen::confirm_discard() {
    ask(Question{.text = "Discard the last game for good (" + last_game_text(*last_game_) + ")?",
                 .answers = {{ch('y'), "discard it", [this] { start_held("the last game is discarded"); },
                              "it is replaced by this start's game and cannot be brought back"},
                             {ch('n'), "no", [this] { ask_last_game(); }, "back to the question"}},
                 .help = "A discarded game is gone: there is no copy.",
                 .default_answer = 1});
    say(ui_.question->text);
}

void GameScreen::start_held(const std::string& said) {
    last_game_.reset();
    table_.records().hold_autosave(false);
    StartMatch start = std::move(*held_start_);
    held_start_.reset();
    ui_.message.clear();
    if (const Expected<void> started = apply_start(std::move(start)); !started)
        return join_failed(started.why());
    table_.autosave();  // the last game is kept, or was discarded: the autosave is the new game's now
    say(said + (ui_.message.empty() ? "" : "; " + ui_.message));
    begin_play();
}

// The network game from the command line.
Expected<void> GameScreen::start_network(const saves::Record* autosaved) {
    if (options_.host_at) {
        bool fresh = false;
        const net::HostConfig hc = host_config(options_, table_.seats().seat(0).kind(),
                                               table_.seats().seat(1).kind(), autosaved, match(), fresh);
        if (fresh) {
            say("the last game was not a network match in progress: a new one", true);
            table_.set_match(Match(match().settings()));
        }
        Expected<void> hosting = table_.host(hc);
        if (hosting) kind_ = GameKind::Peer;
        if (hosting && !fresh && autosaved && autosaved->network)
            table_.restore_chat(autosaved->network->chat);
        return hosting;
    }
    if (options_.join_to) {
        if (autosaved && !autosaved->match_id.empty()) {  // --resume: the match this joiner holds
            net_held_ = autosaved->match;
            net_held_id_ = autosaved->match_id;
            if (autosaved->network) net_held_chat_ = autosaved->network->chat;
            if (options_.code.empty() && autosaved->network) options_.code = autosaved->network->code;
            if (options_.join_seat.name.empty()) {
                const int local = autosaved->seats[0].kind == SeatKind::Remote ? 1 : 0;
                options_.join_seat.name = autosaved->match.name(local);
            }
        }
        if (!options_.code.empty()) {
            connect(options_.code);
            if (!table_.networked()) return Failure{exit_message_};
        }
    }
    return {};
}

void GameScreen::connect(const std::string& code) {
    const Expected<void> joined =
        table_.join(join_config(options_, code, net_held_, net_held_id_), options_.join_seat);
    if (!joined) return join_failed(joined.why());
    kind_ = GameKind::Peer;
    table_.restore_chat(std::exchange(net_held_chat_, {}));  // the chat of the match held (--resume)
}

Expected<void> GameScreen::join(const net::JoinConfig& config, const SeatSpec& local_seat) {
    Expected<void> joined = table_.join(config, local_seat);
    if (joined) kind_ = config.watch ? GameKind::Watching : GameKind::Served;
    return joined;
}

void GameScreen::ask_code() {
    ui_.entry = join_code_entry(
        *options_.join_to, [this](const std::string& code) { connect(code); },
        [this](const std::string& why) {
            say(why, true);
            ask_code();
        },
        [this] { leave(); });
}

void GameScreen::join_failed(const std::string& why, bool wrong_code) {
    // A wrong code typed or given with --code: the player gives another (the host's limit on wrong codes
    // still holds), and nothing ends.
    if (wrong_code && screen_open_ && options_.join_to) {
        say(why + ": check the code on the host's screen and type it again", true);
        return ask_code();
    }
    exit_status_ = 1;
    exit_message_ = why;
    if (!screen_open_) return;         // prepare() returns it: the program ends before the screen opens
    nav_.set_exit(exit_status_, why);  // the reason also goes to the terminal the player started from
    ui_.entry.reset();
    say(why, true);
    ask(refused_question(why, [this] { leave(); }));
    leave_at_ = now() + refused_hold_ms;
}

void GameScreen::enter(Millis) {
    screen_open_ = true;
    set_ascii(overlays_.ascii());
    if (!settings_problem_.empty())
        say((ui_.message.empty() ? "" : ui_.message + ". ") + settings_problem_, true);
    // Other copies playing here, other games waiting (choose_slot): said first, in the place of the hint.
    if (!start_note_.empty()) say(ui_.message.empty() ? start_note_ : ui_.message + "; " + start_note_);
    if (!resume_choices_.empty()) {
        ask_which_game();  // --resume with several unfinished games: play begins once one is chosen
    } else if (last_game_) {
        ask_last_game();  // play begins once the player has said what becomes of the last game
        if (!settings_problem_.empty()) say(ui_.message + " (" + settings_problem_ + ")");
        if (!start_note_.empty()) say(ui_.message + " (" + start_note_ + ")");
    } else {
        begin_play();
    }
    open_at_start();
    table_.pace_from_now();
}

void GameScreen::begin_play() {
    if (ui_.message.empty() && options_.join_to)
        say("The host's screen shows a join code (like 7QK-M4X): type it below and press Enter.");
    if (ui_.message.empty())
        say("Type a move (like W3B2) and press Enter, or press an arrow key for the cursor; ? shows every "
            "key.");
    if (!table_.networked() && !options_.join_to) table_.start_clock();  // a session runs its own
    if (options_.join_to && !table_.networked()) ask_code();
    // A match saved while a finished round's question was open (quitting with q there) asks it again.
    if (!table_.networked() && match().game().over() && match().phase() != MatchPhase::Over) {
        table_.round_end_handled();
        if (table_.ask_round_question()) say(ui_.message + ". " + ui_.question->text + ".");
    }
    table_.pace_from_now();
}

std::string GameScreen::close(Millis) {
    table_.cancel_seats();
    teacher_.stop();
    table_.leave();
    if (lobby_) lobby_->closed();      // whatever ends it: the lobby tells it nothing more
    if (exit_status_ != 0) return "";  // the shell says why on stderr
    if (options_.served) return "";    // the lobby under it says what there is to say when the program ends
    if (options_.puzzles) return "";   // the game was never shown: its autosave is left alone
    if (!resume_choices_.empty())      // --resume's question was not answered: every game stays
        return "gobblet: the unfinished games are left as they were; " + shell_word(options_.program) +
               " --resume asks again which goes on\n";
    if (table_.records().autosave_held())  // the question at the start was not answered: the last game stays
        return "gobblet: the last game is still in " + autosave_file_.string() + "; " +
               shell_word(options_.program) + " --resume continues it\n";
    table_.autosave();
    const Match& m = match();
    if (m.game().moves().empty() && m.rounds().size() == 1) return "";
    if (m.phase() == MatchPhase::Over && !table_.records().archive_path().empty())
        return "gobblet: the finished " + std::string(m.single_game() ? "game" : "match") + " is kept in " +
               table_.records().archive_path() + "\n";
    const std::filesystem::path path = table_.records().autosave_path();
    // "Saved" only of what is on disk as written: else a copy goes to the saves, and says so.
    if (!table_.records().autosave_intact()) {
        const std::string why = !table_.records().autosave_error().empty() ? table_.records().autosave_error()
                                : path.empty()                             ? "no autosave"
                                               : path.string() + " was changed by another program";
        const Expected<std::string> kept = table_.records().save_copy();
        if (!kept)
            return "gobblet: the game could not be autosaved (" + why + ") nor kept: " + kept.why() + "\n";
        return "gobblet: the game could not be autosaved (" + why + "); it is kept in " + *kept + ", and " +
               shell_word(options_.program) + " --load " + shell_word(*kept) + " opens it\n";
    }
    // A network game goes on as it was played: the command says how, host or joiner, and runs as printed.
    if (const std::optional<saves::NetworkPlace> place = table_.network_place())
        return "gobblet: the game is saved in " + path.string() + "; " +
               network_resume_command(options_.program, *place) + " continues it" +
               (place->host
                    ? " (the other player joins again with the code " + net::code_text(place->code) + ")"
                    : " with the host") +
               "\n";
    // With other unfinished games about, --resume asks which one goes on.
    bool others = false;
    for (const saves::SlotState& s : saves::autosave_slots(path.parent_path()))
        others = others || (s.number != table_.records().slot_number() && s.unfinished());
    return "gobblet: the game is saved in " + path.string() + "; " + shell_word(options_.program) +
           " --resume continues it" + (others ? " (it asks which, as other games are unfinished)" : "") +
           "\n";
}

}  // namespace gobblet::ui
