#!/usr/bin/env bash
# --ratings prints the ratings kept in a server database as aligned text, best first, per variant
# (--rules and --size pick one list); a missing or unreadable database is a message and exit status 1.
source "$(dirname "$0")/lib.bash"
FIXTURE=${GOBBLET_STORE_FIXTURE:-$ROOT/build/store-fixture}
[ -x "$FIXTURE" ] || fail "build/store-fixture is missing (make builds it with the unit tests)"
db="$WORK/server.db"
"$FIXTURE" "$db" <<'END' || fail "store-fixture"
account Aoife
account Brian
account Émile
rated official 4 Aoife Brian player0
rated official 4 Émile Brian draw
rated rogers 3 Brian Aoife player0
END
# Two newcomers' first game moves them 162 points each way with RD 290 (tests/test_glicko2.cpp).
out=$("$MAIN" --ratings --db "$db")
# `last`: what each player's last rated game of the variant did (Brian's draw with Émile: +38).
expected="official rules, 4x4
#  name   rating  deviation  games  won-lost-drawn  last
1  Aoife    1662        290      1  1-0-0           +162
2  Émile    1442        287      1  0-0-1           -58
3  Brian    1376        256      2  0-1-1           +38

rogers rules, 3x3
#  name   rating  deviation  games  won-lost-drawn  last
1  Brian    1662        290      1  1-0-0           +162
2  Aoife    1338        290      1  0-1-0           -162"
expect_eq "every list" "$out" "$expected"
expect_eq "--size 3" "$("$MAIN" --ratings --db "$db" --size 3)" "$(tail -n 4 <<<"$expected")"
expect_eq "--rules official --size 4" "$("$MAIN" --ratings --db "$db" --rules official --size 4)" \
    "$(head -n 5 <<<"$expected")"
expect_eq "no such list" "$("$MAIN" --ratings --db "$db" --rules rogers --size 4)" \
    "no rated games under the rogers rules on 4x4 in $db yet"

# The default database is $XDG_DATA_HOME/gobblet/server.db.
mkdir -p "$XDG_DATA_HOME/gobblet"
cp "$db" "$XDG_DATA_HOME/gobblet/server.db"
expect_eq "default --db" "$("$MAIN" --ratings)" "$expected"

# What cannot be read: nothing on stdout, the reason on stderr, status 1; the file is left alone.
refused() {  # refused WHAT MESSAGE ARGS...
    local what=$1 message=$2
    shift 2
    local status=0
    "$MAIN" --ratings "$@" >"$WORK/out" 2>"$WORK/err" || status=$?
    expect_eq "$what: status" "$status" "1"
    expect_eq "$what: stdout" "$(cat "$WORK/out")" ""
    expect_eq "$what: stderr" "$(cat "$WORK/err")" "gobblet: --ratings: $message"
}
refused "missing" "$WORK/none.db: cannot open: no such file" --db "$WORK/none.db"
printf 'not a database at all, just some text that is long enough to look like a header\n' >"$WORK/notes.txt"
refused "not a database" \
    "$WORK/notes.txt is not an SQLite database, so not a gobblet server database; nothing was changed (give another --db)" \
    --db "$WORK/notes.txt"
expect_eq "text untouched" "$(cat "$WORK/notes.txt")" \
    "not a database at all, just some text that is long enough to look like a header"
refused "a folder" "$WORK: cannot open: it is a folder, not a database file" --db "$WORK"
: >"$WORK/empty.db"
refused "empty" "$WORK/empty.db holds no gobblet server data yet (an empty database)" --db "$WORK/empty.db"
cp "$db" "$WORK/newer.db"
"$FIXTURE" "$WORK/newer.db" <<<"user_version 99" || fail "store-fixture user_version"
# The version this build knows, from its one place (server/store.h), so a schema step does not break this.
known=$(sed -n 's/.*static constexpr int schema_version = \([0-9]*\);.*/\1/p' "$ROOT/server/store.h")
[[ $known =~ ^[0-9]+$ ]] || fail "server/store.h: no schema_version found"
refused "newer" "$WORK/newer.db is schema version 99; this gobblet knows up to $known: use a newer gobblet" \
    --db "$WORK/newer.db"
