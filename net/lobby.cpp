#include "lobby.h"

#include <algorithm>
#include <iterator>
#include <tuple>
#include <utility>
#include <vector>

#include "lobby_kinds.h"

namespace gobblet::net::lobby {

namespace {

using namespace kinds;  // the fields' kinds (net/lobby_kinds.h)

// ---------------------------------------------------------------------------------------------------
// Fields. A field is a member and its kind (or a kind over the whole message), the name its errors give
// after the verb, and the versions that have it: from `since` (the version that brought it) to `until`
// (the last that had it in that shape).

template <class M, class K, class T = void>
struct Field {
    T M::*member;
    K kind;
    const char* name = "";
    int since = 1, until = protocol_version;
    constexpr Field from(int v) const { return Field{member, kind, name, v, until}; }
    constexpr Field upto(int v) const { return Field{member, kind, name, since, v}; }
};
template <class M, class K>
struct Field<M, K, void> {
    K kind;
    const char* name = "";
    int since = 1, until = protocol_version;
    constexpr Field from(int v) const { return Field{kind, name, v, until}; }
    constexpr Field upto(int v) const { return Field{kind, name, since, v}; }
};

// A member's field, and a field over the whole message.
template <class M, class T, class K>
Field<M, K, T> field(T M::*member, K kind, const char* name = "") {
    return {member, kind, name};
}
template <class M, class K>
Field<M, K> whole(K kind, const char* name = "") {
    return {kind, name};
}

template <class M, class K, class T>
void read_field(const Field<M, K, T>& f, M& m, Words& w, std::string_view verb, int version) {
    if (version < f.since || version > f.until) return;
    const Ctx c{verb, f.name, version};
    if constexpr (std::is_void_v<T>)
        f.kind.read(w, m, c);
    else
        m.*f.member = f.kind.read(w, c);
}

template <class M, class K, class T>
void write_field(const Field<M, K, T>& f, const M& m, std::string& line, std::string_view verb, int version) {
    if (version < f.since || version > f.until) return;
    const Ctx c{verb, f.name, version};
    if constexpr (std::is_void_v<T>)
        f.kind.write(line, m, c);
    else
        f.kind.write(line, m.*f.member, c);
}

// ---------------------------------------------------------------------------------------------------
// The messages, each described once: its fields in the order of its line, with the versions that have
// them (docs/lobby.md shows each line). The reader and the writer below walk the same description, so
// they cannot disagree; a message without one does not compile.

const Int version_word{0, 999};
const Int page{1, max_page};
const Int count{0, max_count};
const Int score_word{0, max_score};
const TermsWords terms_words;
const Text text{max_text};
const Text said{max_text, true};
const Enum<Role, 3> human_or_bot{role_words, 2};

auto fields(Tag<Hello>) {
    return std::tuple{whole<Hello>(Gobblet{"not a gobblet client"}),
                      field(&Hello::version, version_word, "version")};
}
auto fields(Tag<Login>) {
    return std::tuple{field(&Login::name, registered_word), field(&Login::role, human_or_bot),
                      whole<Login>(Proof{})};
}
auto fields(Tag<SetPassword>) {
    return std::tuple{field(&SetPassword::forget_others,
                            Choice<bool, 2>{{{{"keep", false}, {"forget", true}}}, " (the other machines)"})
                          .from(3),
                      field(&SetPassword::password, Password{})};
}
auto fields(Tag<AddSecret>) { return std::tuple{field(&AddSecret::secret, secret_word)}; }
auto fields(Tag<Ssh>) {
    return std::tuple{
        field(&Ssh::address, address_word),
        field(&Ssh::key, OrNone<Form<valid_ssh_key>>{
                             {"a key is SHA256: and 43 characters of base64, or - for none"}, "-"})};
}
auto fields(Tag<AddKey>) { return std::tuple{}; }
auto fields(Tag<Post>) {
    return std::tuple{field(&Post::terms, terms_words).upto(2), whole<Post>(SeekTermsWords{}).from(3)};
}
auto fields(Tag<Challenge>) {
    return std::tuple{field(&Challenge::name, player_word), field(&Challenge::terms, terms_words)};
}
auto fields(Tag<Accept>) { return std::tuple{field(&Accept::id, IdWord{})}; }
auto fields(Tag<Decline>) { return std::tuple{field(&Decline::id, IdWord{})}; }
auto fields(Tag<Withdraw>) { return std::tuple{field(&Withdraw::id, IdWord{})}; }
auto fields(Tag<Watch>) { return std::tuple{field(&Watch::game, game_word)}; }
auto fields(Tag<Say>) { return std::tuple{field(&Say::text, said)}; }
auto fields(Tag<HistoryQuery>) {
    return std::tuple{field(&HistoryQuery::name, player_word), field(&HistoryQuery::page, page, "page")};
}
auto fields(Tag<RecordQuery>) { return std::tuple{field(&RecordQuery::game, game_word)}; }
auto fields(Tag<RatingsQuery>) {
    return std::tuple{field(&RatingsQuery::variant, VariantWords{}),
                      field(&RatingsQuery::page, page, "page")};
}
auto fields(Tag<Create>) {
    return std::tuple{field(&Create::name, tournament_word).from(2), field(&Create::format, FormatWord{}),
                      field(&Create::max_players, Int{2, max_tournament_players}, "players"),
                      field(&Create::first, Enum<First, 2>{first_words}).from(2),
                      field(&Create::terms, terms_words)};
}
auto fields(Tag<Join>) { return std::tuple{field(&Join::id, IdWord{})}; }
auto fields(Tag<Leave>) { return std::tuple{field(&Leave::id, IdWord{})}; }
auto fields(Tag<Start>) { return std::tuple{field(&Start::id, IdWord{})}; }
auto fields(Tag<StandingsQuery>) { return std::tuple{field(&StandingsQuery::id, IdWord{})}; }
auto fields(Tag<ChooseStarter>) {
    return std::tuple{field(&ChooseStarter::id, IdWord{}), field(&ChooseStarter::name, player_word),
                      field(&ChooseStarter::opponent, player_word, "opponent")};
}
auto fields(Tag<MachinesQuery>) { return std::tuple{}; }
auto fields(Tag<Forget>) {
    return std::tuple{field(&Forget::kind, Enum<MachineKind, 2>{machine_kind_words}),
                      field(&Forget::id, IdWord{})};
}
auto fields(Tag<Rematch>) { return std::tuple{field(&Rematch::game, game_word)}; }
auto fields(Tag<Abort>) { return std::tuple{field(&Abort::game, game_word)}; }
auto fields(Tag<FingerQuery>) { return std::tuple{field(&FingerQuery::name, registered_word)}; }
auto fields(Tag<BestQuery>) { return std::tuple{}; }
auto fields(Tag<Kibitz>) { return std::tuple{field(&Kibitz::game, game_word), field(&Kibitz::text, said)}; }
auto fields(Tag<NoPlay>) {
    return std::tuple{field(&NoPlay::on, Choice<bool, 2>{{{{"on", true}, {"off", false}}}, ""}),
                      field(&NoPlay::name, player_word)};
}
auto fields(Tag<Tell>) { return std::tuple{field(&Tell::name, player_word), field(&Tell::text, said)}; }
auto fields(Tag<Observe>) { return std::tuple{field(&Observe::name, player_word)}; }
auto fields(Tag<Server>) {
    return std::tuple{whole<Server>(Gobblet{"not a gobblet server"}),
                      field(&Server::version, version_word, "version"), field(&Server::text, text)};
}
auto fields(Tag<Welcome>) {
    return std::tuple{field(&Welcome::name, player_word),
                      field(&Welcome::role, Enum<Role, 3>{role_words}, "role"),
                      field(&Welcome::how, Enum<How, 5>{how_words}, "how"),
                      field(&Welcome::ratings, Each<decltype(rating_word), 4>{rating_word}, "rating")};
}
auto fields(Tag<Refused>) {
    return std::tuple{field(&Refused::verb, RequestVerb{}),
                      field(&Refused::code, Enum<Refusal, 13>{refusal_words}, "code"),
                      field(&Refused::text, text)};
}
auto fields(Tag<Ok>) { return std::tuple{field(&Ok::verb, OkVerb{}), field(&Ok::text, text)}; }
auto fields(Tag<PlayerItem>) {
    return std::tuple{
        field(&PlayerItem::name, player_word), field(&PlayerItem::role, Enum<Role, 3>{role_words}, "role"),
        field(&PlayerItem::playing, Choice<bool, 2>{{{{"idle", false}, {"playing", true}}}}).upto(2),
        whole<PlayerItem>(Activity{}).from(3),
        field(&PlayerItem::ratings, Each<decltype(rating_word), 4>{rating_word}, "rating")};
}
auto fields(Tag<Left>) { return std::tuple{field(&Left::name, player_word)}; }
auto fields(Tag<SeekItem>) {
    return std::tuple{
        field(&SeekItem::id, IdWord{}),
        field(&SeekItem::from, player_word),
        field(&SeekItem::rating, rating_word, "rating"),
        field(&SeekItem::to, OrNone<decltype(player_word)>{player_word, "*"}, "to"),
        field(&SeekItem::colour,
              Choice<std::optional<Color>, 3>{
                  {{{"random", std::nullopt}, {"white", Color::White}, {"black", Color::Black}}}})
            .from(3),
        field(&SeekItem::terms, terms_words).upto(2),
        whole<SeekItem>(SeekTermsWords{}).from(3)};
}
auto fields(Tag<Unseek>) {
    return std::tuple{field(&Unseek::id, IdWord{}), field(&Unseek::why, Enum<SeekEnd, 6>{seek_end_words})};
}
auto fields(Tag<MatchStart>) {
    return std::tuple{
        field(&MatchStart::game, game_word),
        field(&MatchStart::colour, Choice<Color, 2>{{{{"white", Color::White}, {"black", Color::Black}}}}),
        field(&MatchStart::opponent, player_word, "opponent"),
        field(&MatchStart::code, code_word),
        whole<MatchStart>(Context{}),
        field(&MatchStart::mine, rating_word, "rating").from(3),
        field(&MatchStart::theirs, rating_word, "rating").from(3),
        field(&MatchStart::terms, terms_words)};
}
auto fields(Tag<GameItem>) {
    return std::tuple{field(&GameItem::game, game_word),
                      field(&GameItem::names, Each<decltype(player_word), 2>{player_word}),
                      field(&GameItem::score, Each<Int, 2>{score_word}, "score"),
                      field(&GameItem::left, Each<TimeLeft, 2>{}, "time left"),
                      field(&GameItem::running, PlayerOrNone{}, "running"),
                      field(&GameItem::watchers, count, "watchers"),
                      field(&GameItem::tournament, OrNone<IdWord>{{}, "-"}, "tournament").from(2),
                      field(&GameItem::terms, terms_words)};
}
auto fields(Tag<Over>) {
    return std::tuple{
        field(&Over::game, game_word), field(&Over::result, Enum<Verdict, 4>{verdict_words}, "result"),
        field(&Over::score, Each<Int, 2>{score_word}, "score"),
        field(&Over::changes, Each<decltype(change_word), 2>{change_word}, "rating change").from(3),
        field(&Over::text, text)};
}
auto fields(Tag<Watching>) {
    return std::tuple{field(&Watching::game, game_word), field(&Watching::code, code_word)};
}
auto fields(Tag<Chat>) { return std::tuple{field(&Chat::from, player_word), field(&Chat::text, said)}; }
auto fields(Tag<Notice>) { return std::tuple{field(&Notice::text, said)}; }
auto fields(Tag<HistoryItem>) {
    return std::tuple{
        field(&HistoryItem::game, game_word),
        field(&HistoryItem::date, date_word),
        field(&HistoryItem::names, Each<decltype(player_word), 2>{player_word}),
        field(&HistoryItem::score, Each<Int, 2>{score_word}, "score"),
        field(&HistoryItem::result, Enum<Verdict, 4>{verdict_words}, "result"),
        field(&HistoryItem::changes, Each<decltype(change_word), 2>{change_word}, "rating change").from(3),
        field(&HistoryItem::terms, terms_words)};
}
auto fields(Tag<RecordLine>) { return std::tuple{field(&RecordLine::text, Text{max_record_text})}; }
auto fields(Tag<RatingItem>) {
    return std::tuple{field(&RatingItem::rank, Int{1, max_count}, "rank"),
                      field(&RatingItem::name, registered_word),
                      field(&RatingItem::rating, RatingWords{999}),
                      field(&RatingItem::games, count, "games"),
                      field(&RatingItem::wins, count, "wins"),
                      field(&RatingItem::losses, count, "losses"),
                      field(&RatingItem::draws, count, "draws")};
}
auto fields(Tag<TournamentItem>) {
    return std::tuple{
        field(&TournamentItem::id, IdWord{}),
        field(&TournamentItem::name, tournament_word).from(2),
        field(&TournamentItem::organizer, OrNone<decltype(player_word)>{player_word, "-", {}, false},
              "organizer")
            .upto(1),
        field(&TournamentItem::organizer, OrNone<decltype(player_word)>{player_word, "-"}, "organizer")
            .from(2),
        field(&TournamentItem::format, FormatWord{}),
        field(&TournamentItem::state, Enum<TournamentState, 3>{state_words}, "state"),
        field(&TournamentItem::players, Int{0, max_tournament_players}, "players"),
        field(&TournamentItem::max_players, Int{2, max_tournament_players}, "most players"),
        field(&TournamentItem::round, Int{0, max_round}, "round"),
        field(&TournamentItem::first, Enum<First, 2>{first_words}).from(2),
        field(&TournamentItem::terms, terms_words)};
}
auto fields(Tag<Closed>) { return std::tuple{field(&Closed::id, IdWord{})}; }
auto fields(Tag<StandingItem>) {
    return std::tuple{field(&StandingItem::tournament, IdWord{}, "tournament").from(2),
                      field(&StandingItem::rank, Int{1, max_tournament_players}, "rank"),
                      field(&StandingItem::name, player_word),
                      field(&StandingItem::half_points, Points{}, "points"),
                      field(&StandingItem::played, count, "played"),
                      field(&StandingItem::won, count, "won"),
                      field(&StandingItem::lost, count, "lost"),
                      field(&StandingItem::drawn, count, "drawn"),
                      field(&StandingItem::rounds_won, count, "rounds won").from(2),
                      field(&StandingItem::rounds_lost, count, "rounds lost").from(2),
                      field(&StandingItem::head_to_head, Points{}, "head to head").from(2)};
}
auto fields(Tag<MachineItem>) {
    return std::tuple{
        field(&MachineItem::kind, Enum<MachineKind, 2>{machine_kind_words}),
        field(&MachineItem::id, IdWord{}),
        field(&MachineItem::current, Choice<bool, 2>{{{{"this", true}, {"other", false}}}}),
        field(&MachineItem::last_used, date_word),
        field(&MachineItem::address,
              OrNone<Quoted<machine_address>>{{"expected an IP address, unix or -, not "}, "-"}),
        whole<MachineItem>(Fingerprint{})};
}
auto fields(Tag<ProfileItem>) {
    return std::tuple{field(&ProfileItem::name, registered_word), field(&ProfileItem::role, human_or_bot),
                      field(&ProfileItem::registered, date_word),
                      field(&ProfileItem::seen, OrNone<decltype(date_word)>{date_word, "online", "online"})};
}
auto fields(Tag<StatsItem>) {
    return std::tuple{
        field(&StatsItem::variant, VariantWords{}), field(&StatsItem::rating, rating_word, "rating"),
        field(&StatsItem::games, count, "games"),   field(&StatsItem::wins, count, "wins"),
        field(&StatsItem::losses, count, "losses"), field(&StatsItem::draws, count, "draws")};
}
auto fields(Tag<LeaderItem>) {
    return std::tuple{field(&LeaderItem::variant, VariantWords{}),
                      field(&LeaderItem::rank, Int{1, leaders_per_variant}, "rank"),
                      field(&LeaderItem::name, registered_word),
                      field(&LeaderItem::rating, RatingWords{settled_deviation}).upto(3),
                      field(&LeaderItem::rating, RatingWords{999}).from(4),
                      field(&LeaderItem::games, Int{1, max_count}, "games")};
}
auto fields(Tag<Kibitzed>) {
    return std::tuple{field(&Kibitzed::game, game_word), field(&Kibitzed::from, player_word),
                      field(&Kibitzed::text, said)};
}
auto fields(Tag<Told>) {
    return std::tuple{field(&Told::from, player_word), field(&Told::to, player_word, "to"),
                      field(&Told::text, said)};
}
auto fields(Tag<TrendItem>) {
    return std::tuple{field(&TrendItem::variant, VariantWords{}), field(&TrendItem::first, date_word),
                      field(&TrendItem::last, date_word),
                      field(&TrendItem::ratings, RatingSeries{}, "rating")};
}
auto fields(Tag<End>) { return std::tuple{field(&End::list, Enum<List, 11>{list_words})}; }
auto fields(Tag<Ping>) { return std::tuple{whole<Ping>(Shared{})}; }
auto fields(Tag<Pong>) { return std::tuple{whole<Pong>(Shared{})}; }
auto fields(Tag<Bye>) { return std::tuple{whole<Bye>(Shared{})}; }
auto fields(Tag<Error>) { return std::tuple{whole<Error>(Shared{})}; }

// What a message's fields must say together, checked once the line is read.

void distinct(const std::string& a, const std::string& b, std::string_view verb) {
    if (name_key(a) == name_key(b)) bad(std::string(verb) + ": a player against themselves");
}

void scores_fit(const std::array<int, 2>& score, const Terms& t, std::string_view verb) {
    if (score[0] > t.settings.first_to || score[1] > t.settings.first_to ||
        (score[0] == t.settings.first_to && score[1] == t.settings.first_to))
        bad(std::string(verb) + ": a score the match cannot have");
}

// Games, wins, losses and draws (a player's stats, a row of the ratings) must add up.
template <class T>
void tally(const T& t, std::string_view verb) {
    if (std::int64_t(t.wins) + t.losses + t.draws != t.games)
        bad(std::string(verb) + ": wins, losses and draws do not add up to the games");
}

template <class M>
void check(const M&, std::string_view, int) {}
void check(const Welcome& m, std::string_view, int) {
    if ((m.role == Role::Guest) != valid_guest_name(m.name) ||
        (m.role == Role::Guest) != (m.how == How::Guest))
        bad("welcome: a guest, and only a guest, has a name starting with ~ and comes in as a guest");
    if (m.role == Role::Guest && m.ratings != Ratings{}) bad("welcome: a guest has no rating");
}
void check(const PlayerItem& p, std::string_view, int) {
    if ((p.role == Role::Guest) != valid_guest_name(p.name))
        bad("player: a guest, and only a guest, has a name starting with ~");
    if (p.role == Role::Guest && p.ratings != Ratings{}) bad("player: a guest has no rating");
}
void check(const SeekItem& s, std::string_view verb, int) {
    if (!s.to.empty()) distinct(s.from, s.to, verb);
    if (s.to.empty() && s.colour) bad("seek: an open seek's colours are drawn (random)");
}
void check(const GameItem& g, std::string_view verb, int) {
    distinct(g.names[0], g.names[1], verb);
    scores_fit(g.score, g.terms, verb);
    const bool clock = g.terms.settings.clock.enabled();
    if (g.left[0].has_value() != clock || g.left[1].has_value() != clock || (!clock && g.running >= 0))
        bad("game: clock readings for a game without a clock, or none for one with");
}
void check(const HistoryItem& h, std::string_view verb, int) {
    distinct(h.names[0], h.names[1], verb);
    scores_fit(h.score, h.terms, verb);
}
void check(const RatingItem& r, std::string_view verb, int) { tally(r, verb); }
void check(const Told& t, std::string_view verb, int) { distinct(t.from, t.to, verb); }
void check(const TrendItem& t, std::string_view, int) {
    if (t.last < t.first) bad("trend: its last game before its first");
}
void check(const StatsItem& s, std::string_view verb, int) { tally(s, verb); }
void check(const TournamentItem& t, std::string_view, int) {
    if (t.players > t.max_players) bad("tournament: more players than it takes");
}
void check(const StandingItem& s, std::string_view, int) {
    if (std::int64_t(s.won) + s.lost + s.drawn != s.played)
        bad("standing: won, lost and drawn do not add up to the matches played");
}
void check(const End& e, std::string_view, int version) {
    if (const int since = list_since[std::size_t(e.list)]; version < since)
        bad(std::string("end ") + list_word(e.list) + " is version " + std::to_string(since) +
            "'s, not version " + std::to_string(version) + "'s");
}

// The reader and the writer of every message: its fields in order, as `version` has them.
template <class M>
M read_message(std::string_view verb, Words& w, int version) {
    M m{};
    std::apply([&](const auto&... f) { (read_field(f, m, w, verb, version), ...); }, fields(Tag<M>{}));
    end_of_line(w);
    check(m, verb, version);
    return m;
}

template <class M>
std::string write_message(const M& m, std::string_view verb, int version) {
    std::string line(verb);
    std::apply([&](const auto&... f) { (write_field(f, m, line, verb, version), ...); }, fields(Tag<M>{}));
    return line;
}

// The reader of each message, in the order of Message's alternatives (and of message_table).
using Reader = Message (*)(std::string_view verb, Words& w, int version);
template <std::size_t... I>
constexpr std::array<Reader, sizeof...(I)> make_readers(std::index_sequence<I...>) {
    return {[](std::string_view verb, Words& w, int version) -> Message {
        return read_message<std::variant_alternative_t<I, Message>>(verb, w, version);
    }...};
}
constexpr auto readers = make_readers(std::make_index_sequence<std::variant_size_v<Message>>{});

// The message a verb begins, as `version` has it: its index among Message's alternatives.
std::size_t message_of(std::string_view v, int version) {
    const auto row = std::find_if(std::begin(message_table), std::end(message_table),
                                  [&](const MessageRow& r) { return v == r.verb; });
    if (row == std::end(message_table)) bad("unknown message " + shown(v));
    if (version < row->since)
        bad(std::string(v) + " is a message of lobby protocol version " + std::to_string(row->since) +
            ", not of version " + std::to_string(version));
    return std::size_t(row - std::begin(message_table));
}

}  // namespace

bool valid_game_id(std::string_view s) { return is_hex(s, game_id_digits); }

const char* verb(const Message& m) { return message_table[m.index()].verb; }
Sender sender(const Message& m) { return message_table[m.index()].sender; }

namespace {

const MessageRow* row_of(std::string_view word) {
    for (const MessageRow& row : message_table)
        if (word == row.verb) return &row;
    return nullptr;
}

}  // namespace

bool client_verb(std::string_view word) {
    const MessageRow* row = row_of(word);
    return row && row->sender == Sender::Client;
}

bool ok_verb(std::string_view word, int version) {
    const MessageRow* row = row_of(word);
    return row && row->answer == Answer::Ok && version >= row->since;
}

bool query_verb(std::string_view word) {
    const MessageRow* row = row_of(word);
    return row && row->answer == Answer::Query;
}

Expected<Message> parse_message(std::string_view line, int version) {
    if (auto ok = fields::line_allowed(line); !ok) return Failure{ok.why()};
    Words w(line);
    const std::string_view v = w.next();
    try {
        const std::size_t index = message_of(v, version);
        Message m = readers[index](v, w, version);
        const Login* login = std::get_if<Login>(&m);
        const bool free_text = message_table[index].free_text || (login && login->method == Method::Password);
        // One space between words: only free text at the end of a line may hold more.
        if (!free_text && (line.find("  ") != std::string_view::npos || line.back() == ' '))
            return Failure{"extra spaces in a " + clean_text(v, 16) + " line"};
        return m;
    } catch (const Bad& b) {
        return Failure{b.why};
    }
}

std::string format_message(const Message& m, int version) {
    return std::visit([&](const auto& x) { return write_message(x, verb(m), version); }, m) + "\n";
}

}  // namespace gobblet::net::lobby
