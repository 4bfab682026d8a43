// The engine protocol (docs/protocol.md): framing, every command, and every way a command can fail.
#include <sys/stat.h>

#include <map>
#include <random>
#include <set>
#include <sstream>

#include "engine/movegen.h"
#include "engine/protocol.h"
#include "engine/version.h"
#include "fuzz/targets.h"
#include "saves/transcript_store.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// The player of the protocol tests: searches end on a node limit or the ticking fake clock, not real
// time, so that no answer depends on the machine's speed.
PlayerSettings test_player() {
    PlayerSettings s = ticking(PlayerSettings{Level::Easy, 0.05, 1});
    s.max_nodes = 5000;
    return s;
}

// A protocol session over the real file store, with a temporary folder for its files.
struct Session {
    TempDir dir;
    saves::FileStore store;
    Protocol protocol{Variant{}, test_player(), store};
    std::string operator()(const std::string& line) { return protocol.handle(line); }
    // A file in the session's folder, with the given text.
    std::string file(const std::string& name, const std::string& text) {
        std::ofstream(dir / name, std::ios::binary) << text;
        return dir / name;
    }
};

}  // namespace

TEST_CASE("protocol: replies are '=' or '?', with the id, and end in an empty line", "[protocol]") {
    Session s;
    CHECK(s("protocol_version") == "= 2\n\n");
    CHECK(s("7 protocol_version") == "=7 2\n\n");
    CHECK(s("12 nonsense") == "?12 unknown command\n\n");
    CHECK(s("clear_board") == "=\n\n");
}

TEST_CASE("protocol: empty lines and comments are ignored, names are case-insensitive", "[protocol]") {
    Session s;
    CHECK(s("") == "");
    CHECK(s("   ") == "");
    CHECK(s("# a comment") == "");
    CHECK(s("NAME") == "= gobblet\n\n");
    CHECK(s("Play w3b2 # White opens") == "=\n\n");
    CHECK(s("\tto_move\r") == "= black\n\n");
}

TEST_CASE("protocol: name, version, known_command and list_commands", "[protocol]") {
    Session s;
    CHECK(s("name") == "= gobblet\n\n");
    CHECK(s("version") == "= " + std::string(program_version) + "\n\n");  // debian/changelog's
    CHECK(s("known_command genmove") == "= true\n\n");
    CHECK(s("known_command fly") == "= false\n\n");
    CHECK(s("known_command GENMOVE") == "= true\n\n");
    CHECK(s("help fly") == "? unknown command 'fly': list_commands names them all\n\n");
    CHECK(s("help perft") == "= perft N: leaf positions N plies ahead (N from 0 to 10)\n\n");
    const std::string list = s("list_commands");
    // clang-format off
    for (const char* c : {"protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
                          "rules", "clear_board", "play", "genmove", "reg_genmove", "undo", "legal_moves", "to_move",
                          "result", "showboard", "loadtranscript", "savetranscript", "time_settings", "time_left",
                          "resign", "offer_draw", "level", "perft", "help", "analyze"}) {
        // clang-format on
        CHECK(list.find(std::string(c) + "\n") != std::string::npos);
        CHECK(s(std::string("known_command ") + c) == "= true\n\n");
    }
}

TEST_CASE("protocol: quit answers and ends the session", "[protocol]") {
    Session s;
    CHECK_FALSE(s.protocol.done());
    CHECK(s("3 quit") == "=3\n\n");
    CHECK(s.protocol.done());
}

TEST_CASE("protocol: run stops at quit or at the end of input with status 0", "[protocol]") {
    saves::FileStore store;
    Protocol p(Variant{}, PlayerSettings{}, store);
    std::istringstream in("name\nquit\nname\n");
    std::ostringstream out;
    CHECK(p.run(in, out) == 0);
    CHECK(out.str() == "= gobblet\n\n=\n\n");
    Protocol q(Variant{}, PlayerSettings{}, store);
    std::istringstream eof("to_move");
    std::ostringstream out2;
    CHECK(q.run(eof, out2) == 0);
    CHECK(out2.str() == "= white\n\n");
}

