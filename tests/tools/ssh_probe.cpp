// build/ssh-probe: the lobby client as sshd's ForceCommand runs it, without a screen, for the script test
// of the SSH front door (tests/cli/ssh_door.sh). It reads what sshd tells it (saves/ssh_identity.h),
// connects to the server's unix socket, logs in as NAME by its SSH key (no machine secret: the account
// is everyone's), prints what happened and leaves.
//
//   build/ssh-probe unix:PATH NAME
//
// Prints, one a line: `identity ADDRESS KEY` (KEY `-` when none) or `identity none: WHY`; `ssh ok TEXT`
// or `ssh refused TEXT` (the server's answer to the ssh line); then `welcome NAME HOW` or `refused CODE
// TEXT` (or `closed WHY`, `no way to log in`, `timeout`). Exit status 0 after a welcome, 1 otherwise.
#include <poll.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "net/lobby_client.h"
#include "saves/ssh_identity.h"

using namespace gobblet;
namespace lobby = net::lobby;

namespace {

Millis steady_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: ssh-probe unix:PATH NAME\n");
        return 2;
    }
    const auto server = net::parse_endpoint(argv[1]);
    if (!server) {
        std::fprintf(stderr, "ssh-probe: %s\n", server.why().c_str());
        return 2;
    }
    const saves::SshIdentity id = saves::ssh_identity_from_env();
    lobby::Config c;
    c.server = *server;
    c.name = argv[2];
    if (id.present) {
        std::printf("identity %s %s\n", id.address.c_str(), id.key.empty() ? "-" : id.key.c_str());
        c.ssh = lobby::Config::Ssh{id.address, id.key};
    } else {
        std::printf("identity none: %s\n", id.problem.empty() ? "not run by sshd" : id.problem.c_str());
    }
    Millis now = steady_now();
    auto started = lobby::Client::start(c, now);
    if (!started) {
        std::printf("closed %s\n", started.why().c_str());
        return 1;
    }
    const auto client = std::move(started).take();
    const Millis until = now + 10'000;
    while (now < until) {
        std::vector<pollfd> fds;
        client->pollfds(fds);
        const Millis wait = client->until_next(now);
        ::poll(fds.data(), fds.size(), int(wait < 0 ? 100 : std::min<Millis>(wait, 100)));
        now = steady_now();
        client->on_poll(fds, now);
        while (auto e = client->next_event()) {
            using K = lobby::Event::Kind;
            if (e->kind == K::Line && e->message) {
                if (const auto* ok = std::get_if<lobby::Ok>(&*e->message); ok && ok->verb == "ssh")
                    std::printf("ssh ok %s\n", ok->text.c_str());
                if (const auto* no = std::get_if<lobby::Refused>(&*e->message); no && no->verb == "ssh")
                    std::printf("ssh refused %s\n", no->text.c_str());
            }
            if (e->kind == K::LoggedIn) {
                const auto& w = std::get<lobby::Welcome>(*e->message);
                std::printf("welcome %s %s\n", w.name.c_str(), lobby::how_word(w.how));
                client->leave("the probe is done", now);
                return 0;
            }
            if (e->kind == K::LoginRefused) {
                const auto& r = std::get<lobby::Refused>(*e->message);
                std::printf("refused %s %s\n", lobby::refusal_word(r.code), r.text.c_str());
                return 1;
            }
            if (e->kind == K::Closed || e->kind == K::Lost) {
                std::printf("closed %s\n", e->text.c_str());
                return 1;
            }
        }
        if (client->phase() == lobby::Client::Phase::Greeted) {
            std::printf("no way to log in\n");
            return 1;
        }
    }
    std::printf("timeout\n");
    return 1;
}
