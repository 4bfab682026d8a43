#include "transfer.h"

#include "engine/notation.h"

namespace gobblet::net {

namespace {

RoundInfo info_of(const Round& r) {
    RoundInfo info;
    info.number = r.number;
    info.white = r.white;
    const Result& res = r.game.result();
    switch (res.ending) {
        case Ending::Resignation:
            info.end = RoundEnd::Resign;
            info.loser = res.loser;
            break;
        case Ending::Agreement: info.end = RoundEnd::Draw; break;
        case Ending::Time:
            info.end = RoundEnd::Time;
            info.loser = res.loser;
            break;
        case Ending::Abandoned:
            info.end = res.outcome == Outcome::Draw ? RoundEnd::AbandonDraw : RoundEnd::Abandon;
            info.loser = res.loser;
            break;
        default: break;
    }
    info.touch = r.game.touched();
    return info;
}

std::string round_name(const RoundRecord& r, std::size_t index) {
    return "round " + std::to_string(r.info.number) + " (game " + std::to_string(index + 1) + ")";
}

}  // namespace

std::vector<RoundRecord> round_records(const Match& m, int version) {
    std::vector<RoundRecord> out;
    for (const Round& r : m.rounds()) {
        RoundRecord rec{info_of(r), {}};
        if (version < gifts_version && rec.info.end == RoundEnd::AbandonDraw) rec.info.end = RoundEnd::Draw;
        Game replay(r.game.variant());
        for (Move mv : r.game.moves()) {
            rec.moves.push_back(move_name(mv, replay.side_to_move()));
            (void)replay.play(mv);  // the round's own moves, legal again
        }
        out.push_back(std::move(rec));
    }
    return out;
}

std::vector<Message> record_messages(const std::vector<RoundRecord>& records) {
    std::vector<Message> out;
    for (const RoundRecord& r : records) {
        out.emplace_back(r.info);
        for (std::size_t i = 0; i < r.moves.size(); i += moves_per_line) {
            Moves m;
            for (std::size_t k = i; k < r.moves.size() && k < i + moves_per_line; ++k)
                m.moves.push_back(r.moves[k]);
            out.emplace_back(std::move(m));
        }
    }
    return out;
}

std::string records_digest(const std::vector<RoundRecord>& records) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const Message& m : record_messages(records))
        for (unsigned char c : format_message(m)) {
            h ^= c;
            h *= 0x100000001b3ULL;
        }
    static constexpr char hex[] = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, h >>= 4) out[std::size_t(i)] = hex[h & 15];
    return out;
}

Expected<Match> build_match(const MatchSettings& settings, std::array<std::string, 2> names,
                            const std::vector<RoundRecord>& records, const GameClock::State& clock,
                            Millis now) {
    const auto fail = [](std::string w) { return Failure{std::move(w)}; };
    std::vector<Round> rounds;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const RoundRecord& rec = records[i];
        Game g(settings.variant);
        for (std::size_t k = 0; k < rec.moves.size(); ++k) {
            const Expected<std::vector<WrittenMove>, TextError> p = parse_moves(rec.moves[k]);
            const std::string where = round_name(rec, i) + ", " + ply_words(k) + " " + rec.moves[k];
            if (!p || p->size() != 1) return fail(where + ": not a move");
            if (const Expected<void> played = g.play(p->front().spec); !played)
                return fail(where + ": " + played.why());
        }
        if (rec.info.touch) {
            if (const Expected<void> touched = g.touch(*rec.info.touch); !touched)
                return fail(round_name(rec, i) + ": touch " + square_name(*rec.info.touch) + ": " +
                            touched.why());
            if (!settings.variant.touch_rule())
                return fail(round_name(rec, i) + ": a touched piece under rules without touching");
        }
        if (rec.info.end != RoundEnd::None && g.over()) return fail(round_name(rec, i) + ": ended twice");
        switch (rec.info.end) {
            case RoundEnd::None: break;
            case RoundEnd::Resign: g.resign(rec.info.loser); break;
            case RoundEnd::Draw: g.agree_draw(); break;
            case RoundEnd::Time:
                if (!settings.clock.enabled())
                    return fail(round_name(rec, i) + ": lost on time without a clock");
                g.lose_on_time(rec.info.loser);
                break;
            case RoundEnd::Abandon: g.abandon(rec.info.loser); break;
            case RoundEnd::AbandonDraw: g.abandon(rec.info.loser, true); break;
        }
        rounds.push_back(Round{rec.info.number, rec.info.white, std::move(g)});
    }
    Expected<Match> m = Match::from_rounds(settings, std::move(names), std::move(rounds));
    if (!m) return fail(m.why());
    if (clock.running && (m->game().over() || *clock.running != m->game().side_to_move()))
        return fail("the clock runs for the side that is not to move");
    if (clock.running && (clock.elapsed < 0 || clock.budget < 0 || clock.budget > 2 * max_clock_millis))
        return fail("the clock's times do not fit");
    m->clock().set_state(clock, now);
    return std::move(m).take();
}

Comparison compare_records(const std::vector<RoundRecord>& held, const std::vector<RoundRecord>& host) {
    const auto differs = [](std::string where) {
        return Comparison{Comparison::Kind::Differs, std::move(where)};
    };
    if (held.size() > host.size())
        return differs("we hold " + std::to_string(held.size()) + " games of this match, the host " +
                       std::to_string(host.size()));
    for (std::size_t i = 0; i < held.size(); ++i) {
        const RoundRecord& a = held[i];
        const RoundRecord& b = host[i];
        const std::string name = round_name(b, i);
        if (a.info.number != b.info.number || a.info.white != b.info.white)
            return differs(name + ": a different round or starter");
        const std::size_t common = std::min(a.moves.size(), b.moves.size());
        for (std::size_t k = 0; k < common; ++k)
            if (a.moves[k] != b.moves[k])
                return differs(name + ", " + ply_words(k) + ": " + a.moves[k] + " here, " + b.moves[k] +
                               " at the host");
        if (a.moves.size() > b.moves.size())
            return differs(
                name + ": we hold moves up to " + ply_words(a.moves.size() - 1) + ", the host " +
                (b.moves.empty() ? std::string("none") : "up to " + ply_words(b.moves.size() - 1)));
        const bool last = i + 1 == held.size();
        const bool same_end =
            a.info.end == b.info.end && a.info.loser == b.info.loser && a.info.touch == b.info.touch;
        if (!last && (a.moves.size() != b.moves.size() || !same_end))
            return differs(name + ": a different ending");
        // The last held round may lag behind: fewer moves, no ending yet, no touch yet.
        if (last && a.moves.size() == b.moves.size() && !same_end &&
            (a.info.end != RoundEnd::None || (a.info.touch && a.info.touch != b.info.touch)))
            return differs(name + ": a different ending");
        if (last && a.moves.size() < b.moves.size() && (a.info.end != RoundEnd::None || a.info.touch))
            return differs(name + ": a different ending");
    }
    return held == host ? Comparison{} : Comparison{Comparison::Kind::Behind, {}};
}

}  // namespace gobblet::net