TEST_CASE("protocol: boardsize starts a new game of that size", "[protocol]") {
    Session s;
    s("play W1A1");
    CHECK(s("boardsize 3") == "=\n\n");
    CHECK(s.protocol.game().variant().size == 3);
    CHECK(s.protocol.game().moves().empty());
    CHECK(s("boardsize 5") == "? unacceptable size: boardsize is 3 or 4\n\n");
    CHECK(s("boardsize") == "? unacceptable size: boardsize is 3 or 4\n\n");
    CHECK(s.protocol.game().variant().size == 3);
}

TEST_CASE("protocol: rules selects the rule set and starts a new game", "[protocol]") {
    Session s;
    s("play W1A1");
    CHECK(s("rules rogers") == "=\n\n");
    CHECK(s.protocol.game().variant().rules == Rules::Rogers);
    CHECK(s.protocol.game().moves().empty());
    CHECK(s("rules OFFICIAL") == "=\n\n");
    CHECK(s.protocol.game().variant().rules == Rules::Official);
    CHECK(s("rules house") == "? unknown rules: use rules official or rules rogers\n\n");
}

TEST_CASE("protocol: clear_board keeps size and rules", "[protocol]") {
    Session s;
    s("boardsize 3");
    s("rules rogers");
    s("play W1B2");
    CHECK(s("clear_board") == "=\n\n");
    CHECK(s.protocol.game().moves().empty());
    CHECK(s.protocol.game().variant() == Variant{3, Rules::Rogers});
}

TEST_CASE("protocol: play plays for the side to move and says why a move is illegal", "[protocol]") {
    Session s;
    CHECK(s("play W3B2") == "=\n\n");
    CHECK(s("play black K1C3") == "=\n\n");
    CHECK(s("play white c3-b2") == "? illegal move: the piece on C3 is Black's\n\n");
    CHECK(s("play black W1A1") == "? it is White's turn\n\n");
    CHECK(s("play w XA1") == "=\n\n");
    CHECK(s("play K2A1") == "? illegal move: A1 holds a piece of the same size\n\n");
    CHECK(s("play purple K2A2") ==
          "? cannot read the move: purple: not a move: a move is an origin and a square, like W3B2, XB2 or "
          "C2A2\n\n");
    CHECK(s("play") == "? play needs a move, like play W3B2\n\n");
    CHECK(s("play K2A2 W1A3") == "? play takes one move; use loadtranscript for a whole game\n\n");
    CHECK(s("play K2A") ==
          "? cannot read the move: K2A: not a square: squares are a row A-D and a column 1-4, like B2\n\n");
    CHECK(s.protocol.game().moves().size() == 3);
}

TEST_CASE("protocol: a finished game refuses further moves", "[protocol]") {
    Session s;
    for (const char* m : {"W1A1", "K1D1", "W1A2", "K1D2", "W1A3", "K1D3", "W2A4"})
        REQUIRE(s(std::string("play ") + m) == "=\n\n");
    CHECK(s("result") == "= white\n\n");
    CHECK(s("play K2B2") == "? illegal move: the game is over (White wins: four in a row on row A)\n\n");
    CHECK(s("genmove") == "? the game is over (White wins: four in a row on row A)\n\n");
    CHECK(s("legal_moves") == "=\n\n");
}

TEST_CASE("protocol: genmove plays a legal move and answers it in canonical form", "[protocol]") {
    Session s;
    const std::string reply = s("genmove");
    REQUIRE(reply.size() == 8);
    CHECK(reply.substr(0, 2) == "= ");
    CHECK(s.protocol.game().moves().size() == 1);
    CHECK(move_name(s.protocol.game().moves()[0], Color::White) == reply.substr(2, 4));
    CHECK(s("genmove white") == "? it is Black's turn\n\n");
    CHECK(s("genmove green") == "? unknown colour 'green': use white or black\n\n");
    CHECK(s("genmove black").substr(0, 2) == "= ");
}

