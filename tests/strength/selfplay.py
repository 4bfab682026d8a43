#!/usr/bin/env python3
"""Self-play between two builds of the engine over the engine protocol (docs/protocol.md), as chess
engines measure strength (Stockfish's fishtest): every opening of a book is played twice, once with each
build as White, both thinking the same time (or nodes) a move, and the score is reported as Elo with a
95% error bar, or stopped early by a sequential probability ratio test. docs/strength.md describes it and
keeps the table of what each change to search or evaluation gained.

    tests/strength/selfplay.py --first "./main --gtp --level max --think 0.1" \\
        --second "/tmp/base/main --gtp --level max --think 0.1" --games 400 --concurrency 2

    tests/strength/selfplay.py openings --engine "./main --gtp" > tests/strength/openings.txt
    tests/strength/selfplay.py tally run1.txt run2.txt    # several runs' --results, summed

A third process (--referee, by default another copy of the second) referees: it receives every move with `play`,
so a move it refuses is an illegal move and loses, and its `result` decides the game (a line, no legal
move, a threefold repetition). A move that takes longer than --move-limit seconds loses on time. Games
still going after --max-plies plies are drawn. Never part of `make test`.
"""
import argparse
import math
import os
import random
import shlex
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BOOK = os.path.join(HERE, "openings.txt")


class EngineError(Exception):
    pass


class Gtp:
    """One engine process spoken to over the protocol: a command, then its reply up to the empty line."""

    def __init__(self, command):
        self.command = command
        self.p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def ask(self, line):
        """(ok, text): ok for '=', False for '?'."""
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except BrokenPipeError as e:
            raise EngineError(f"{self.command}: exited before '{line}'") from e
        lines = []
        while True:
            out = self.p.stdout.readline()
            if out == "":
                raise EngineError(f"{self.command}: exited during '{line}'")
            if out == "\n":
                if lines:
                    break
                continue
            lines.append(out.rstrip("\n"))
        reply = "\n".join(lines)
        ok = reply.startswith("=")
        return ok, reply.lstrip("=?0123456789").strip()

    def must(self, line):
        ok, text = self.ask(line)
        if not ok:
            raise EngineError(f"{self.command}: '{line}' failed: {text}")
        return text

    def close(self):
        try:
            self.ask("quit")
        except EngineError:
            pass
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def read_book(path):
    book = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if line:
                book.append(line)
    return book


class Game:
    """The outcome of one game, from the first build's point of view."""

    def __init__(self, opening, first_is_white):
        self.opening = opening
        self.first_is_white = first_is_white
        self.points = 0.5  # the first build's
        self.how = ""
        self.plies = 0
        self.slowest = 0.0  # seconds of the slowest move of either build
        self.time_loss = None  # "first" or "second"
        self.illegal = None
        self.moves = []  # every move, the opening's included
        self.white_points = 0.5


def play_game(engines, referee, opening, first_is_white, args):
    """engines: [first, second]. Returns a Game."""
    g = Game(opening, first_is_white)
    for e in engines + [referee]:
        e.must("clear_board")
        for m in opening:
            e.must("play " + m)
    # Index into engines of the side to move.
    white = 0 if first_is_white else 1
    mover = white if len(opening) % 2 == 0 else 1 - white
    plies = len(opening)
    while True:
        result = referee.must("result")
        if result != "none":
            word = result.split()[0]
            if word == "draw":
                g.points, g.how = 0.5, result
            else:
                winner_is_first = (word == "white") == first_is_white
                g.points = 1.0 if winner_is_first else 0.0
                g.how = result
            break
        if plies >= args.max_plies:
            g.points, g.how = 0.5, f"draw after {plies} plies"
            break
        start = time.monotonic()
        move = engines[mover].must("genmove")
        took = time.monotonic() - start
        g.slowest = max(g.slowest, took)
        name = "first" if mover == 0 else "second"
        if took > args.move_limit:
            g.points = 0.0 if mover == 0 else 1.0
            g.time_loss = name
            g.how = f"{name} lost on time ({took:.3f} s for {move})"
            break
        ok, why = referee.ask("play " + move)
        if not ok:
            g.points = 0.0 if mover == 0 else 1.0
            g.illegal = name
            g.how = f"{name} played an illegal move {move}: {why}"
            break
        engines[1 - mover].must("play " + move)
        g.moves.append(move)
        plies += 1
        mover = 1 - mover
    g.plies = plies
    g.moves = list(opening) + g.moves
    g.white_points = g.points if first_is_white else 1 - g.points
    return g


