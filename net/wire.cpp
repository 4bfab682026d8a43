#include "wire.h"

#include <algorithm>
#include <array>
#include <utility>

#include "engine/notation.h"
#include "fields.h"

namespace gobblet::net {

namespace {

constexpr int max_state = 1'000'000'000;
constexpr int max_number = 100'000;
constexpr std::int64_t max_away = 1'000'000'000'000LL;  // ms: thirty years

using namespace fields;  // the readers' tools (net/fields.h)

Color colour(std::string_view w) {
    if (w == "white") return Color::White;
    if (w == "black") return Color::Black;
    bad("expected white or black, not " + shown(w));
}

Square square(std::string_view w) {
    if (w.size() != 2 || w[0] < 'A' || w[0] > 'D' || w[1] < '1' || w[1] > '4')
        bad("not a square: " + shown(w));
    return make_square(w[0] - 'A', w[1] - '1');
}

std::string move(std::string_view w) {
    const Expected<std::vector<WrittenMove>, TextError> p = parse_moves(w);
    if (!p || p->size() != 1 || p->front().spec.kind == MoveSpec::From::MoverStack ||
        spec_name(p->front().spec) != w)
        bad("not a move in canonical notation: " + shown(w));
    return std::string(w);
}

std::string hex16(std::string_view w, const char* what) {
    if (w.size() != 16) bad(std::string(what) + ": expected 16 hex digits");
    for (char c : w)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            bad(std::string(what) + ": expected 16 hex digits");
    return std::string(w);
}

OfferKind offer_kind(std::string_view w) {
    const auto k = std::find(std::begin(offer_words), std::end(offer_words), w);
    if (k == std::end(offer_words)) bad("unknown offer " + shown(w));
    return OfferKind(k - std::begin(offer_words));
}

GameClock::State clock_state(std::string_view text) {
    const auto s = GameClock::parse_state(text);
    if (!s) bad("clock: " + s.why());
    return *s;
}

std::optional<GameClock::State> optional_clock(Words& w) {
    if (w.done()) return std::nullopt;
    return clock_state(w.rest());
}

// The readers, one per message: its fields after the verb. The shared messages' (Ping, Pong, Bye, Error)
// are fields.h's, found through Tag.

Hello read(Tag<Hello>, std::string_view, Words& w) {
    Hello h;
    if (w.next() != "gobblet") bad("hello: not a gobblet player");
    h.version = small(w.next(), 0, 999, "hello: version");
    if (h.version < oldest_protocol_version || h.version > protocol_version)
        return h;  // the session answers in words both sides read
    h.code = std::string(w.next());
    if (h.code.size() < 4 || h.code.size() > 32) bad("hello: the code has 4 to 32 letters and digits");
    for (char c : h.code)
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            bad("hello: the code has 4 to 32 letters and digits");
    const std::string_view holds = w.next();
    h.holds = holds == "new" ? std::string("new") : hex16(holds, "hello: match id");
    if (w.done()) bad("hello: no name");
    h.name = clean_name(w.rest());
    return h;
}

Welcome read(Tag<Welcome>, std::string_view, Words& w) {
    Welcome m;
    m.match_id = hex16(w.next(), "welcome: match id");
    const std::string_view you = w.next();
    m.you = you == "watch" ? -1 : small(you, 0, 1, "welcome: player");
    m.settings.variant.size = small(w.next(), 3, 4, "welcome: size");
    const auto rules = parse_rules(w.next());
    if (!rules) bad("welcome: unknown rules");
    m.settings.variant.rules = *rules;
    m.settings.first_to = small(w.next(), 1, max_first_to, "welcome: first-to");
    const auto clock = parse_clock_settings(w.rest());
    if (w.done() || !clock) bad("welcome: clock settings: " + clock.why());
    m.settings.clock = *clock;
    return m;
}

WelcomeTerms read(Tag<WelcomeTerms>, std::string_view, Words& w) {
    if (w.next() != "help") bad("terms: expected help");
    const std::string_view yes = w.next();
    if (yes != "yes" && yes != "no") bad("terms: help: expected yes or no");
    WelcomeTerms t{yes == "yes", std::nullopt};
    if (w.done()) return t;
    if (w.next() != "choice") bad("terms: expected choice");
    const Millis choice = number(w.next(), max_starter_choice_time, "terms: choice");
    end_of_line(w);
    if (choice < min_starter_choice_time) bad("terms: choice: out of range");
    t.choice = choice;
    return t;
}

Name read(Tag<Name>, std::string_view, Words& w) {
    Name n;
    n.player = small(w.next(), 0, 1, "name: player");
    n.name = w.done() ? std::string() : clean_name(w.rest());
    return n;
}

Seat read(Tag<Seat>, std::string_view, Words& w) {
    const std::string_view k = w.next();
    end_of_line(w);
    if (k == "human") return Seat{SeatKind::Human};
    if (k == "computer") return Seat{SeatKind::Computer};
    bad("seat: expected human or computer");
}

RoundInfo read(Tag<RoundInfo>, std::string_view, Words& w) {
    RoundInfo r;
    r.number = small(w.next(), 1, max_number, "round: number");
    r.white = small(w.next(), 0, 1, "round: white");
    const std::string_view end = w.next();
    if (end == "none") {
        r.end = RoundEnd::None;
    } else if (end == "draw") {
        r.end = RoundEnd::Draw;
    } else if (end.starts_with("resign:") || end.starts_with("time:") || end.starts_with("abandon:")) {
        r.end = end[0] == 'r' ? RoundEnd::Resign : end[0] == 't' ? RoundEnd::Time : RoundEnd::Abandon;
        r.loser = colour(end.substr(end.find(':') + 1));
    } else if (end.starts_with("abandon-draw:")) {
        r.end = RoundEnd::AbandonDraw;
        r.loser = colour(end.substr(end.find(':') + 1));
    } else {
        bad("round: unknown ending " + shown(end));
    }
    const std::string_view touch = w.next();
    end_of_line(w);
    if (touch != "-") r.touch = square(touch);
    return r;
}

Moves read(Tag<Moves>, std::string_view, Words& w) {
    Moves m;
    while (!w.done()) {
        if (m.moves.size() == moves_per_line) bad("moves: more than 64 moves on a line");
        m.moves.push_back(move(w.next()));
    }
    if (m.moves.empty()) bad("moves: no moves");
    return m;
}

State read(Tag<State>, std::string_view, Words& w) { return State{clock_state(w.rest())}; }

Ready read(Tag<Ready>, std::string_view, Words& w) {
    end_of_line(w);
    return Ready{};
}

Sync read(Tag<Sync>, std::string_view, Words& w) {
    Sync s{hex16(w.next(), "sync: digest")};
    end_of_line(w);
    return s;
}

Go read(Tag<Go>, std::string_view, Words& w) { return Go{clock_state(w.rest())}; }

Act read(Tag<Act>, std::string_view verb, Words& w) {
    Act a;
    a.kind =
        Act::Kind(std::find(std::begin(Act::words), std::end(Act::words), verb) - std::begin(Act::words));
    a.state = small(w.next(), 0, max_state, "state number");
    switch (a.kind) {
        case Act::Kind::Move:
            a.number = small(w.next(), 1, max_number, "move number");
            a.move = move(w.next());
            break;
        case Act::Kind::Touch: a.square = square(w.next()); break;
        case Act::Kind::Resign:
        case Act::Kind::Flag:
        case Act::Kind::MoreTime:
        case Act::Kind::Back: a.side = colour(w.next()); break;
        case Act::Kind::Claim:
            a.side = colour(w.next());
            // An optional word before the clock: a draw claimed.
            if (!w.done() && (w.rest() == "draw" || w.rest().starts_with("draw "))) {
                w.next();
                a.draw = true;
            }
            break;
        case Act::Kind::Away: {
            a.side = colour(w.next());
            a.away_for = number(w.next(), max_away, "away: time away");
            a.grace = number(w.next(), max_clock_millis, "away: grace");
            const std::string_view after = w.next();
            if (after != "clock" && after != "claim") bad("away: expected clock or claim");
            a.clock_decides = after == "clock";
            break;
        }
        case Act::Kind::Undo: a.number = small(w.next(), 0, max_number, "undo: moves kept"); break;
        case Act::Kind::Starter: a.number = small(w.next(), 0, 1, "starter: player"); break;
        default: break;
    }
    a.clock = optional_clock(w);
    return a;
}

// An offer's state number and kind, which an answer starts with too.
Offer offer_fields(Words& w) {
    const int state = small(w.next(), 0, max_state, "state number");
    return Offer{state, offer_kind(w.next())};
}

Offer read(Tag<Offer>, std::string_view, Words& w) {
    const Offer o = offer_fields(w);
    end_of_line(w);
    return o;
}

Answer read(Tag<Answer>, std::string_view, Words& w) {
    const Offer o = offer_fields(w);
    const std::string_view yes = w.next();
    end_of_line(w);
    if (yes != "yes" && yes != "no") bad("answer: expected yes or no");
    return Answer{o.state, o.kind, yes == "yes"};
}

Clock read(Tag<Clock>, std::string_view, Words& w) { return Clock{clock_state(w.rest())}; }

Watchers read(Tag<Watchers>, std::string_view, Words& w) {
    Watchers n{small(w.next(), 0, max_watchers, "watchers: count")};
    end_of_line(w);
    return n;
}

Chat read(Tag<Chat>, std::string_view, Words& w) {
    Chat c{w.done() ? std::string() : clean_text(w.rest(), max_text)};
    if (c.text.empty()) bad("chat: nothing printable");
    return c;
}

// The reader of each message, in the order of Message's alternatives (and of message_table): one that has
// none does not compile.
using Reader = Message (*)(std::string_view verb, Words& w);
template <std::size_t... I>
constexpr std::array<Reader, sizeof...(I)> make_readers(std::index_sequence<I...>) {
    return {[](std::string_view verb, Words& w) -> Message {
        return read(Tag<std::variant_alternative_t<I, Message>>{}, verb, w);
    }...};
}
constexpr auto readers = make_readers(std::make_index_sequence<std::variant_size_v<Message>>{});

// The message a verb begins: its index among Message's alternatives, or none.
std::optional<std::size_t> message_of(std::string_view verb) {
    constexpr std::size_t act = AlternativeIndex<Act, Message>::value;
    if (std::find(std::begin(Act::words), std::end(Act::words), verb) != std::end(Act::words)) return act;
    for (std::size_t i = 0; i < std::size(message_table); ++i)
        if (i != act && verb == message_table[i].verb) return i;
    return std::nullopt;
}

std::string clock_words(const GameClock::State& s) { return GameClock::state_text(s); }

std::string end_word(const RoundInfo& r) {
    switch (r.end) {
        case RoundEnd::None: return "none";
        case RoundEnd::Draw: return "draw";
        case RoundEnd::Resign: return std::string("resign:") + colour_word(r.loser);
        case RoundEnd::Time: return std::string("time:") + colour_word(r.loser);
        case RoundEnd::Abandon: return std::string("abandon:") + colour_word(r.loser);
        case RoundEnd::AbandonDraw: return std::string("abandon-draw:") + colour_word(r.loser);
    }
    return "none";
}

// The writers, one per message: its line without the '\n'. `v` is its verb, from the table.
struct Writer {
    std::string v;
    std::string operator()(const Hello& h) const {
        const std::string head =
            v + " gobblet " + std::to_string(h.version) + " " + h.code + " " + h.holds + " ";
        return head + fitted(h.name, max_name_length, head.size());
    }
    std::string operator()(const Welcome& m) const {
        return v + " " + m.match_id + " " + (m.you < 0 ? std::string("watch") : std::to_string(m.you)) + " " +
               std::to_string(m.settings.variant.size) + " " + rules_name(m.settings.variant.rules) + " " +
               std::to_string(m.settings.first_to) + " " + clock_settings_text(m.settings.clock);
    }
    std::string operator()(const WelcomeTerms& t) const {
        return v + " help " + (t.help ? "yes" : "no") +
               (t.choice ? " choice " + std::to_string(*t.choice) : std::string());
    }
    std::string operator()(const Name& n) const {
        const std::string head = v + " " + std::to_string(n.player) + " ";
        return head + fitted(n.name, max_name_length, head.size());
    }
    std::string operator()(const Seat& s) const {
        return v + " " + (s.kind == SeatKind::Computer ? "computer" : "human");
    }
    std::string operator()(const RoundInfo& r) const {
        return v + " " + std::to_string(r.number) + " " + std::to_string(r.white) + " " + end_word(r) + " " +
               (r.touch ? square_name(*r.touch) : std::string("-"));
    }
    std::string operator()(const Moves& m) const {
        std::string s = v;
        for (const std::string& mv : m.moves) s += " " + mv;
        return s;
    }
    std::string operator()(const State& s) const { return v + " " + clock_words(s.clock); }
    std::string operator()(const Ready&) const { return v; }
    std::string operator()(const Sync& s) const { return v + " " + s.digest; }
    std::string operator()(const Go& g) const { return v + " " + clock_words(g.clock); }
    std::string operator()(const Act& a) const {
        std::string s = v + " " + std::to_string(a.state);
        switch (a.kind) {
            case Act::Kind::Move: s += " " + std::to_string(a.number) + " " + a.move; break;
            case Act::Kind::Touch: s += " " + square_name(a.square); break;
            case Act::Kind::Resign:
            case Act::Kind::Flag:
            case Act::Kind::MoreTime:
            case Act::Kind::Back: s += std::string(" ") + colour_word(a.side); break;
            case Act::Kind::Claim:
                s += std::string(" ") + colour_word(a.side) + (a.draw ? " draw" : "");
                break;
            case Act::Kind::Away:
                s += std::string(" ") + colour_word(a.side) + " " + std::to_string(a.away_for) + " " +
                     std::to_string(a.grace) + (a.clock_decides ? " clock" : " claim");
                break;
            case Act::Kind::Undo:
            case Act::Kind::Starter: s += " " + std::to_string(a.number); break;
            default: break;
        }
        if (a.clock) s += " " + clock_words(*a.clock);
        return s;
    }
    std::string operator()(const Offer& o) const {
        return v + " " + std::to_string(o.state) + " " + offer_word(o.kind);
    }
    std::string operator()(const Answer& a) const {
        return v + " " + std::to_string(a.state) + " " + offer_word(a.kind) + (a.yes ? " yes" : " no");
    }
    std::string operator()(const Clock& c) const { return v + " " + clock_words(c.clock); }
    std::string operator()(const Watchers& n) const { return v + " " + std::to_string(n.count); }
    std::string operator()(const Chat& c) const { return v + " " + fitted(c.text, max_text, v.size() + 1); }
    // The shared messages: an empty reason keeps its space here ("bye "), as this protocol always wrote it.
    std::string operator()(const Ping& p) const { return fields::token_line(v, p.token); }
    std::string operator()(const Pong& p) const { return fields::token_line(v, p.token); }
    std::string operator()(const Bye& b) const { return fields::reason_line(v, b.reason, true); }
    std::string operator()(const Error& e) const { return fields::reason_line(v, e.reason, true); }
};

}  // namespace

const char* offer_word(OfferKind k) { return offer_words[std::size_t(k)]; }

const char* act_word(Act::Kind k) { return Act::words[std::size_t(k)]; }

const char* verb(const Message& m) {
    if (const auto* a = std::get_if<Act>(&m)) return act_word(a->kind);
    return message_table[m.index()].verb;
}

std::string line_too_long() { return "a line longer than " + std::to_string(max_line) + " bytes"; }

const char* colour_word(Color c) { return c == Color::White ? "white" : "black"; }

Expected<Message> parse_message(std::string_view line) {
    if (auto ok = fields::line_allowed(line); !ok) return Failure{ok.why()};
    // One space between words: only free text at the end of a line may hold more.
    Words w(line);
    const std::string_view v = w.next();
    try {
        const std::optional<std::size_t> index = message_of(v);
        if (!index) bad("unknown message " + shown(v));
        Message m = readers[*index](v, w);
        if (!message_table[*index].free_text &&
            (line.find("  ") != std::string_view::npos || line.back() == ' '))
            return Failure{std::string("extra spaces in a ") + std::string(clean_text(v, 16)) + " line"};
        return m;
    } catch (const Bad& b) {
        return Failure{b.why};
    }
}

std::string format_message(const Message& m) { return std::visit(Writer{verb(m)}, m) + "\n"; }

void LineReader::feed(std::string_view bytes) {
    if (pos_ > 0 && pos_ == buf_.size() && buf_.capacity() > 4096) {
        // Everything was taken: a burst's room is given back, so that an idle connection costs little
        // (by a swap: assigning an empty string keeps the room).
        std::string().swap(buf_);
        pos_ = 0;
    } else if (pos_ > 0 && pos_ >= buf_.size() / 2) {  // drop what was returned, now and then
        buf_.erase(0, pos_);
        pos_ = 0;
    }
    buf_.append(bytes);
}

bool LineReader::has_line() const {
    return buf_.find('\n', pos_) != std::string::npos || buffered() >= max_line;
}

LineReader::Status LineReader::next(std::string& line) {
    const std::size_t limit = std::min(buf_.size(), pos_ + max_line);
    const std::size_t nl = buf_.find('\n', pos_);
    if (nl == std::string::npos || nl >= limit)
        return buffered() >= max_line ? Status::TooLong : Status::NeedMore;
    line.assign(buf_, pos_, nl - pos_);
    pos_ = nl + 1;
    return Status::Line;
}

}  // namespace gobblet::net
