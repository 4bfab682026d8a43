// The autosaves' slots and their locks (autosave.h).
#include "autosave.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <utility>

namespace gobblet::saves {

namespace fs = std::filesystem;

namespace {

fs::path lock_path(const fs::path& dir, int n) {
    return dir / (n == 1 ? std::string("autosave.lock") : "autosave-" + std::to_string(n) + ".lock");
}

// Opens and locks slot n's lock file: its descriptor, held; none when another copy holds it; or why it
// cannot be opened or locked.
Expected<std::optional<int>> lock_slot(const fs::path& dir, int n) {
    const fs::path lock = lock_path(dir, n);
    const auto failed = [&](const std::string& what) {
        return Failure{"cannot write " + lock.string() + ": " + what};
    };
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return failed(ec.message());
    // Never through a link, never a device or a pipe: the lock is a plain file of ours.
    constexpr int flags = O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY;
    int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | flags, 0644);
    if (fd < 0 && (errno == EACCES || errno == EROFS)) fd = ::open(lock.c_str(), O_RDONLY | flags);
    if (fd < 0) return failed(errno == ELOOP ? "it is a symbolic link" : std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return failed("it is not a regular file");
    }
    for (;;) {
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return std::optional<int>(fd);
        if (errno == EINTR) continue;
        // A file system without locks: the slot is ours as far as anyone can tell.
        if (errno == ENOLCK || errno == EINVAL || errno == EOPNOTSUPP) return std::optional<int>(fd);
        const bool busy = errno == EWOULDBLOCK;
        const std::string what = std::strerror(errno);
        ::close(fd);
        if (busy) return std::optional<int>();
        return failed(what);
    }
}

// Whether a copy holds slot n now. Only reads: a lock file that is not there is no copy's.
bool held_by_a_copy(const fs::path& dir, int n) {
    const int fd =
        ::open(lock_path(dir, n).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return false;
    // A shared lock: two copies looking at once do not take each other for a holder.
    int r;
    do r = ::flock(fd, LOCK_SH | LOCK_NB);
    while (r != 0 && errno == EINTR);
    const bool busy = r != 0 && errno == EWOULDBLOCK;
    ::close(fd);  // drops the shared lock, if taken
    return busy;
}

}  // namespace

fs::path slot_path(const fs::path& dir, int n) {
    return dir / (n == 1 ? std::string("autosave.txt") : "autosave-" + std::to_string(n) + ".txt");
}

std::optional<int> slot_of(const fs::path& path) {
    const std::string name = path.filename().string();
    if (name == "autosave.txt") return 1;
    constexpr std::string_view head = "autosave-", tail = ".txt";
    if (name.size() <= head.size() + tail.size() || name.compare(0, head.size(), head) != 0 ||
        name.compare(name.size() - tail.size(), tail.size(), tail) != 0)
        return std::nullopt;
    const std::string_view digits(name.data() + head.size(), name.size() - head.size() - tail.size());
    int n = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || end != digits.data() + digits.size() || n < 2 || n > max_slots ||
        digits.front() == '0')
        return std::nullopt;
    return n;
}

AutosaveSlot& AutosaveSlot::operator=(AutosaveSlot&& other) noexcept {
    if (this != &other) {
        release();
        fd_ = std::exchange(other.fd_, -1);
        number_ = std::exchange(other.number_, 0);
        path_ = std::exchange(other.path_, {});
    }
    return *this;
}

void AutosaveSlot::release() {
    if (fd_ >= 0) ::close(fd_);  // the lock goes with the last descriptor
    fd_ = -1;
    number_ = 0;
    path_.clear();
}

Expected<AutosaveSlot> claim_slot(const fs::path& dir, int n) {
    const Expected<std::optional<int>> held = lock_slot(dir, n);
    if (!held) return Failure{held.why()};
    if (!*held) return Failure{"another copy of gobblet holds " + slot_path(dir, n).string()};
    AutosaveSlot slot;
    slot.fd_ = **held;
    slot.number_ = n;
    slot.path_ = slot_path(dir, n);
    return slot;
}

Expected<AutosaveSlot> claim_free_slot(const fs::path& dir) {
    for (int n = 1; n <= max_slots; ++n) {
        Expected<AutosaveSlot> slot = claim_slot(dir, n);
        if (slot) return slot;
        // A folder that cannot be written fails every slot alike: said once, for the first.
        if (slot.why().rfind("another copy", 0) != 0) return slot;
    }
    return Failure{"every autosave in " + dir.string() + " is held by another copy of gobblet (" +
                   std::to_string(max_slots) + " at once)"};
}

bool SlotState::unfinished() const { return record && *record && saves::unfinished((*record)->match); }

std::vector<SlotFile> slot_files(const fs::path& dir) {
    std::vector<SlotFile> out;
    for (int n = 1; n <= max_slots; ++n) {
        SlotFile s;
        s.number = n;
        s.path = slot_path(dir, n);
        s.busy = held_by_a_copy(dir, n);
        std::error_code ec;
        s.exists = fs::is_regular_file(fs::symlink_status(s.path, ec));
        if (!s.exists && !s.busy) continue;
        if (s.exists) s.written = fs::last_write_time(s.path, ec);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<SlotState> autosave_slots(const fs::path& dir) {
    std::vector<SlotState> out;
    for (const SlotFile& f : slot_files(dir)) {
        SlotState s;
        s.number = f.number;
        s.path = f.path;
        s.busy = f.busy;
        s.written = f.written;
        if (f.exists)
            if (const Expected<std::string> text = read_file(s.path); text) s.record = read_record(*text);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<SlotState> waiting_games(const std::vector<SlotState>& slots) {
    std::vector<SlotState> out;
    for (const SlotState& s : slots)
        if (!s.busy && s.unfinished()) out.push_back(s);
    std::stable_sort(out.begin(), out.end(),
                     [](const SlotState& a, const SlotState& b) { return a.written > b.written; });
    return out;
}

}  // namespace gobblet::saves
