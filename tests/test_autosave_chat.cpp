// A network game's chat log in its autosave (saves/record.h's NetworkPlace::chat; issue 33, item 16): the
// lines go and come back as they were, cleaned as any text from a file, the newest max_saved_chat kept,
// and never in a save (saved_text) or without the network place they belong to.
#include "saves/record.h"
#include "support.h"

using namespace gobblet;

namespace {

saves::Record read_back(const std::string& text) {
    const Expected<saves::Record, TranscriptError> r = saves::read_record(text);
    INFO(text);
    REQUIRE(r);
    return *r;
}

}  // namespace

TEST_CASE("the chat log goes into a network game's autosave and comes back", "[saves][record][chat]") {
    Match m(MatchSettings{}, {"Liam", "Eamon"});
    REQUIRE(m.play(test::written_moves("W1A1")[0].spec, 0));
    const std::array<SeatSpec, 2> seats = {SeatSpec{}, SeatSpec{SeatKind::Remote, "", std::nullopt}};
    saves::NetworkPlace place{true, "127.0.0.1:7000", "ABCD5678", {"Eamon: good luck", "you: you too"}};
    const std::string text = saves::record_text(m, seats, nullptr, "2026-11-29 10:00", "m1", {}, &place);
    CHECK(text.find("% chat: Eamon: good luck\n% chat: you: you too\n") != std::string::npos);
    const saves::Record r = read_back(text);
    REQUIRE(r.network);
    CHECK(r.network->chat == std::vector<std::string>{"Eamon: good luck", "you: you too"});
    // A save is shared: neither the place nor the chat goes into it.
    const std::string saved = saves::saved_text(r);
    CHECK(saved.find("% chat:") == std::string::npos);
    CHECK(saved.find("% network:") == std::string::npos);
}

TEST_CASE("a chat line read from a file is cleaned and bounded, the newest kept", "[saves][record][chat]") {
    std::string text = "% gobblet game\n% network: join 127.0.0.1:7000\n% join code: ABCD5678\n";
    text +=
        "% chat: Eamon: \x1b[31mred\x1b[0m and \xe2\x80\xae"
        "backwards\n";        // escapes, a bidi override
    text += "% chat:    \n";  // nothing to keep
    for (std::size_t i = 0; i < saves::max_saved_chat + 5; ++i)
        text += "% chat: line " + std::to_string(i) + "\n";
    text += "% chat: " + std::string(5000, 'x') + "\n";
    text += "W1A1\n";
    const saves::Record r = read_back(text);
    REQUIRE(r.network);
    const std::vector<std::string>& chat = r.network->chat;
    REQUIRE(chat.size() == saves::max_saved_chat);
    for (const std::string& line : chat) {
        CHECK(line.find('\x1b') == std::string::npos);
        CHECK(line.size() <= saves::max_saved_chat_line);
    }
    CHECK(chat.front() == "line 6");  // the oldest went first: the escaped line, lines 0 to 5
    CHECK(chat.back() == std::string(saves::max_saved_chat_line, 'x'));
    // Chat lines without the place they belong to are no autosave of a network game.
    CHECK_FALSE(saves::read_record("% gobblet game\n% chat: hello\nW1A1\n"));
}
