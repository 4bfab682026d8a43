// Text that must fit a box (issue 33, item 17): a cut says so at its end, lines break between a line's
// parts, a row takes its briefest form that fits, and a long entry shows what is typed (ui/text.h).
#include <catch2/catch.hpp>

#include "ui/text.h"

using namespace gobblet::ui;

namespace {
const std::string mark = "\u2026";
}

TEST_CASE("a text cut to a width says so at its end, after whole words where it can", "[text-fit]") {
    CHECK(elide("q quit", 10) == "q quit");                  // fits: as it is
    CHECK(elide("q quit   ", 6) == "q quit");                // only spaces past the width: nothing lost
    CHECK(elide("? help   q quit", 10) == "? help" + mark);  // never "? help   q": a word cut looks whole
    CHECK(text_width(elide("? help   q quit", 10)) <= 10);
    CHECK(elide("remote computer", 10) == "remote" + mark);
    // A single long word: cut in it (still marked).
    CHECK(elide("abcdefghijklmnop", 8) == "abcdefg" + mark);
    CHECK(elide("Liam wins the match 2-1", 22) == "Liam wins the match" + mark);
    CHECK(elide("ab", 1) == mark);
    CHECK(elide("ab", 0).empty());
    CHECK(elide("a\x1b[2Jb", 20) == "a[2Jb");      // control characters dropped, as fit() drops them
    CHECK(elide("word word", 5, "$") == "word$");  // the ASCII mark
    CHECK(elide("\u00e9t\u00e9 \u00e9t\u00e9 \u00e9t\u00e9", 8) == "\u00e9t\u00e9 \u00e9t\u00e9" + mark);
}

TEST_CASE("lines break between parts first, then at spaces", "[text-fit]") {
    const std::string status = "Eamon (Black) to move    PAUSED: p resumes    computer thinking...";
    const auto lines = wrap_parts(status, "    ", 42);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "Eamon (Black) to move    PAUSED: p resumes");  // 42 columns
    CHECK(lines[1] == "computer thinking...");
    CHECK(wrap_parts(status, "    ", 200) == std::vector<std::string>{status});
    // A part longer than a line is wrapped at its spaces.
    const auto answers = wrap_parts("k keep this one in your saves   d drop it", "   ", 20);
    REQUIRE(answers.size() == 3);
    CHECK(answers[0] == "k keep this one in");
    CHECK(answers[1] == "your saves");
    CHECK(answers[2] == "d drop it");
    for (const auto& l : wrap_parts("a   b   c   d", "   ", 5)) CHECK(text_width(l) <= 5);
    CHECK(wrap_parts("", "   ", 10) == std::vector<std::string>{""});
}

TEST_CASE("lines kept to a number: the last takes the rest, for put_text to cut with its mark",
          "[text-fit]") {
    std::vector<std::string> lines = {"one", "two", "three"};
    keep_lines(lines, 2);
    CHECK(lines == std::vector<std::string>{"one", "two three"});
    keep_lines(lines, 5);
    CHECK(lines.size() == 2);
}

TEST_CASE("a row takes the first of its forms that fits", "[text-fit]") {
    const std::vector<std::string> forms = {"MaxBot (remote computer)  <", "MaxBot (remote)  <", "MaxBot  <"};
    CHECK(first_fit(forms, 40) == forms[0]);
    CHECK(first_fit(forms, 20) == forms[1]);
    CHECK(first_fit(forms, 10) == forms[2]);
    CHECK(first_fit(forms, 3) == forms[2]);  // none fits: the briefest, for the mark
}

TEST_CASE("an entry longer than its line shows its end", "[text-fit]") {
    const std::string name(100, 'x');
    const EntryView v = entry_view("Save as (a name for the file)", name + "END", false, 79);
    CHECK(v.line.rfind("Save as: <", 0) == 0);
    CHECK(v.line.ends_with("xEND"));
    CHECK(text_width(v.line) <= 78);
    CHECK(v.cursor == text_width(v.line));
}
