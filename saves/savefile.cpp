#include "savefile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "engine/dates.h"
#include "engine/text.h"

namespace gobblet::saves {

namespace fs = std::filesystem;

namespace {

// An XDG base folder: the variable if it holds an absolute path (the spec says to ignore relative
// ones), else $HOME/<fallback>.
fs::path xdg_dir(const char* variable, const char* fallback) {
    if (const char* v = std::getenv(variable); v && *v == '/') return fs::path(v);
    if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / fallback;
    return {};
}

// What a file that is not a regular file is ("a folder", "a symbolic link", "a device", ...); nothing for
// a regular file.
std::optional<std::string> irregular_kind(mode_t mode) {
    if (S_ISREG(mode)) return std::nullopt;
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISLNK(mode)) return "a symbolic link";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISFIFO(mode)) return "a pipe";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

// write_file's temporary names for the files the program writes: ".NAME.txt." (or the settings'
// ".settings.") and mkstemp's six letters or digits.
bool is_temporary_name(std::string_view name) {
    constexpr std::string_view tail = ".txt.", settings = ".settings.";
    constexpr std::size_t random = 6;
    const bool of_settings =
        name.size() == settings.size() + random && name.substr(0, settings.size()) == settings;
    const bool of_txt = name.size() >= 1 + 1 + tail.size() + random && name.front() == '.' &&
                        name.substr(name.size() - random - tail.size(), tail.size()) == tail;
    if (!of_settings && !of_txt) return false;
    for (char c : name.substr(name.size() - random))
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    return true;
}

}  // namespace

Header read_header(std::string_view text) {
    Header h;
    while (!text.empty()) {
        const std::size_t nl = std::min(text.find('\n'), text.size());
        const std::string_view line = text.substr(0, nl);
        text.remove_prefix(std::min(nl + 1, text.size()));
        if (line.size() > max_line_bytes) break;  // not a transcript: load_text will say so
        std::string_view t = trim(line);
        if (t.empty()) continue;
        if (t[0] != '%' && t[0] != '#') break;  // the header ends where the moves begin
        t = trim(t.substr(1));
        const std::size_t colon = t.find(':');
        if (colon == std::string_view::npos) continue;
        const std::string key = lower(trim(t.substr(0, colon)));
        const std::string_view value = trim(t.substr(colon + 1));
        if (key == "rules") {
            if (auto r = parse_rules(lower(value))) h.rules = r;
        } else if (key == "size") {
            if (value == "4" || value == "4x4") h.size = 4;
            if (value == "3" || value == "3x3") h.size = 3;
        } else if (key == "date") {
            h.date = std::string(value);
        }
    }
    return h;
}

std::string save_text(const Game& game, std::string_view date) {
    std::string out = "% gobblet game\n";
    out += std::string("% rules: ") + rules_name(game.variant().rules) + "\n";
    out += "% size: " + std::to_string(game.variant().size) + "\n";
    if (!date.empty()) out += "% date: " + std::string(date) + "\n";
    if (game.over())
        out += "% result: " + result_text(game.result(), game.variant().size, game.side_to_move()) + "\n";
    return out + transcript_text(game.moves());
}

std::string now_text() { return date_text(std::time(nullptr), DateForm::Plain, Zone::Local); }

Variant choose_variant(const Header& h, const VariantChoice& forced) {
    Variant v;
    v.rules = forced.rules.value_or(h.rules.value_or(Rules::Official));
    v.size = forced.size.value_or(h.size.value_or(4));
    return v;
}

Expected<Game, TranscriptError> load_text(std::string_view text, const VariantChoice& forced) {
    Game game(choose_variant(read_header(text), forced));
    if (auto played = game.play_transcript(text); !played) return Failure{played.why()};
    return game;
}

Expected<std::string> read_file(const fs::path& path) {
    return read_file(path, max_file_bytes, "(1 MiB) a save file");
}