TEST_CASE("protocol: genmove takes a win in one", "[protocol]") {
    Session s;
    for (const char* m : {"W1A1", "K1D1", "W1A2", "K1D2", "W1A3", "K1C4"}) s(std::string("play ") + m);
    const std::string reply = s("genmove");
    CHECK(s("result") == "= white\n\n");
    CHECK(reply.substr(4, 2) == "A4");
}

TEST_CASE("protocol: reg_genmove answers without playing", "[protocol]") {
    Session s;
    const std::string reply = s("reg_genmove");
    CHECK(reply.substr(0, 2) == "= ");
    CHECK(s.protocol.game().moves().empty());
    CHECK(s("reg_genmove black") == "? it is White's turn\n\n");
}

TEST_CASE("protocol: undo takes back the last move", "[protocol]") {
    Session s;
    CHECK(s("undo") == "? cannot undo: no move has been played\n\n");
    s("play W1A1");
    s("play K1D4");
    CHECK(s("undo") == "=\n\n");
    CHECK(s("to_move") == "= black\n\n");
    CHECK(s.protocol.game().moves().size() == 1);
}

TEST_CASE("protocol: legal_moves lists every move, canonical and sorted", "[protocol]") {
    Session s;
    s("boardsize 3");
    const std::string reply = s("legal_moves");
    CHECK(reply.rfind("= W1A1 W1A2 W1A3 W1B1", 0) == 0);
    CHECK(std::count(reply.begin(), reply.end(), ' ') == 27);
    s("play W1B2");
    const std::string black = s("legal_moves");
    CHECK(black.find("K1B2") == std::string::npos);  // a 3 cannot gobble a 3
    CHECK(black.find("K2A1") != std::string::npos);
}

TEST_CASE("protocol: to_move and result follow the game", "[protocol]") {
    Session s;
    CHECK(s("to_move") == "= white\n\n");
    CHECK(s("result") == "= none\n\n");
    for (const char* m : {"W1A1", "K1D4", "A1A2", "D4D3", "A2A1", "D3D4", "A1A2", "D4D3", "A2A1", "D3D4"})
        s(std::string("play ") + m);
    CHECK(s("result") == "= draw\n\n");
    s("clear_board");
    for (const char* m : {"W1A1", "K1D1", "W1A2", "K1D2", "W1B3", "K1D3", "W1C4", "K2D4"})
        s(std::string("play ") + m);
    CHECK(s("result") == "= black\n\n");
}

TEST_CASE("protocol: showboard prints the position and the state", "[protocol]") {
    Session s;
    s("play W3B2");
    CHECK(s("showboard") ==
          "=\n"
          "  1     2     3     4\n"
          "A .     .     .     .\n"
          "B .     W4    .     .\n"
          "C .     .     .     .\n"
          "D .     .     .     .\n"
          "White stacks: W1 [4 3 2 1]  W2 [4 3 2 1]  W3 [3 2 1]\n"
          "Black stacks: K1 [4 3 2 1]  K2 [4 3 2 1]  K3 [4 3 2 1]\n"
          "Black to move\n\n");
}

TEST_CASE("protocol: loadtranscript plays a whole game or changes nothing", "[protocol]") {
    Session s;
    const std::string liam = s.file("liam.txt", fixture("liam-white--eamon-black.txt"));
    s("play W1A1");
    CHECK(s("loadtranscript " + liam) ==
          "? line 4: K2B3: official rules: a new piece may gobble only a piece in a row of three; the "
          "transcript is "
          "legal under the rogers rules: use rules rogers\n\n");
    CHECK(s.protocol.game().moves().size() == 1);
    CHECK(s("rules rogers") == "=\n\n");
    CHECK(s("loadtranscript " + liam) == "=\n\n");
    CHECK(s.protocol.game().moves().size() == 38);
    CHECK(s("to_move") == "= white\n\n");
    CHECK(s("loadtranscript " + (s.dir / "missing.txt")) ==
          "? cannot read " + (s.dir / "missing.txt") + ": No such file or directory\n\n");
    CHECK(s("loadtranscript") == "? loadtranscript needs a file name\n\n");
    CHECK(s.protocol.game().moves().size() == 38);
}

