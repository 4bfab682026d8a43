// Grabble's word lists: what the index keeps and leaves out of untrusted text (engine/grabble/lexicon.h),
// and reading lists from files, the system's by name (saves/word_list.h).
#include "engine/grabble/lexicon.h"

#include <filesystem>
#include <fstream>

#include "saves/word_list.h"
#include "support.h"

using namespace gobblet::grabble;
namespace saves = gobblet::saves;
using gobblet::test::TempDir;

namespace {

Lexicon build(std::string_view text) {
    auto lx = Lexicon::build(text);
    REQUIRE(lx);
    return std::move(lx).take();
}

void write(const std::string& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

}  // namespace

TEST_CASE("a word list keeps words of a to z, one a line", "[grabble][lexicon]") {
    const Lexicon lx = build("cat\nact\r\n  dog \n\nteacups\n");
    CHECK(lx.size() == 4);
    CHECK(lx.find("cat"));
    CHECK(lx.find("dog"));
    CHECK(lx.find("teacups"));
    CHECK_FALSE(lx.find("tac"));
    CHECK_FALSE(lx.find("CAT"));  // the index is lower case: the rules fold what players type
    CHECK_FALSE(lx.find(""));
    CHECK_FALSE(lx.find(std::string(40, 'a')));
    CHECK(lx.report().summary() == "4 words");
    CHECK(lx.report().lines == 4);
    // Indexed by length, in the list's order within a length.
    CHECK(lx.first_of_length(3) == 0);
    CHECK(lx.first_of_length(4) == 3);
    CHECK(lx.word(0) == "cat");
    CHECK(lx.word(1) == "act");
    CHECK(lx.word(3) == "teacups");
    CHECK(lx.first_of_length(max_word_letters + 1) == 4);
    const Lexicon::Index cat = *lx.find("cat");
    CHECK(lx.length(cat) == 3);
    CHECK(lx.counts(cat) == Counts::of("tac"));
    CHECK(lx.signature(cat) == Counts::of("cat").signature());
}

TEST_CASE("names, apostrophes and other characters are left out and counted in one line",
          "[grabble][lexicon]") {
    const Lexicon lx = build("Ali\nNASA\nAA's\ncat's\ncat\ncafé\nx-ray\nice cream\n2nd\ncat\n" +
                             std::string(33, 'z') + "\n" + std::string(32, 'y') + "\n");
    const ListReport& r = lx.report();
    CHECK(r.words == 2);
    CHECK(r.capitals == 3);
    CHECK(r.apostrophes == 1);
    CHECK(r.other == 4);
    CHECK(r.repeated == 1);
    CHECK(r.too_long == 1);
    CHECK(
        r.summary() ==
        "2 words; 10 lines left out: 3 with capitals, 1 with apostrophes, 4 with other characters, 1 longer "
        "than 32 letters, 1 repeated");
    CHECK(lx.find(std::string(32, 'y')));
}

TEST_CASE("the seed's anagram list is read too: sorted letters, a tab, the word", "[grabble][lexicon]") {
    const Lexicon lx = build("abbeglr\tgrabble\nact\tcat\nact\tact\ncat\ttac\nabc\tcab\tx\ndog\n");
    CHECK(lx.find("grabble"));
    CHECK(lx.find("cat"));
    CHECK(lx.find("act"));
    CHECK(lx.find("dog"));  // a plain line among them
    CHECK_FALSE(lx.find("tac"));
    CHECK(lx.report().mismatched == 1);
    CHECK(lx.report().other == 1);  // "cab\tx": the word has a tab in it
    CHECK(lx.size() == 4);
}

TEST_CASE("an empty word list, or one without a word of a to z, is refused", "[grabble][lexicon]") {
    CHECK(Lexicon::build("").why() == "the word list is empty: it needs one word a line");
    CHECK(Lexicon::build("\n\n  \r\n").why() == "the word list is empty: it needs one word a line");
    CHECK(Lexicon::build("Ali\nBala\n").why() ==
          "the word list has no words of the letters a to z (0 words; 2 lines left out: 2 with capitals)");
    const std::string binary(
        "\x7f"
        "ELF\x02\x01\x01\0\0\0",
        10);
    CHECK_FALSE(Lexicon::build(binary));
}

TEST_CASE("a byte-order mark and a last line without a newline are read", "[grabble][lexicon]") {
    const Lexicon lx = build(
        "\xEF\xBB\xBF"
        "cat\ndog");
    CHECK(lx.find("cat"));
    CHECK(lx.find("dog"));
}

TEST_CASE("common words are those also in the common list", "[grabble][lexicon]") {
    Lexicon lx = build("cat\ncatsup\nteacups\ndog\n");
    CHECK(lx.common_count() == 0);
    CHECK(lx.mark_common(build("dog\ncat\nzebra\n")) == 2);
    CHECK(lx.common(*lx.find("cat")));
    CHECK(lx.common(*lx.find("dog")));
    CHECK_FALSE(lx.common(*lx.find("catsup")));
}

TEST_CASE("a word list file that cannot be read says why and what to do", "[grabble][lexicon]") {
    TempDir dir;
    const auto missing = saves::load_word_list(dir / "none.txt");
    CHECK(missing.why() == "cannot read " + (dir / "none.txt") + ": No such file or directory");
    CHECK(saves::load_word_list(dir.path.string() + "/").why().find("it is a folder") != std::string::npos);
    write(dir / "empty.txt", "");
    CHECK(saves::load_word_list(dir / "empty.txt").why() ==
          dir / "empty.txt" + ": the word list is empty: it needs one word a line");
    // A file far larger than any list is refused before it is read.
    {
        std::ofstream big(dir / "big.txt");
        big.seekp(std::streamoff(saves::max_word_list_bytes) + 1);
        big << 'x';
    }
    CHECK(saves::load_word_list(dir / "big.txt").why() ==
          "cannot read " + (dir / "big.txt") +
              ": it is 16777218 bytes, more than the 16777216 (16 MiB) a word "
              "list may hold");
    // A system list by name, not installed: the package that has it.
    const auto absent =
        saves::read_word_list_text(saves::word_list_path("british-english-insane-nonexistent"));
    CHECK(absent.why().ends_with("; give a word list file with --words FILE"));
    CHECK(saves::word_list_path("american-english") == "/usr/share/dict/american-english");
    CHECK(saves::word_list_path("./mine.txt") == "./mine.txt");
}

TEST_CASE("a missing Debian list names its package", "[grabble][lexicon]") {
    if (std::filesystem::exists("/usr/share/dict/british-english-insane"))
        return;  // (installed: nothing to say)
    CHECK(saves::read_word_list_text(saves::word_list_path("british-english-insane")).why() ==
          "cannot read /usr/share/dict/british-english-insane: No such file or directory; install it (sudo "
          "apt-get install wbritish-insane) or give a word list file with --words FILE");
}

TEST_CASE("the default Debian list loads, and its common words are marked", "[grabble][lexicon]") {
    // make test installs wamerican and wamerican-small (the Makefile's RUN_PKGS).
    auto lx = saves::load_word_list(saves::default_word_list);
    REQUIRE(lx);
    CHECK(lx->size() > 50000);
    CHECK(lx->find("teacups"));
    CHECK(lx->find("grab"));
    CHECK(lx->report().capitals > 0);
    CHECK(lx->report().summary().find(" with capitals") != std::string::npos);
    const auto common = saves::mark_common_words(*lx);
    REQUIRE(common);
    CHECK(*common > 30000);
    CHECK(*common < lx->size());
    CHECK(lx->common(*lx->find("cat")));
}

TEST_CASE("a word list file is read and indexed", "[grabble][lexicon]") {
    TempDir dir;
    write(dir / "words.txt", "cat\nAli\ndog\n");
    const auto lx = saves::load_word_list(dir / "words.txt");
    REQUIRE(lx);
    CHECK(lx->size() == 2);
    CHECK(lx->report().summary() == "2 words; 1 line left out: 1 with capitals");
}

TEST_CASE("a list of more than a million words is refused, not indexed without bound", "[grabble][lexicon]") {
    std::string text;
    text.reserve(6 * (max_lexicon_words + 1));
    for (std::size_t i = 0; i <= max_lexicon_words; ++i) {
        std::size_t n = i;
        for (int c = 0; c < 5; ++c, n /= 26) text += char('a' + n % 26);
        text += '\n';
    }
    CHECK(Lexicon::build(text).why() == "the word list has more than 1000000 words; choose a smaller list");
    text.resize(6 * max_lexicon_words);  // exactly the most
    CHECK(Lexicon::build(text)->size() == max_lexicon_words);
}
