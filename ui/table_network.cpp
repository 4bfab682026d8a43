// The table's network game (table.h): starting its link (hosting, joining), feeding it from the one poll
// loop, and what the table does with the events the link hands it (table_link.h), which its session
// applied to the match already: its seats, its questions, the ends of rounds.
#include "table.h"

namespace gobblet::ui {

Expected<void> Table::host(const net::HostConfig& config) {
    // The seats follow the session: the joiner plays the remote player. Put in first, names and all: the
    // match then goes to the session, which alone changes it from here on.
    const std::array<SeatSpec, 2> were = {seats_.spec(0), seats_.spec(1)};
    const Match match_was = own_;
    const int remote = config.remote_player;
    if ((remote == 0 || remote == 1) && seats_.seat(remote).kind() != SeatKind::Remote)
        install_seats({were[1], were[0]});
    Expected<std::unique_ptr<TableLink>> link =
        TableLink::host(config, own_, clock_, report_, config_.program);
    if (!link) {  // the table stays as it was
        own_ = match_was;
        install_seats(were);
        return Failure{link.why()};
    }
    link_ = std::move(link).take();
    umpire_ = link_.get();
    say("Waiting for the other player: " + link_->how_to_join() + ". Nobody can move until they join.");
    return {};
}

Expected<void> Table::join(const net::JoinConfig& config, const SeatSpec& local_seat) {
    Expected<std::unique_ptr<TableLink>> link =
        TableLink::join(config, local_seat, own_, clock_, report_, config_.program);
    if (!link) return Failure{link.why()};
    link_ = std::move(link).take();
    umpire_ = link_.get();
    say("connecting to " + net::endpoint_text(config.host) + "...");
    return {};
}

void Table::ask_other_match(const std::string& text) {
    ask(Question{
        .text = text + ": take the host's match instead?",
        .answers =
            {{ch('y'), "take the host's",
              [this] {
                  // Ours goes to the saves first: nothing is replaced that is not kept.
                  const Expected<std::string> kept = records_.save_copy();
                  if (!kept) return say("yours could not be kept (" + kept.why() + "): nothing taken", true);
                  say("yours is kept in " + *kept + "; taking the host's match...");
                  say_if(link_->take_host_match());
              },
              "connect again and play the host's match; the one you hold goes to your saves (o opens it)"},
             {ch('n'), "keep yours",
              // The player chose to stay apart: no connecting again by itself.
              [this, text] { link_->on_lost(text + "; yours stays as it is, saved here", true); },
              "stay apart with the match you hold (it stays saved); r connects again later, for instance "
              "once the host has started it again with --resume"}},
        .help = "The host's program holds another match than the one saved here (it may have started again "
                "without --resume). Taking the host's keeps yours in your saves first.",
        .default_answer = 1});
    say(asked_text_);
}

void Table::restore_chat(const std::vector<std::string>& lines) {
    if (link_) link_->restore_chat(lines);
}

const std::deque<std::string>& Table::chat_log() const {
    static const std::deque<std::string> none;
    return link_ ? link_->chat_log() : none;
}

void Table::on_poll(std::span<const pollfd> fds, Millis t) {
    if (!link_) return;
    link_->on_poll(fds, t);
    while (auto heard = link_->next()) on_link_event(*heard);
    play_premove();  // the other player's move starts the turn it waits for: sent at once
}

void Table::on_link_event(const Heard& heard) {
    using Kind = net::Event::Kind;
    const net::Event& e = heard.event;
    const std::string& text = heard.text;
    const int me = link_->local_player();
    if (e.kind == Kind::Welcomed) {
        // The host's match arrived: the seats follow it (this side's player and the remote one).
        install_seats(link_->welcome_seats());
        // A round that ended while we were away and waits for our choice of starter asks it again.
        const bool our_choice = match().phase() == MatchPhase::ChoosingStarter && match().chooser() == me;
        handled_end_ = match().game().over() && !our_choice ? match().rounds().size() : 0;
        records_.set_archived(match().phase() == MatchPhase::Over);
    }
    switch (e.kind) {
        case Kind::Offered:
            if (!is_computer(me)) {
                // It stands beside the board (the screen's status line) and blocks nothing: said once.
                say(link_->offer_said(e.offer, text));
                break;
            }
            if (e.offer == net::OfferKind::Draw)
                draw_offer_to_ = me;  // the seat's rule answers, in ask_seats()
            else  // yes to pause and resume, never to take back; an answer that cannot be sent goes unsaid
                (void)link_->answer(e.offer != net::OfferKind::Undo);
            say(text);
            break;
        case Kind::Act:
            if (e.act.kind != net::Act::Kind::Move) cancel_seats();  // the position changed under them
            // (A starter the host's rule chose when the time ran out ends the question of who starts.)
            if (e.act.kind == net::Act::Kind::Undo || e.act.kind == net::Act::Kind::Draw ||
                e.act.kind == net::Act::Kind::Starter)
                report_.withdraw_question();
            // An absence stops the clocks too (and a move during its grace leaves them standing), but it
            // is not a pause p could lift: the referee tells an agreed pause apart.
            paused_ = link_->session().paused_by_agreement();
            // The fact of our premove, sent when its turn came (the next move), says it was one.
            if (e.act.kind == net::Act::Kind::Move) {
                const bool premoved = !premove_sent_.empty() && premove_sent_ == e.act.move;
                premove_sent_.clear();
                say(premoved ? text + " (premove)" : text);
            } else {
                say(text);
            }
            after_change(e.act.kind == net::Act::Kind::Move);
            return;
        case Kind::Gone:
        case Kind::Error:
            cancel_seats();
            report_.withdraw_question();
            if (e.match) {  // the host holds another match than ours: our player chooses
                ask_other_match(text);
                break;
            }
            if (link_->before_play()) return report_.join_failed(text, link_->session().code_refused());
            link_->on_lost(text, e.on_purpose);
            break;
        case Kind::Absence:
            // The grace is over, or a claim now stands: a round-end question the drop took away comes
            // back, since the host plays on (choosing a starter, replaying a drawn round).
            if (match().game().over() && !report_.question_open()) {
                handled_end_ = 0;
                after_change(false);
            }
            // A match resumed by its host: the joiner has not been back yet, so how to join goes with it.
            say(text + (may_act(Intent::Claim) ? " (c claims it)" : "") +
                (link_->hosting() && !link_->welcomed() ? "; " + link_->how_to_join() : ""));
            break;
        case Kind::Clock:
            if (!text.empty()) say(text);  // a DM chunk taken from a reserve
            break;
        case Kind::Chat:
            say(text);
            report_.chat_heard(text);
            break;
        case Kind::Dropped:
            premove_sent_.clear();
            say(text, true);
            break;
        case Kind::Started:
            // A server's game connected again by itself (the lobby's fresh code): the lost connection's
            // question no longer stands.
            if (link_->hosted()) report_.withdraw_question();
            // The clocks stand at a start by agreement, or while the other player is away (no pause p
            // could lift): the referee tells them apart.
            paused_ = link_->session().paused_by_agreement();
            say(link_->started_text(text, e.resumed));
            after_change(false);
            return;
        default:
            if (!text.empty()) say(text, e.kind == Kind::Refused);
            break;
    }
    // The autosave is written (and flushed) whole: only when what it keeps may have changed, so that a
    // stranger knocking with wrong codes, chat or offers cost no disk writes (an agreement comes as an Act).
    switch (e.kind) {
        case Kind::Refused:
        case Kind::Chat:
        case Kind::Watchers:
        case Kind::Offered:
        case Kind::Answered:
        case Kind::Lapsed:
        case Kind::Dropped: return;
        default: return autosave();
    }
}

}  // namespace gobblet::ui