TEST_CASE("protocol: loadtranscript restores the rules and size a save file names", "[protocol]") {
    Session s;
    CHECK(s("loadtranscript " + s.file("jr.txt", "% rules: rogers\n% size: 3\nW3A1\nK1A1\n")) == "=\n\n");
    CHECK(s.protocol.game().variant() == Variant{3, Rules::Rogers});
    CHECK(s.protocol.game().moves().size() == 2);
}

TEST_CASE("protocol: savetranscript writes the game as a save file", "[protocol]") {
    Session s;
    s("play w3-b2");
    s("play XC3");
    CHECK(s("savetranscript " + (s.dir / "out.txt")) == "=\n\n");
    const std::string saved = read_text(s.dir / "out.txt");
    CHECK(saved.rfind("% gobblet game\n% rules: official\n% size: 4\n% date: ", 0) == 0);
    CHECK(saved.substr(saved.size() - 10) == "W3B2\nK1C3\n");
    s.file("file", "");
    CHECK(s("savetranscript " + (s.dir / "file/out.txt")) ==
          "? cannot write " + (s.dir / "file/out.txt") + ": Not a directory\n\n");
    CHECK(s("savetranscript") == "? savetranscript needs a file name\n\n");
}

TEST_CASE("protocol: savetranscript and loadtranscript round-trip, rules and size included", "[protocol]") {
    Session s;
    s("boardsize 3");
    s("rules rogers");
    s("play W3A1");
    s("play K1A1");
    CHECK(s("savetranscript " + (s.dir / "game.txt")) == "=\n\n");
    Session t;
    CHECK(t("loadtranscript " + (s.dir / "game.txt")) == "=\n\n");
    CHECK(t.protocol.game().variant() == Variant{3, Rules::Rogers});
    CHECK(t.protocol.game().position() == s.protocol.game().position());
}

