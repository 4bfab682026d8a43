#include "waiting_room.h"

namespace gobblet::net {

WaitingRoom::Room WaitingRoom::room_for(const std::string& source) const {
    Room room;
    const auto from = from_.find(source);
    std::size_t after = where_.size();
    if (from != from_.end() && from->second >= per_source_) {
        if (rule_ == WhenSourceFull::TurnAway) {
            room.turned_away = true;
            return room;
        }
        // The source's oldest (a walk: a room that replaces holds few).
        for (const auto& [at, id] : order_)
            if (where_.at(id).second == source) {
                room.replaced = id;
                --after;
                break;
            }
    }
    if (after >= in_all_ && !order_.empty()) {
        auto oldest = order_.begin();
        if (room.replaced && oldest->second == *room.replaced) ++oldest;
        if (oldest != order_.end()) room.made_way = oldest->second;
    }
    return room;
}

void WaitingRoom::enter(Id id, const std::string& source, Millis at) {
    if (holds(id)) return;
    order_.emplace(at, id);
    where_.emplace(id, std::make_pair(at, source));
    ++from_[source];
}

void WaitingRoom::leave(Id id) {
    const auto it = where_.find(id);
    if (it == where_.end()) return;
    order_.erase({it->second.first, id});
    if (const auto from = from_.find(it->second.second); from != from_.end() && --from->second == 0)
        from_.erase(from);
    where_.erase(it);
}

std::vector<WaitingRoom::Id> WaitingRoom::waiting() const {
    std::vector<Id> out;
    out.reserve(order_.size());
    for (const auto& [at, id] : order_) out.push_back(id);
    return out;
}

void WaitingRoom::clear() {
    order_.clear();
    where_.clear();
    from_.clear();
}

}  // namespace gobblet::net
