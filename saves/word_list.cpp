#include "saves/word_list.h"

#include <system_error>

#include "saves/savefile.h"

namespace gobblet::saves {

namespace fs = std::filesystem;

namespace {

// The Debian package of each list in dict_dir, for the message when one is missing.
std::string_view package_of(std::string_view file) {
    constexpr std::pair<std::string_view, std::string_view> packages[] = {
        {"american-english", "wamerican"},
        {"american-english-small", "wamerican-small"},
        {"american-english-large", "wamerican-large"},
        {"american-english-huge", "wamerican-huge"},
        {"american-english-insane", "wamerican-insane"},
        {"british-english", "wbritish"},
        {"british-english-small", "wbritish-small"},
        {"british-english-large", "wbritish-large"},
        {"british-english-huge", "wbritish-huge"},
        {"british-english-insane", "wbritish-insane"},
        {"canadian-english", "wcanadian"},
    };
    for (const auto& [name, package] : packages)
        if (name == file) return package;
    return {};
}

}  // namespace

fs::path word_list_path(std::string_view name) {
    if (name.find('/') != std::string_view::npos) return fs::path(name);
    return fs::path(dict_dir) / name;
}

Expected<std::string> read_word_list_text(const fs::path& path) {
    auto text = read_file(path, max_word_list_bytes, "(16 MiB) a word list");
    if (text) return text;
    std::string why = text.why();
    std::error_code ec;
    if (path.parent_path() == fs::path(dict_dir) && !fs::exists(path, ec)) {
        const std::string_view package = package_of(path.filename().string());
        why += package.empty() ? std::string("; give a word list file with --words FILE")
                               : "; install it (sudo apt-get install " + std::string(package) +
                                     ") or give a word list file with --words FILE";
    }
    return Failure{why};
}

Expected<grabble::Lexicon> load_word_list(std::string_view name) {
    const fs::path path = word_list_path(name);
    const auto text = read_word_list_text(path);
    if (!text) return Failure{text.why()};
    auto lexicon = grabble::Lexicon::build(*text);
    if (!lexicon) return Failure{path.string() + ": " + lexicon.why()};
    return lexicon;
}

Expected<std::size_t> mark_common_words(grabble::Lexicon& lexicon) {
    const auto common = load_word_list(common_word_list);
    if (!common) return Failure{common.why()};
    return lexicon.mark_common(*common);
}

Expected<std::shared_ptr<const grabble::Lexicon>> load_game_word_list(std::string_view name) {
    auto lexicon = load_word_list(name);
    if (!lexicon) return Failure{lexicon.why()};
    (void)mark_common_words(*lexicon);  // no common list: no word is common, which the robots allow for
    return std::make_shared<const grabble::Lexicon>(std::move(lexicon).take());
}

fs::path largest_word_list() {
    for (std::string_view name :
         {"american-english-huge", "american-english-large", "american-english", "american-english-small"}) {
        const fs::path p = word_list_path(name);
        std::error_code ec;
        if (fs::is_regular_file(p, ec)) return p;
    }
    return word_list_path("american-english-huge");
}

}  // namespace gobblet::saves