TEST_CASE("protocol: loadtranscript refuses a device, a pipe, a huge file and a non-transcript",
          "[protocol][limits]") {
    Session s;
    s("play W1A1");
    CHECK(s("loadtranscript /dev/zero") == "? cannot read /dev/zero: it is a device, not a regular file\n\n");
    const std::string fifo = s.dir / "pipe";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(s("loadtranscript " + fifo) == "? cannot read " + fifo + ": it is a pipe, not a regular file\n\n");
    const std::string big = s.file("big.txt", "");
    std::filesystem::resize_file(big, 100u << 20);
    CHECK(s("loadtranscript " + big) == "? cannot read " + big +
                                            ": it is 104857600 bytes, more than the 1048576 (1 MiB) a save "
                                            "file may hold\n\n");
    // A file that is not a transcript: the message quotes no more than a short excerpt of it.
    const std::string passwd = s.file("passwd", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/:/bin/sh\n");
    CHECK(s("loadtranscript " + passwd) ==
          "? line 1: root:x:0:0:ro...: not a move: a move is an origin and a square, like W3B2, XB2 or "
          "C2A2\n\n");
    CHECK(s.protocol.game().moves().size() == 1);  // nothing changed
}

TEST_CASE("protocol: savetranscript replaces only a regular file, never a link or a pipe",
          "[protocol][limits]") {
    Session s;
    s("play W1A1");
    const std::string target = s.file("precious.txt", "keep\n");
    const std::string link = s.dir / "link.txt";
    std::filesystem::create_symlink(target, link);
    CHECK(s("savetranscript " + link) ==
          "? cannot write " + link + ": it is a symbolic link; only a regular file is replaced\n\n");
    CHECK(std::filesystem::is_symlink(link));
    CHECK(read_text(target) == "keep\n");
    const std::string fifo = s.dir / "pipe";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(s("savetranscript " + fifo) ==
          "? cannot write " + fifo + ": it is a pipe; only a regular file is replaced\n\n");
    CHECK(std::filesystem::is_fifo(fifo));
}

// What time_settings and time_left do to the clock is tested in test_protocol_clock.cpp; here, what they
// refuse: anything but plain decimal numbers (nan and inf used to pass, and a nan budget never ends).
TEST_CASE("protocol: time_settings and time_left read plain numbers only, never nan or inf", "[protocol]") {
    Session s;
    const std::string bad =
        "? time_settings needs three non-negative numbers: main time, byo-yomi time, stones\n\n";
    for (const char* args : {"0 -1 1", "0 x 1", "0 1", "0 1 1 1", "0 nan 1", "0 inf 1", "nan 0 0", "0 1e3 1",
                             "0 0x10 1", "0 1 nan", "1e999 0 0", "0 +5 1"}) {
        INFO(args);
        CHECK(s(std::string("time_settings ") + args) == bad);
        CHECK_FALSE(s.protocol.clock().limited());
    }
    CHECK(s("time_settings 0 5 1") == "=\n\n");
    const Millis left = s.protocol.clock().left(Color::White);
    for (const char* args : {"white nan 0", "white inf 0", "white -1 0", "white 1e3 0", "white 5 nan"}) {
        INFO(args);
        CHECK(s(std::string("time_left ") + args) ==
              "? time_left needs a colour, the seconds left and the stones left: time_left white 30 0\n\n");
        CHECK(s.protocol.clock().left(Color::White) == left);
    }
}

TEST_CASE("protocol: level selects the computer's strength", "[protocol]") {
    Session s;
    const auto level = [&s] { return s.protocol.player_settings().level; };
    CHECK(s("level max") == "=\n\n");
    CHECK(level() == Level::Max);
    CHECK(s("level hard") == "=\n\n");
    CHECK(level() == Level::Hard);
    CHECK(s("level MEDIUM") == "=\n\n");
    CHECK(level() == Level::Medium);
    CHECK(s("level easy") == "=\n\n");
    CHECK(level() == Level::Easy);
    CHECK(s("level godlike") == "? unknown level: use easy, medium, hard or max\n\n");
    CHECK(level() == Level::Easy);
}

TEST_CASE("protocol: a line longer than 4 KiB ends the session without being read whole",
          "[protocol][limits]") {
    saves::FileStore store;
    Protocol p(Variant{}, PlayerSettings{}, store);
    std::istringstream in("name\n" + std::string(1000000, 'x') + "\nname\n");
    std::ostringstream out;
    CHECK(p.run(in, out) == 1);
    CHECK(out.str() ==
          "= gobblet\n\n? the line is longer than 4096 characters, the most a command may hold; the session "
          "ends\n\n");
    CHECK(in.tellg() < 10000);  // it stopped reading soon after the limit
    // The longest line allowed is still a command.
    Protocol q(Variant{}, PlayerSettings{}, store);
    std::istringstream longest("name" + std::string(max_command_bytes - 4, ' ') + "\n");
    std::ostringstream out2;
    CHECK(q.run(longest, out2) == 0);
    CHECK(out2.str() == "= gobblet\n\n");
}

TEST_CASE("protocol: perft counts leaves from the current position", "[protocol]") {
    Session s;
    CHECK(s("perft 3") == "= 10080\n\n");
    s("play W1A1");
    Position p = s.protocol.game().position();
    CHECK(s("perft 2") == "= " + std::to_string(perft(p, 2)) + "\n\n");
    CHECK(s("perft 11") == "? perft needs a depth from 0 to 10\n\n");
    CHECK(s("perft x") == "? perft needs a depth from 0 to 10\n\n");
}

TEST_CASE("protocol: a malformed id is refused", "[protocol]") {
    Session s;
    CHECK(s("12x name") == "? a command starts with an optional number id and a command name\n\n");
    CHECK(s("12") == "?12 missing command name after the id\n\n");
}

TEST_CASE("protocol: random bytes never crash it and every reply is well formed", "[protocol][fuzz]") {
    std::mt19937 rng(4242);
    const std::vector<std::string> words = {"play",
                                            "genmove",
                                            "undo",
                                            "boardsize",
                                            "rules",
                                            "perft",
                                            "level",
                                            "loadtranscript",
                                            "showboard",
                                            "W1A1",
                                            "K2B3",
                                            "C2A2",
                                            "3",
                                            "4",
                                            "rogers",
                                            "white",
                                            "black",
                                            "12",
                                            "#",
                                            "\t",
                                            "time_settings",
                                            "-1"};
    fuzz::DisklessStore store;
    auto fresh = [&store] {
        return std::make_unique<Protocol>(Variant{}, ticking(PlayerSettings{Level::Easy, 0.01, 3}), store);
    };
    auto protocol = fresh();
    for (int i = 0; i < 3000; ++i) {
        std::string line;
        const int parts = int(rng() % 5);
        for (int k = 0; k < parts; ++k) {
            if (rng() % 3 == 0) {
                const int len = int(rng() % 8);
                for (int b = 0; b < len; ++b) line += char(rng() & 0xFF);
            } else {
                line += words[rng() % words.size()];
            }
            line += ' ';
        }
        if (line.find("perft") != std::string::npos) continue;  // deep perft is a benchmark, not a fuzz case
        const std::string reply = protocol->handle(line);
        if (reply.empty()) continue;
        CHECK((reply[0] == '=' || reply[0] == '?'));
        CHECK(reply.size() >= 3);
        CHECK(reply.substr(reply.size() - 2) == "\n\n");
        CHECK(reply.substr(0, reply.size() - 2).find("\n\n") == std::string::npos);
        if (protocol->done()) protocol = fresh();
    }
}

TEST_CASE("protocol: genmove never plays an illegal move, at any level, size or rule set",
          "[protocol][.slow]") {
    std::mt19937 rng(77);
    int checked = 0;
    for (int trial = 0; trial < 120; ++trial) {
        Session s;
        s(trial % 3 == 2 ? "boardsize 3" : "boardsize 4");
        s(trial % 2 ? "rules rogers" : "rules official");
        s(std::string("level ") + level_name(Level(trial % 4)));
        // A random position: random legal moves through the protocol itself.
        const int plies = int(rng() % 20);
        for (int i = 0; i < plies && s("result") == "= none\n\n"; ++i) {
            MoveList moves;
            s.protocol.game().legal_moves(moves);
            s("play " + move_name(moves[int(rng() % moves.size())], s.protocol.game().side_to_move()));
        }
        if (s("result") != "= none\n\n") continue;
        const std::string legal = s("legal_moves");
        const std::string reply = s("genmove");
        REQUIRE(reply.substr(0, 2) == "= ");
        const std::string move = reply.substr(2, 4);
        INFO("genmove answered " << move << " with legal moves " << legal);
        CHECK(legal.find(move) != std::string::npos);
        ++checked;
    }
    CHECK(checked >= 80);
}

TEST_CASE("protocol: analyze answers the best lines, one a line, with the score in words and numbers",
          "[protocol][analysis]") {
    Session s;
    CHECK(s("play W1A1") == "=\n\n");
    CHECK(s("play K1D1") == "=\n\n");
    CHECK(s("play W1A2") == "=\n\n");
    CHECK(s("play K1D2") == "=\n\n");
    CHECK(s("play W1A3") == "=\n\n");
    CHECK(s("play K1D3") == "=\n\n");
    // The two wins in one first (either order), then the best of the rest: depth 3, since the search goes
    // on until every line is proven or the depth is reached.
    const std::string reply = s("analyze lines 3 depth 3");
    INFO(reply);
    REQUIRE(reply.rfind("=\n", 0) == 0);
    std::istringstream in(reply.substr(2));
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l) && !l.empty();) lines.push_back(l);
    REQUIRE(lines.size() == 3);
    const std::vector<std::string> wins = {lines[0], lines[1]};
    CHECK(std::count(wins.begin(), wins.end(), "1. White wins in 1 (mate +1), depth 3: W1A4") +
              std::count(wins.begin(), wins.end(), "2. White wins in 1 (mate +1), depth 3: W1A4") ==
          1);
    CHECK(std::count(wins.begin(), wins.end(), "1. White wins in 1 (mate +1), depth 3: W2A4") +
              std::count(wins.begin(), wins.end(), "2. White wins in 1 (mate +1), depth 3: W2A4") ==
          1);
    CHECK(lines[2].rfind("3. ", 0) == 0);
    // Analysing changes nothing.
    CHECK(s("to_move") == "= white\n\n");
    CHECK(s("result") == "= none\n\n");
}