def score_of(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


class Tally:
    """Results by opening pair (a pair is the two games of one opening): the pentanomial count."""

    def __init__(self):
        self.games = []
        self.pairs = {}  # pair index -> [points of its games]

    def add(self, pair, game):
        self.games.append(game)
        self.pairs.setdefault(pair, []).append(game.points)

    def wins_losses_draws(self):
        w = sum(1 for g in self.games if g.points == 1)
        l = sum(1 for g in self.games if g.points == 0)
        return w, l, len(self.games) - w - l

    def score(self):
        return sum(g.points for g in self.games) / len(self.games) if self.games else 0.5

    def pair_scores(self):
        return [sum(p) / 2 for p in self.pairs.values() if len(p) == 2]

    def stats(self):
        """(score, elo, elo_low, elo_high, los): the 95% interval from the variance of pair scores (the
        two games of an opening are not independent), or of game scores before any pair is complete."""
        s = self.score()
        units = self.pair_scores()
        if len(units) < 2:
            units = [g.points for g in self.games]
        n = len(units)
        if n < 2:
            return s, elo_of(s), -math.inf, math.inf, 0.5
        mean = sum(units) / n
        var = sum((x - mean) ** 2 for x in units) / (n - 1)
        se = math.sqrt(var / n) if var > 0 else 1e-9
        low, high = s - 1.96 * se, s + 1.96 * se
        los = 0.5 * (1 + math.erf((mean - 0.5) / se / math.sqrt(2)))
        return s, elo_of(s), elo_of(low), elo_of(high), los

    def llr(self, elo0, elo1):
        """The log-likelihood ratio of elo1 against elo0 (normal approximation on pair scores, as
        fishtest's pentanomial GSPRT)."""
        units = self.pair_scores()
        n = len(units)
        if n < 2:
            return 0.0
        mean = sum(units) / n
        var = sum((x - mean) ** 2 for x in units) / n
        if var <= 0:
            var = 1e-3
        s0, s1 = score_of(elo0), score_of(elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def summary(t, args, final=False):
    w, l, d = t.wins_losses_draws()
    s, elo, low, high, los = t.stats()
    n = len(t.games)
    text = (f"{n} games: first {w} wins, {l} losses, {d} draws; score {100 * s:.1f}%; "
            f"Elo {elo:+.1f} (95%: {low:+.1f} to {high:+.1f}); LOS {100 * los:.1f}%")
    if args.sprt:
        text += f"; LLR {t.llr(*args.sprt):+.2f} ({args.bounds[0]:+.2f}, {args.bounds[1]:+.2f})"
    if final:
        time_losses = [g.time_loss for g in t.games if g.time_loss]
        illegal = [g.illegal for g in t.games if g.illegal]
        reps = sum(1 for g in t.games if g.how == "draw")
        slowest = max((g.slowest for g in t.games), default=0)
        text += (f"\nlosses on time: first {time_losses.count('first')}, second {time_losses.count('second')}"
                 f"; illegal moves: first {illegal.count('first')}, second {illegal.count('second')}"
                 f"; draws by repetition {reps}; slowest move {slowest:.3f} s"
                 + (f" (limit {args.move_limit:.3f} s)" if args.move_limit == args.move_limit else ""))
    return text


def run_match(args):
    book = read_book(args.book)
    if not book:
        sys.exit(f"selfplay: no openings in {args.book}")
    rng = random.Random(args.seed)
    order = list(range(len(book)))
    rng.shuffle(order)
    pairs = (args.games + 1) // 2
    # A long match may be played as several runs, each from pair --from-pair on, their --results tallied.
    first_pair = args.from_pair
    jobs = [(i, order[i % len(order)], first_white) for i in range(first_pair, first_pair + pairs)
            for first_white in (True, False)]
    lock = threading.Lock()
    tally = Tally()
    stop = threading.Event()
    verdict = []
    next_job = [0]
    print(f"first:  {args.first}\nsecond: {args.second}\n{len(jobs)} games from {min(pairs, len(book))} "
          f"openings of {args.book} (pairs {first_pair + 1} to {first_pair + pairs} of seed {args.seed}'s "
          f"order), {args.concurrency} at a time", flush=True)

    def worker():
        engines = [Gtp(args.first), Gtp(args.second)]
        referee = Gtp(args.referee or args.second)
        try:
            while not stop.is_set():
                with lock:
                    if next_job[0] >= len(jobs):
                        return
                    pair, opening, first_white = jobs[next_job[0]]
                    next_job[0] += 1
                g = play_game(engines, referee, book[opening], first_white, args)
                with lock:
                    tally.add(pair, g)
                    if results_out:
                        results_out.write(f"{pair} {int(first_white)} {g.points} {int(bool(g.time_loss))} "
                                          f"{int(bool(g.illegal))} {g.plies} {g.slowest:.3f} {g.how}\n")
                        results_out.flush()
                    if games_out:
                        word = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2"}[g.white_points]
                        games_out.write(word + " " + " ".join(g.moves) + "\n")
                        games_out.flush()
                    n = len(tally.games)
                    colour = "White" if first_white else "Black"
                    print(f"game {n} (opening {opening + 1}, first plays {colour}): "
                          f"{ {1.0: '1-0', 0.0: '0-1', 0.5: '1/2'}[g.points]} for first, {g.plies} plies, "
                          f"{g.how}", flush=True)
                    if n % args.report == 0:
                        print(summary(tally, args), flush=True)
                    if args.sprt and len(tally.pair_scores()) >= 2:
                        llr = tally.llr(*args.sprt)
                        if llr <= args.bounds[0] or llr >= args.bounds[1]:
                            verdict.append("H1 accepted: first is stronger by at least elo1"
                                           if llr >= args.bounds[1] else
                                           "H0 accepted: first is not stronger by elo1")
                            stop.set()
        finally:
            for e in engines + [referee]:
                e.close()

    games_out = open(args.games_out, "a") if args.games_out else None
    results_out = open(args.results, "a") if args.results else None
    threads = [threading.Thread(target=worker) for _ in range(args.concurrency)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    print(summary(tally, args, final=True))
    if verdict:
        print("SPRT: " + verdict[0])
    bad = any(g.time_loss or g.illegal for g in tally.games)
    return 1 if bad else 0


def tally_results(args):
    """The summary of the games in --results files of one or more runs of the same match."""
    t = Tally()
    for path in args.files:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                words = line.split(maxsplit=7)
                try:
                    pair, first_white, points, time_loss, illegal, plies, slowest = (
                        int(words[0]), int(words[1]), float(words[2]), int(words[3]), int(words[4]), int(words[5]),
                        float(words[6]))
                    if points not in (0.0, 0.5, 1.0) or first_white not in (0, 1):
                        raise ValueError
                except (ValueError, IndexError):
                    sys.exit(f"selfplay: {path}:{number}: not a line of --results")
                g = Game(None, bool(first_white))
                g.points, g.plies, g.slowest = points, plies, slowest
                g.how = words[7].strip() if len(words) > 7 else ""
                loser = "first" if points == 0 else "second"
                if time_loss:
                    g.time_loss = loser
                if illegal:
                    g.illegal = loser
                t.add((path, pair) if args.separate else pair, g)
    if not t.games:
        sys.exit("selfplay: no games in the files")
    args.sprt = None
    print(summary(t, args, final=True))
    return 0


def make_openings(args):
    """Random openings of --plies plies whose position the engine's analysis calls balanced."""
    rng = random.Random(args.seed)
    e = Gtp(args.engine)
    seen, out = set(), []
    tries = 0
    while len(out) < args.count and tries < args.count * 50:
        tries += 1
        e.must("clear_board")
        moves = []
        for _ in range(args.plies):
            legal = e.must("legal_moves").split()
            if not legal:
                break
            m = rng.choice(legal)
            e.must("play " + m)
            moves.append(m)
        key = " ".join(moves)
        if len(moves) < args.plies or key in seen or e.must("result") != "none":
            continue
        line = e.must(f"analyze depth {args.depth}")
        # "1. about even (cp +12), depth 8: ..."
        try:
            number = line.split("(", 1)[1].split(")", 1)[0]
        except IndexError:
            continue
        if not number.startswith("cp ") or abs(int(number[3:])) > args.margin:
            continue
        seen.add(key)
        out.append(f"{key}  # {number}")
    e.close()
    print(f"# {len(out)} openings of {args.plies} plies, balanced within {args.margin} cp at depth "
          f"{args.depth} ({args.engine}, seed {args.seed}): tests/strength/selfplay.py openings")
    print("\n".join(out))
    return 0


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "tally":
        p = argparse.ArgumentParser(prog="selfplay.py tally", description=tally_results.__doc__)
        p.add_argument("files", nargs="+")
        p.add_argument("--separate", action="store_true", help="the files' pairs are different openings even "
                       "where their numbers are the same (runs of other seeds)")
        args = p.parse_args(sys.argv[2:])
        args.move_limit = float("nan")  # not known here
        return tally_results(args)
    if len(sys.argv) > 1 and sys.argv[1] == "openings":
        p = argparse.ArgumentParser(prog="selfplay.py openings", description=make_openings.__doc__)
        p.add_argument("--engine", default="./main --gtp")
        p.add_argument("--count", type=int, default=200)
        p.add_argument("--plies", type=int, default=4)
        p.add_argument("--depth", type=int, default=8)
        p.add_argument("--margin", type=int, default=60, help="largest |score| in centipoints")
        p.add_argument("--seed", type=int, default=1)
        return make_openings(p.parse_args(sys.argv[2:]))
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--first", required=True, help="the build under test, its whole command (… --gtp …)")
    p.add_argument("--second", required=True, help="the reference build's command")
    p.add_argument("--referee", help="a command that referees (default: the second's own, which is never "
                   "asked for a move, only to judge them)")
    p.add_argument("--book", default=DEFAULT_BOOK, help="openings, one a line (default openings.txt)")
    p.add_argument("--games", type=int, default=400, help="games (rounded up to pairs; default 400)")
    p.add_argument("--concurrency", type=int, default=1, help="games played at once (default 1)")
    p.add_argument("--move-limit", type=float, default=1.0,
                   help="seconds a move may take before it loses on time (default 1)")
    p.add_argument("--max-plies", type=int, default=300, help="plies before a game is drawn (default 300)")
    p.add_argument("--sprt", help="ELO0,ELO1: stop when the SPRT decides (alpha = beta = 0.05)")
    p.add_argument("--seed", type=int, default=1, help="the order of the openings (default 1)")
    p.add_argument("--games-out", help="appends each game to this file: its result for White (1-0, 0-1, "
                   "1/2), then its moves (build/tune-eval fit reads it)")
    p.add_argument("--report", type=int, default=20, help="a summary every N games (default 20)")
    p.add_argument("--from-pair", type=int, default=0, help="start at this pair (from 0) of the shuffled "
                   "book: a long match played as several runs of the same --seed")
    p.add_argument("--results", help="appends each game's result to this file (selfplay.py tally FILE... "
                   "sums several runs): pair, first plays White (1/0), first's points, lost on time, "
                   "illegal move, plies, the slowest move's seconds, how it ended")
    args = p.parse_args()
    if args.sprt:
        args.sprt = tuple(float(x) for x in args.sprt.split(","))
        alpha = beta = 0.05
        args.bounds = (math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha))
    return run_match(args)


if __name__ == "__main__":
    sys.exit(main())
