#!/usr/bin/env python3
"""Plays ./main --gtp against PLT Games' Gobblet auto-player and prints the score.

Optional strength measurement (never part of `make test`); needs Debian's `racket` package.
Usage: tests/strength/plt-match.py [--games N] [--size 4|3] [--level max] [--think S] [--plt-seconds S]
Our engine referees: the result is what `result` says after each move; colours alternate.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


class Gtp:
    def __init__(self, args):
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("engine exited during: " + command)
            if line == "\n" and lines:
                break
            lines.append(line.rstrip("\n"))
        reply = "\n".join(lines)
        if not reply.startswith("="):
            raise RuntimeError(f"{command}: {reply}")
        return reply[1:].strip()


class Stacks:
    """Our reserve stacks, to name PLT's entering moves the way our notation does."""

    def __init__(self, size):
        self.size = size
        self.count = {c: [4 if size == 4 else 2] * 3 for c in "WK"}

    def top(self, side, i):
        n = self.count[side][i]
        return n if self.size == 4 else (3 - i if n else 0)

    def enter(self, side, i):
        self.count[side][i] -= 1

    def stack_for(self, side, piece_size):
        return next(i for i in range(3) if self.top(side, i) == piece_size)


def square(name):
    return ord(name[0]) - ord("A"), ord(name[1]) - ord("1")


def name(row, col):
    return chr(ord("A") + row) + chr(ord("1") + col)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--size", type=int, default=4)
    ap.add_argument("--level", default="max")
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--plt-seconds", type=float, default=3.0)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()

    ours_wins = plt_wins = draws = 0
    for g in range(a.games):
        engine = Gtp([os.path.join(ROOT, "main"), "--gtp", "--size", str(a.size), "--seed", str(a.seed + g)])
        engine.ask(f"level {a.level}")
        engine.ask(f"time_settings 0 {a.think} 1")
        plt = subprocess.Popen(["racket", os.path.join(HERE, "plt-player.rkt"), str(a.size), str(a.plt_seconds)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        stacks = Stacks(a.size)
        ours = "white" if g % 2 == 0 else "black"
        moves = []
        result = "none"
        while result == "none" and len(moves) < a.max_plies:
            side = engine.ask("to_move")
            letter = "W" if side == "white" else "K"
            if side == ours:
                move = engine.ask("genmove")
            else:
                plt.stdin.write("go\n")
                plt.stdin.flush()
                reply = plt.stdout.readline().split()
                if reply[0] == "enter":
                    size, row, col = int(reply[1]) + 1, int(reply[2]), int(reply[3])
                    move = f"{letter}{stacks.stack_for(letter, size) + 1}{name(row, col)}"
                else:
                    move = name(int(reply[1]), int(reply[2])) + name(int(reply[3]), int(reply[4]))
                engine.ask("play " + move)
            if move[0] in "WK":
                i = int(move[1]) - 1
                plt_size = stacks.top(move[0], i) - 1
                stacks.enter(move[0], i)
                r, c = square(move[2:])
                plt.stdin.write(f"enter {plt_size} {r} {c}\n")
            else:
                (r1, c1), (r2, c2) = square(move[:2]), square(move[2:])
                plt.stdin.write(f"move {r1} {c1} {r2} {c2}\n")
            plt.stdin.flush()
            moves.append(move)
            if os.environ.get("PLT_DEBUG"): print(move, file=sys.stderr, flush=True)
            result = engine.ask("result")
        plt.stdin.close()
        plt.wait()
        engine.ask("quit")
        if result in ("none", "draw"):
            draws += 1
            verdict = "draw"
        elif result == ours:
            ours_wins += 1
            verdict = "gobblet wins"
        else:
            plt_wins += 1
            verdict = "PLT wins"
        print(f"game {g + 1}: gobblet {ours}, {len(moves)} plies, {verdict}: {' '.join(moves)}", flush=True)
    total = ours_wins + plt_wins + draws
    print(f"gobblet {ours_wins} wins, PLT {plt_wins} wins, {draws} draws in {total} games "
          f"(gobblet scores {100.0 * (ours_wins + 0.5 * draws) / max(total, 1):.1f}%)")


if __name__ == "__main__":
    sys.exit(main())