TEST_CASE("protocol: analyze on an open position gives depth, score and a legal line",
          "[protocol][analysis]") {
    Session s;
    const std::string reply = s("7 analyze depth 2");
    INFO(reply);
    REQUIRE(reply.rfind("=7\n1. ", 0) == 0);
    CHECK(reply.find("(cp ") != std::string::npos);
    CHECK(reply.find(", depth 2: W") != std::string::npos);
    CHECK(reply.find("\n2. ") == std::string::npos);  // one line unless asked
    CHECK(reply.substr(reply.size() - 2) == "\n\n");
    CHECK(s("analyze lines 5 time 0.05").rfind("=\n1. ", 0) == 0);
}

TEST_CASE("protocol: analyze on 3x3 gives the solved values", "[protocol][analysis]") {
    Session s;
    CHECK(s("boardsize 3") == "=\n\n");
    const std::string reply = s("analyze lines 2");
    INFO(reply);
    CHECK(reply.rfind("=\n1. White wins in 7 (mate +7), solved: ", 0) == 0);
    CHECK(reply.find("\n2. White wins in 7 (mate +7), solved: ") != std::string::npos);
}

TEST_CASE("protocol: analyze refuses bad arguments and a finished game", "[protocol][analysis]") {
    Session s;
    CHECK(s("analyze lines 0") == "? analyze: lines takes a number from 1 to 5\n\n");
    CHECK(s("analyze lines 6") == "? analyze: lines takes a number from 1 to 5\n\n");
    CHECK(s("analyze lines") == "? analyze: lines takes a number from 1 to 5\n\n");
    CHECK(s("analyze depth 0") == "? analyze: depth takes a number of plies from 1 to 99\n\n");
    CHECK(s("analyze depth 2.5") == "? analyze: depth takes a number of plies from 1 to 99\n\n");
    CHECK(s("analyze time -1") == "? analyze: time takes seconds, more than 0 and at most 3600\n\n");
    CHECK(s("analyze depth 3 time 1") == "? analyze: give a depth or a time, not both\n\n");
    CHECK(s("analyze deeply") ==
          "? analyze takes lines K, depth D or time T, like analyze lines 3 depth 8\n\n");
    for (const char* m : {"W1A1", "K1D1", "W1A2", "K1D2", "W1A3", "K1D3", "W2A4"})
        s(std::string("play ") + m);
    CHECK(s("analyze depth 2") == "? the game is over (White wins: four in a row on row A)\n\n");
}

TEST_CASE("protocol: every command has a line of help and a row in docs/protocol.md", "[protocol][docs]") {
    // The test runs from the top of the checkout, as make test runs it.
    const std::string doc = read_text(std::filesystem::path("docs") / "protocol.md");
    std::set<std::string> documented;  // the first word of each row of the command table
    std::istringstream lines(doc);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("| `", 0) == 0) {
            const std::size_t end = line.find_first_of(" `", 3);
            documented.insert(line.substr(3, end - 3));
        }
    Session s;
    for (const Protocol::CommandInfo& c : Protocol::commands()) {
        INFO(c.name);
        CHECK(documented.count(std::string(c.name)) == 1);
        CHECK_FALSE(c.help.empty());
        CHECK(s("known_command " + std::string(c.name)) == "= true\n\n");
        CHECK(s("help " + std::string(c.name)) ==
              "= " + std::string(c.name) + " " + std::string(c.help) + "\n\n");
    }
    // And the other way: a documented command is one the protocol answers.
    for (const std::string& name : documented) {
        INFO(name);
        CHECK(s("known_command " + name) == "= true\n\n");
    }
}