Expected<std::string> read_file(const fs::path& path, std::uintmax_t max_bytes, std::string_view limit) {
    const auto fail = [&path](const std::string& why) {
        return Failure{"cannot read " + path.string() + ": " + why};
    };
    // The type and size first, from the name: a device or a pipe is never even opened.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return fail(std::strerror(errno));
    if (const auto kind = irregular_kind(st.st_mode))
        return fail(*kind == "a folder" ? "it is a folder" : "it is " + *kind + ", not a regular file");
    // O_NONBLOCK: should the name have become a pipe since, opening it must not wait for a writer.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return fail(std::strerror(errno));
    std::string out;
    std::string why;
    if (::fstat(fd, &st) != 0) {
        why = std::strerror(errno);
    } else if (const auto kind = irregular_kind(st.st_mode)) {
        why = "it is " + *kind + ", not a regular file";
    } else if (std::uintmax_t(st.st_size) > max_bytes) {
        why = "it is " + std::to_string(st.st_size) + " bytes, more than the " + std::to_string(max_bytes) +
              " " + std::string(limit) + " may hold";
    } else {
        // Never more than the limit, even if the file grew since fstat.
        out.reserve(std::size_t(st.st_size));
        char buf[1 << 16];
        for (;;) {
            const ssize_t n = ::read(fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                if (n < 0) why = std::strerror(errno);
                break;
            }
            if (out.size() + std::size_t(n) > max_bytes) {
                why = "it grew past the " + std::to_string(max_bytes) + " bytes " + std::string(limit) +
                      " may hold";
                break;
            }
            out.append(buf, std::size_t(n));
        }
    }
    ::close(fd);
    if (!why.empty()) return fail(why);
    return out;
}

Expected<void> write_file(const fs::path& path, std::string_view text) {
    const auto fail = [&path](const std::string& what) {
        return Failure{"cannot write " + path.string() + ": " + what};
    };
    std::error_code ec;
    const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    fs::create_directories(dir, ec);
    if (ec) return fail(ec.message());
    // Only a regular file is replaced: the rename below would put a file in the place of a link, a
    // device or a pipe, which is never what the user meant.
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
        if (const auto kind = irregular_kind(st.st_mode))
            return fail(*kind == "a folder" ? "it is a folder"
                                            : "it is " + *kind + "; only a regular file is replaced");
    }

    std::string tmp = (dir / ("." + path.filename().string() + ".XXXXXX")).string();
    const int fd = mkstemp(tmp.data());
    if (fd < 0) return fail(std::strerror(errno));
    fchmod(fd, 0644);
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            ::unlink(tmp.c_str());
            return fail(why);
        }
        done += std::size_t(n);
    }
    // Flush to disk before the rename, so that a crash leaves the old file or the new one, never half.
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmp.c_str());
        return fail(why);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmp.c_str());
        return fail(why);
    }
    return {};
}

int remove_stale_temporaries(const fs::path& dir, fs::file_time_type now, std::chrono::seconds min_age) {
    int removed = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!is_temporary_name(name) || !it->is_regular_file(ec) || it->is_symlink(ec)) continue;
        const auto changed = it->last_write_time(ec);
        if (ec || now - changed < min_age) continue;
        if (fs::remove(it->path(), ec)) ++removed;
        ec.clear();
    }
    return removed;
}

void remove_stale_temporaries() {
    const auto now = fs::file_time_type::clock::now();
    // The folders the program writes: the autosave's (Gobblet's, and Grabble's in its own: grabble_record.h),
    // the named saves' and the finished games' (record.h), the one they are in (puzzle progress:
    // saves/puzzles.h) and the settings'.
    const fs::path saves = saves_dir(), state = state_dir();
    const fs::path data = saves.empty() ? saves : saves.parent_path();
    for (const fs::path& dir : {state, state.empty() ? state : state / "grabble", saves,
                                data.empty() ? data : data / "games", data, config_dir()})
        if (!dir.empty()) remove_stale_temporaries(dir, now);
}

fs::path state_dir() {
    fs::path base = xdg_dir("XDG_STATE_HOME", ".local/state");
    return base.empty() ? base : base / "gobblet";
}

fs::path saves_dir() {
    fs::path base = xdg_dir("XDG_DATA_HOME", ".local/share");
    return base.empty() ? base : base / "gobblet" / "saves";
}

fs::path data_dir() {
    fs::path base = xdg_dir("XDG_DATA_HOME", ".local/share");
    return base.empty() ? base : base / "gobblet";
}

fs::path config_dir() {
    fs::path base = xdg_dir("XDG_CONFIG_HOME", ".config");
    return base.empty() ? base : base / "gobblet";
}

fs::path autosave_path() {
    fs::path dir = state_dir();
    return dir.empty() ? dir : dir / "autosave.txt";
}

}  // namespace gobblet::saves
