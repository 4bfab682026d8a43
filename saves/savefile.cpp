#include "savefile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>

namespace gobblet::saves {

namespace fs = std::filesystem;

namespace {

std::string trim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// An XDG base folder: the variable if it holds an absolute path (the spec says to ignore relative
// ones), else $HOME/<fallback>.
fs::path xdg_dir(const char* variable, const char* fallback) {
    if (const char* v = std::getenv(variable); v && *v == '/') return fs::path(v);
    if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / fallback;
    return {};
}

std::string timestamp(const char* format) {
    std::time_t t = std::time(nullptr);
    std::tm local{};
    localtime_r(&t, &local);
    char buf[64];
    std::strftime(buf, sizeof buf, format, &local);
    return buf;
}

}  // namespace

Header read_header(std::string_view text) {
    Header h;
    std::istringstream in{std::string(text)};
    std::string line;
    while (std::getline(in, line)) {
        std::string t = trim(line);
        if (t.empty()) continue;
        if (t[0] != '%' && t[0] != '#') break;  // the header ends where the moves begin
        t = trim(std::string_view(t).substr(1));
        const std::size_t colon = t.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = lower(trim(std::string_view(t).substr(0, colon)));
        const std::string value = trim(std::string_view(t).substr(colon + 1));
        if (key == "rules") {
            if (auto r = parse_rules(lower(value))) h.rules = r;
        } else if (key == "size") {
            if (value == "4" || value == "4x4") h.size = 4;
            if (value == "3" || value == "3x3") h.size = 3;
        } else if (key == "date") {
            h.date = value;
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

std::string now_text() { return timestamp("%Y-%m-%d %H:%M"); }

Variant choose_variant(const Header& h, const VariantChoice& forced) {
    Variant v;
    v.rules = forced.rules.value_or(h.rules.value_or(Rules::Official));
    v.size = forced.size.value_or(h.size.value_or(4));
    return v;
}

Loaded load_text(std::string_view text, const VariantChoice& forced) {
    Loaded out{Game(choose_variant(read_header(text), forced)), std::nullopt};
    out.error = out.game.play_transcript(text);
    return out;
}

std::string read_file(const fs::path& path, std::string& text) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) return "cannot read " + path.string() + ": it is a folder";
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot read " + path.string() + ": " + std::strerror(errno);
    std::ostringstream buf;
    buf << in.rdbuf();
    if (in.bad()) return "cannot read " + path.string() + ": read error";
    text = buf.str();
    return {};
}

std::string write_file(const fs::path& path, std::string_view text) {
    const auto fail = [&path](const std::string& what) {
        return "cannot write " + path.string() + ": " + what;
    };
    std::error_code ec;
    const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    fs::create_directories(dir, ec);
    if (ec) return fail(ec.message());
    if (fs::is_directory(path, ec)) return fail("it is a folder");

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

fs::path autosave_path() {
    fs::path dir = state_dir();
    return dir.empty() ? dir : dir / "autosave.txt";
}

fs::path new_save_path() {
    const fs::path dir = saves_dir();
    if (dir.empty()) return dir;
    const std::string stem = "game-" + timestamp("%Y%m%d-%H%M%S");
    fs::path p = dir / (stem + ".txt");
    std::error_code ec;
    for (int i = 2; fs::exists(p, ec); ++i) p = dir / (stem + "-" + std::to_string(i) + ".txt");
    return p;
}

}  // namespace gobblet::saves
