#!/usr/bin/env bash
# docs/design.md's "Every file" lists every .h and .cpp of the tree, and nothing that is gone: a new file
# gets its line, a removed one loses it.
source "$(dirname "$0")/lib.bash"
doc="$ROOT/docs/design.md"
[ -f "$doc" ] || fail "no docs/design.md"
# The section from its heading to the next "## " heading.
section=$(awk '/^## Every file$/ {on = 1; next} on && /^## / {exit} on' "$doc")
[ -n "$section" ] || fail "docs/design.md has no \"## Every file\" section"
listed=$(grep -oE '`[A-Za-z0-9_./-]+\.(h|cpp)`' <<<"$section" | tr -d '`' | sort -u)
present=$(cd "$ROOT" && { ls main.cpp; find engine saves net server ui tests -type f \( -name '*.h' -o -name '*.cpp' \); } |
          sort -u)
[ "$(wc -l <<<"$present")" -gt 150 ] || fail "found only $(wc -l <<<"$present") source files: wrong folder?"
missing=$(comm -23 <(echo "$present") <(echo "$listed"))
gone=$(comm -13 <(echo "$present") <(echo "$listed"))
[ -z "$missing" ] || fail "docs/design.md (\"Every file\") does not describe: $(echo $missing)"
[ -z "$gone" ] || fail "docs/design.md (\"Every file\") lists files that do not exist: $(echo $gone)"
