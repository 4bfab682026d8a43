#!/usr/bin/env bash
# --bench-store times the server's database and leaves nothing behind; it never touches an existing file.
# (The figures themselves are for people: docs/manual.md "Benchmarks". Only their presence is checked here.)
source "$(dirname "$0")/lib.bash"
mkdir "$WORK/disk"
out=$("$MAIN" --bench-store --db "$WORK/disk/b.db")
expect_contains "facts" "$out" "append_fact (WAL + synchronous=NORMAL)         5000 in "
expect_contains "normal" "$out" "a row a commit, WAL + synchronous=NORMAL"
expect_contains "full" "$out" "a row a commit, WAL + synchronous=FULL"
expect_contains "results" "$out" "create_game + finish_game, rated"
expect_contains "secrets" "$out" "check_secret"
expect_contains "restart" "$out" "games_in_progress: 201 games, 17000 facts read back in"
expect_contains "password" "$out" "password hash (Argon2id, 2 passes, 64 MiB): "
expect_eq "nothing left" "$(ls -A "$WORK/disk")" ""
# An existing file at the path, or at one the benchmark would make, is refused and kept.
echo keep >"$WORK/disk/b.db.full"
status=0
"$MAIN" --bench-store --db "$WORK/disk/b.db" >"$WORK/out" 2>"$WORK/err" || status=$?
expect_eq "refused" "$status" "1"
expect_eq "message" "$(cat "$WORK/err")" "gobblet: --bench-store: $WORK/disk/b.db.full exists: the benchmark writes new files and removes them, so give a path where nothing is"
expect_eq "kept" "$(cat "$WORK/disk/b.db.full")" "keep"
expect_eq "nothing made" "$(ls -A "$WORK/disk")" "b.db.full"
