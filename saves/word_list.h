// Grabble's word lists from files: the system's lists by name (Debian's wamerican and its sizes, in
// /usr/share/dict), or any file a player names. The file is read here, bounded in size and kind
// (read_file); what is a word, and the index, are engine/grabble/lexicon.h's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string_view>

#include "engine/expected.h"
#include "engine/grabble/lexicon.h"

namespace gobblet::saves {

// The largest word list file read: four times the largest Debian list (american-english-huge, 3.5 MB).
constexpr std::uintmax_t max_word_list_bytes = 16u << 20;

// Where the system's word lists are, and the ones the game uses by default: the Debian package
// wamerican's list, and, for the easy computer's common words, wamerican-small's.
constexpr std::string_view dict_dir = "/usr/share/dict";
constexpr std::string_view default_word_list = "american-english";
constexpr std::string_view common_word_list = "american-english-small";

// The file of a list: a bare name (american-english-huge, british-english, words) is a file in
// dict_dir; a name with a '/' in it is a path, as given.
std::filesystem::path word_list_path(std::string_view name);
// A word list's text, or why it cannot be read: the path and the reason, with what to do when a
// system list is missing (the package that has it, or --words FILE).
Expected<std::string> read_word_list_text(const std::filesystem::path& path);
// A list read and indexed, or why not ("american-english-huge: the word list is empty: ...").
Expected<grabble::Lexicon> load_word_list(std::string_view name);
// Marks the words of `lexicon` that are also in the common list (common_word_list); returns how many,
// or the reason the common list cannot be read (the lexicon then has no common words).
Expected<std::size_t> mark_common_words(grabble::Lexicon& lexicon);
// What a game plays with: the list read and indexed, its common words marked when the common list can be
// read (without it the easy computer falls back to short words: engine/grabble/robot.h), shared by the
// game, the computers and the clues.
Expected<std::shared_ptr<const grabble::Lexicon>> load_game_word_list(std::string_view name);
// The largest of Debian's American English lists that is installed (huge, large, the default, small),
// for the benchmark; american-english-huge's path when none is (reading it then says what to install).
std::filesystem::path largest_word_list();

}  // namespace gobblet::saves
