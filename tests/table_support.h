// What a table reports (ui/table.h's TableReport), recorded as a screen would have shown it, for the
// tests of the table and of its parts (tests/test_table.cpp, tests/test_table_link.cpp); its questions are
// answered as a player's key would.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "support.h"
#include "ui/table.h"

namespace gobblet::test {

using ui::Question;

// The moves of a game as a line: "W3B2 K1C3".
inline std::string line_of(const Game& g) {
    Game replay(g.variant());
    std::string out;
    for (Move m : g.moves()) {
        out += (out.empty() ? "" : " ") + move_name(m, replay.side_to_move());
        REQUIRE(replay.play(m));
    }
    return out;
}

// What the table reported, as a screen would have shown it.
struct Recorder : ui::TableReport {
    struct Notice {
        std::string text;
        bool error;
    };
    std::vector<Notice> notices;
    std::optional<Question> question;
    std::vector<std::string> asked;  // every question's text, in order
    int cancelled = 0, moves = 0, rounds_over = 0, quits = 0;
    std::string failed;
    bool code_refused = false;  // ... and it was the code

    void notice(std::string text, bool error) override { notices.push_back({std::move(text), error}); }
    void ask(Question q) override {
        asked.push_back(q.text);
        question = std::move(q);
    }
    void withdraw_question() override { question.reset(); }
    bool question_open() const override { return question.has_value(); }
    void seats_cancelled() override { ++cancelled; }
    void moved() override { ++moves; }
    void round_over() override { ++rounds_over; }
    void join_failed(const std::string& why, bool wrong_code) override {
        failed = why;
        code_refused = wrong_code;
    }
    void quit() override { ++quits; }

    std::string last() const { return notices.empty() ? "(nothing said)" : notices.back().text; }
    bool said(const std::string& part) const {
        for (const Notice& n : notices)
            if (n.text.find(part) != std::string::npos) return true;
        return false;
    }
    // The key names of the open question's answers ("s o").
    std::string keys() const {
        std::string out;
        for (const auto& a : question->answers)
            out += (out.empty() ? "" : " ") + std::string(1, char(a.key.code));
        return out;
    }
    // A player presses `key` at the open question: its answer acts (the screen closes the question first).
    void answer(int key) {
        REQUIRE(question);
        for (const Question::Answer& a : question->answers)
            if (a.key.code == key) {
                const auto act = a.act;
                question.reset();
                act();
                return;
            }
        FAIL("the question has no answer " << char(key) << ": " << keys());
    }
};

}  // namespace gobblet::test
