#include "settings.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <system_error>

#include "engine/match.h"
#include "engine/text.h"
#include "savefile.h"

namespace gobblet::saves {

namespace {

// The longest a reported line is quoted (the message must fit the screen).
constexpr std::size_t quoted_chars = 40;
constexpr std::string_view heading =
    "# gobblet settings: the game's menu (m) writes them; flags on the command line win\n";

std::optional<bool> parse_switch(std::string_view v) {
    for (std::string_view on : {"on", "yes", "true", "1"})
        if (v == on) return true;
    for (std::string_view off : {"off", "no", "false", "0"})
        if (v == off) return false;
    return std::nullopt;
}

// One `key = value` line split in two (both trimmed and the key lowered); nullopt for a line that is
// not one.
struct KeyValue {
    std::string key;
    std::string value;
    std::string raw;  // the value as written (Grabble's names and paths keep their case)
};
std::optional<KeyValue> split(std::string_view line) {
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) return std::nullopt;
    const std::string_view raw = trim(line.substr(eq + 1));
    KeyValue kv{lower(trim(line.substr(0, eq))), lower(raw), std::string(raw)};
    if (kv.key.empty()) return std::nullopt;
    return kv;
}

bool comment_or_blank(std::string_view line) {
    const std::string_view t = trim(line);
    return t.empty() || t.front() == '#';
}

// The file's lines, without their line ends ('\r' too).
std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    while (!text.empty()) {
        const std::size_t nl = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, nl);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        out.push_back(line);
        text.remove_prefix(std::min(nl + 1, text.size()));
    }
    return out;
}

// Stores `value` for `key` when it is good for it, else says why not; a key unknown to this version is
// the caller's to skip.
Expected<void> apply(Settings& s, const std::string& key, const std::string& value) {
    if (key == "level") {
        const auto l = parse_level(value);
        if (!l) return Failure{"not a level: use easy, medium, hard or max"};
        s.level = l;
    } else if (key == "think") {
        const auto t = parse_seconds(value);
        if (!t || *t < min_think_seconds || *t > max_think_seconds)
            return Failure{"not a think time: seconds from 0.01 to 3600, like 1 or 2.5"};
        s.think = t;
    } else if (key == "seek") {
        if (value.empty() || value.size() > max_seek_setting || clean_text(value, max_seek_setting) != value)
            return Failure{"not a seek's terms: printable words, like official 4 3m+2s first-to 1 casual"};
        s.seek = value;
    } else if (key == "speed") {
        if (std::find(speed_names.begin(), speed_names.end(), value) == speed_names.end())
            return Failure{"not a speed: use fast, normal or slow"};
        s.speed = value;
    } else {
        const auto b = parse_switch(value);
        if (!b) return Failure{"not a switch: use on or off"};
        if (key == "coach") s.coach = b;
        if (key == "color") s.color = b;
        if (key == "ascii") s.ascii = b;
        if (key == "bell") s.bell = b;
    }
    return {};
}

// The Grabble field a key names ("grabble-blanks": "blanks"), or empty.
std::string_view grabble_field(std::string_view key) {
    for (std::string_view f : grabble::choice_fields)
        if (key == grabble_key(f)) return f;
    return {};
}

bool known(std::string_view key) {
    return std::find(setting_keys.begin(), setting_keys.end(), key) != setting_keys.end() ||
           !grabble_field(key).empty();
}

}  // namespace

std::string SettingsProblem::message() const {
    return "line " + std::to_string(line) + ": " + text + ": " + why + "; ignored";
}

ParsedSettings parse_settings(std::string_view text) {
    ParsedSettings out;
    int number = 0;
    for (const std::string_view line : lines_of(text)) {
        ++number;
        if (comment_or_blank(line)) continue;
        const auto problem = [&](std::string why) {
            std::string quoted = clean_text(line, quoted_chars);
            if (clean_text(line, quoted_chars + 1).size() > quoted.size()) quoted += "...";
            out.problems.push_back({number, quoted, std::move(why)});
        };
        const auto kv = split(line);
        if (!kv) {
            problem("not a setting: write key = value, like level = hard");
            continue;
        }
        if (!known(kv->key)) continue;  // a setting of another version: kept, never reported
        if (const std::string_view field = grabble_field(kv->key); !field.empty()) {
            const Level level = out.settings.level.value_or(Level::Medium);
            if (const Expected<void> set = grabble::set_choice(out.settings.grabble, field, kv->raw, level);
                !set)
                problem(set.why());
            continue;
        }
        if (const Expected<void> applied = apply(out.settings, kv->key, kv->value); !applied)
            problem(applied.why());
    }
    return out;
}

std::string grabble_key(std::string_view field) { return "grabble-" + std::string(field); }

std::string switch_text(bool on) { return on ? "on" : "off"; }

std::string seconds_text(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", seconds);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

std::string set_setting(std::string_view text, std::string_view key, std::string_view value) {
    const std::string line = std::string(key) + " = " + std::string(value);
    std::string out;
    bool written = false;
    for (const std::string_view l : lines_of(text)) {
        if (!comment_or_blank(l))
            if (const auto kv = split(l); kv && kv->key == key) {
                if (!written) out += line + "\n";  // the first line of the key: replaced in place
                written = true;
                continue;  // a later one: dropped, so that the file says one thing
            }
        out += std::string(l) + "\n";
    }
    if (out.empty()) out = heading;
    if (!written) out += line + "\n";
    return out;
}

std::filesystem::path settings_path() {
    const std::filesystem::path dir = config_dir();
    return dir.empty() ? dir : dir / "settings";
}

Expected<ParsedSettings> read_settings() {
    const std::filesystem::path path = settings_path();
    std::error_code ec;
    if (path.empty() || !std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
        return ParsedSettings{};
    const Expected<std::string> text = read_file(path);
    if (!text) return Failure{text.why()};
    return parse_settings(*text);
}

Expected<void> save_setting(std::string_view key, std::string_view value) {
    const std::filesystem::path path = settings_path();
    if (path.empty()) return Failure{"cannot keep settings: neither XDG_CONFIG_HOME nor HOME is set"};
    std::string text;
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
        // A file that cannot be read is never replaced: what it holds would be lost.
        Expected<std::string> held = read_file(path);
        if (!held) return Failure{held.why() + " (so it is not rewritten)"};
        text = std::move(held).take();
    }
    return write_file(path, set_setting(text, key, value));
}

}  // namespace gobblet::saves
