# gobblet: `make` builds ./main, `make run` starts the game, `make test` runs every test.
# `make run` and `make test` first install the Debian packages they need when they are missing.
#
#   make test        the Catch2 unit tests (but the [.slow] ones) and the script tests (tests/cli, tests/ui)
#   make test-all    the same, with the [.slow] unit tests too
#   make sanitize    the whole test suite against a build with AddressSanitizer and UBSan (build-sanitize/)
#   make fuzz        every libFuzzer target for FUZZ_SECONDS each (clang++, build-fuzz/)
#   make NATIVE=1    a build tuned for this machine's processor (-march=native); the default is portable

CXX      ?= g++
# Line tables only (-g1): a backtrace still names each function and line, and full debug information
# cost 40% of each file's compile time (server/lobby_server.cpp: 23.7 s against 15.0 s), which the CI
# budget needs; `make CXXFLAGS="-O2 -g"` for a session in gdb.
CXXFLAGS ?= -O2 -g1
# Flags the build needs, kept apart so that `make CXXFLAGS=...` cannot drop them.
BUILD_CXXFLAGS := -std=c++20 -Wall -Wextra -Wpedantic -Wshadow -I. -MMD -MP
# libsodium for every program: the server keeps its secrets with it, and the lobby client hashes
# an SSH key (saves/ssh_identity) and makes this machine's secrets (saves/identity) with it.
BUILD_LDLIBS   := -lsodium -pthread
CURSES_LIBS    := -lncursesw
# The server's database (server/, and only the server's fuzz target among the fuzz targets).
SERVER_LIBS    := -lsqlite3
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX  ?= /usr/local
DESTDIR ?=

# Where objects go and what the game binary is called: the sanitizer and fuzzing builds use their own.
B   ?= build
BIN ?= main
NATIVE ?= 0
ifeq ($(NATIVE),1)
ARCH_FLAGS := -march=native
endif
# Instrumentation of the sanitizer and fuzzing builds (set by those targets, empty otherwise).
SAN_FLAGS ?=
COMPILE = $(CXX) $(BUILD_CXXFLAGS) $(CXXFLAGS) $(ARCH_FLAGS) $(SAN_FLAGS) $(CPPFLAGS)
# The unit tests' own files (not the code they test) are built lighter: most of the build's time went to
# optimising and describing their assertions, and -O1 -g1 (line numbers, no variables) halves that.
TEST_CXXFLAGS ?= -O1 -g1
LINK    = $(CXX) $(CXXFLAGS) $(ARCH_FLAGS) $(SAN_FLAGS) $(LDFLAGS)

# Grabble, the second game, has its own room in the engine (engine/grabble/: rules, word list index, search).
ENGINE_SRC := $(sort $(wildcard engine/*.cpp engine/grabble/*.cpp))
SAVES_SRC  := $(sort $(wildcard saves/*.cpp))
# ... and in the terminal (ui/grabble/: its screen, its table on the screen's time, its view).
UI_SRC     := $(sort $(wildcard ui/*.cpp ui/grabble/*.cpp))
NET_SRC    := $(sort $(wildcard net/*.cpp))
SERVER_SRC := $(sort $(wildcard server/*.cpp))
TEST_SRC   := $(sort $(wildcard tests/*.cpp))

# The version's definition is written from debian/changelog (below, "The version"): part of the engine.
ENGINE_OBJ := $(ENGINE_SRC:%.cpp=$(B)/%.o) $(B)/gen/version.o
SAVES_OBJ  := $(SAVES_SRC:%.cpp=$(B)/%.o)
UI_OBJ     := $(UI_SRC:%.cpp=$(B)/%.o)
NET_OBJ    := $(NET_SRC:%.cpp=$(B)/%.o)
SERVER_OBJ := $(SERVER_SRC:%.cpp=$(B)/%.o)
TEST_OBJ   := $(TEST_SRC:%.cpp=$(B)/%.o)
MAIN_OBJ   := $(B)/main.o
# The puzzle sets are compiled into the program (make install copies only the binary): each file of
# saves/puzzles becomes a raw string literal in $(B)/gen/puzzle_data.cpp.
PUZZLE_FILES := $(sort $(wildcard saves/puzzles/*.txt))
GEN_OBJ      := $(B)/gen/puzzle_data.o
# UI code that is plain logic (no curses calls), tested by the unit tests; the event loop the workers
# report through uses poll(), never curses, and neither do the table (a match, its seats, its review,
# its network link and its records) and the teacher (the analysis panel, the coach, the review, hints),
# nor what the game screen starts from (game_setup) and what a paste comes to (game_paste), nor ui/text,
# nor the rule of the engine's help (engine_help), nor Grabble's game on the screen's time (grabble/play).
UI_LOGIC_OBJ := $(B)/ui/input.o $(B)/ui/keys.o $(B)/ui/puzzle_session.o $(B)/ui/tutorial_steps.o \
                $(B)/ui/teach_text.o $(B)/ui/loop.o $(B)/ui/table.o $(B)/ui/table_network.o \
                $(B)/ui/table_play.o $(B)/ui/table_link.o $(B)/ui/table_records.o $(B)/ui/table_review.o \
                $(B)/ui/table_seats.o $(B)/ui/umpire.o \
                $(B)/ui/teacher.o $(B)/ui/lobby_view.o $(B)/ui/text.o $(B)/ui/game_paste.o $(B)/ui/game_setup.o \
                $(B)/ui/engine_help.o $(B)/ui/grabble/play.o $(B)/ui/controls.o

# The libFuzzer targets: tests/fuzz/NAME.cpp each, with tests/fuzz/NAME.dict and a seed corpus in
# tests/fuzz/corpus/NAME/. A new target is a new name here and those three things.
FUZZ_TARGETS := transcript savefile protocol wire lobby server grabble
FUZZ_SECONDS ?= 60
FUZZ_BIN     := $(FUZZ_TARGETS:%=build-fuzz/fuzz-%)

# (-Wno-maybe-uninitialized: g++ 12 warns falsely about <regex> inside Catch2 under the sanitizers.)
SANITIZE_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
                  -Wno-maybe-uninitialized
FUZZ_FLAGS     := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Packages: what building needs, what running adds (Grabble's word lists: wamerican's, and wamerican-small's
# common words for the easy computer), and what testing adds.
BUILD_PKGS := g++ make libncurses-dev libcli11-dev libsqlite3-dev libsodium-dev
RUN_PKGS   := $(BUILD_PKGS) wamerican wamerican-small
# dpkg-dev and systemd: tests/cli/debian.sh reads debian/ with dpkg's and systemd's own tools (systemd
# need not be running).
TEST_PKGS  := $(RUN_PKGS) catch2 tmux groff-base man-db openssh-server openssh-client dpkg-dev systemd
FUZZ_PKGS  := $(TEST_PKGS) clang
# What `make deb` adds: debhelper (with dpkg-dev) builds the packages, lintian checks them.
DEB_PKGS   := $(BUILD_PKGS) debhelper dpkg-dev lintian

.PHONY: all run test test-all bench-server bench-screen bench-memory sanitize fuzz deps deps-test deps-fuzz deps-deb deb test-deb format clean \
        install uninstall FORCE

all: $(BIN)

# Every object depends on the flags it was built with: changing CXXFLAGS or NATIVE rebuilds.
$(B)/flags: FORCE
	@mkdir -p $(B)
	@echo '$(COMPILE) | $(TEST_CXXFLAGS) | $(LINK)' | cmp -s - $@ || echo '$(COMPILE) | $(TEST_CXXFLAGS) | $(LINK)' > $@

$(BIN): $(MAIN_OBJ) $(ENGINE_OBJ) $(SAVES_OBJ) $(GEN_OBJ) $(NET_OBJ) $(SERVER_OBJ) $(UI_OBJ)
	$(LINK) -o $@ $^ $(CURSES_LIBS) $(SERVER_LIBS) $(BUILD_LDLIBS)

# The unit tests link the engine, saves, net, server and the UI's plain logic only: a stray curses call
# there fails this link. The script tests run the test tools ($(B)/hostile-peer, $(B)/store-fixture,
# $(B)/pty-run, $(B)/lobby-load, $(B)/ssh-probe, $(B)/screen-bench, $(B)/tune-eval): building the unit tests
# builds every one of them.
$(B)/unit-tests: $(TEST_OBJ) $(ENGINE_OBJ) $(SAVES_OBJ) $(GEN_OBJ) $(NET_OBJ) $(SERVER_OBJ) $(UI_LOGIC_OBJ) \
                 | $(B)/hostile-peer $(B)/store-fixture $(B)/pty-run $(B)/lobby-load $(B)/ssh-probe $(B)/screen-bench \
                   $(B)/tune-eval
	$(LINK) -o $@ $^ $(SERVER_LIBS) $(BUILD_LDLIBS)

# The hostile peer of the network tests (tests/tools/hostile_peer.cpp): connects to a host and misbehaves.
$(B)/hostile-peer: $(B)/tests/tools/hostile_peer.o $(ENGINE_OBJ) $(NET_OBJ)
	$(LINK) -o $@ $^ $(BUILD_LDLIBS)

# The server's load generator (tests/tools/lobby_load.cpp; docs/server.md, "Measurements").
$(B)/lobby-load: $(B)/tests/tools/lobby_load.o $(B)/tests/tools/load_matches.o $(B)/tests/tools/proc_figures.o \
                 $(ENGINE_OBJ) $(SAVES_OBJ) $(GEN_OBJ) $(NET_OBJ)
	$(LINK) -o $@ $^ $(BUILD_LDLIBS)

# The server under MATCHES concurrent matches with a spectator each, a move every INTERVAL seconds a match,
# for SECONDS (tests/bench/server.sh; docs/server.md, "Measurements"), PER_ADDRESS matches from each
# loopback address (the server's limits per address all on); SERVER_CPUS and LOAD_CPUS pin each to CPUs
# (taskset lists); NICE=N or RT=N (the real-time class, as root) runs them at that priority
# (tests/bench/lib.bash). Not part of make test (tests/cli/bench_limits.sh is its small run).
MATCHES  ?= 1000
SECONDS  ?= 30
INTERVAL ?= 3
LOBBIES  ?= auto
PER_ADDRESS ?= 4
bench-server: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(BIN) $(B)/lobby-load
	@NICE=$(NICE) RT=$(RT) LOBBIES=$(LOBBIES) PER_ADDRESS=$(PER_ADDRESS) tests/bench/server.sh $(MATCHES) $(SECONDS) $(INTERVAL) "$(SERVER_CPUS)" "$(LOAD_CPUS)"

# From Enter in one real lobby client to the move on the other's screen, both on pseudo-terminals of their
# own (build/screen-bench moves), while the same server carries bench-server's load of MATCHES matches
# (5,000 unless given) with a spectator each (tests/bench/screen.sh; docs/server.md, "Enter to the other
# screen"): PLIES moves (200) GAP seconds apart (0.25); SERVER_CPUS, LOAD_CPUS, NICE, RT, PER_ADDRESS as
# for bench-server. Not part of make test (tests/cli/screen_bench.sh is its small run).
PLIES ?= 200
GAP   ?= 0.25
bench-screen: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(BIN) $(B)/lobby-load $(B)/screen-bench
	@NICE=$(NICE) RT=$(RT) PER_ADDRESS=$(PER_ADDRESS) PLIES=$(PLIES) GAP=$(GAP) tests/bench/screen.sh \
	    $(if $(filter command line environment,$(origin MATCHES)),$(MATCHES),5000) "$(SERVER_CPUS)" "$(LOAD_CPUS)"

# The game's memory (at start, in a long game, with the analysis open), the server's per idle lobby
# connection and per match, and the start-up time to the first screen, RUNS runs (tests/bench/memory.sh;
# docs/design.md, "Memory and start-up"). Not part of make test (tests/cli/screen_bench.sh runs it small).
RUNS ?= 21
bench-memory: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(BIN) $(B)/lobby-load $(B)/screen-bench
	@NICE=$(NICE) RT=$(RT) RUNS=$(RUNS) tests/bench/memory.sh

# build/screen-bench: the program measured through pseudo-terminals of its own (tests/tools/screen_bench.cpp,
# tests/tools/vt_screen.h: what it writes applied to a screen). forkpty: -lutil, as pty-run.
$(B)/screen-bench: $(B)/tests/tools/screen_bench.o $(B)/tests/tools/proc_figures.o $(ENGINE_OBJ)
	$(LINK) -o $@ $^ -lutil $(BUILD_LDLIBS)

# Tunes the evaluation's weights on self-play positions (tests/tools/tune_eval.cpp; docs/strength.md);
# tests/cli/tune_eval.sh checks it.
$(B)/tune-eval: $(B)/tests/tools/tune_eval.o $(ENGINE_OBJ)
	$(LINK) -o $@ $^ $(BUILD_LDLIBS)

# Writes server databases for the script tests through the store's own API (tests/tools/store_fixture.cpp).
$(B)/store-fixture: $(B)/tests/tools/store_fixture.o $(ENGINE_OBJ) $(SAVES_OBJ) $(GEN_OBJ) $(NET_OBJ) $(SERVER_OBJ)
	$(LINK) -o $@ $^ $(SERVER_LIBS) $(BUILD_LDLIBS)

# The lobby client as sshd's ForceCommand runs it, without a screen (tests/tools/ssh_probe.cpp), for
# tests/cli/ssh_door.sh.
$(B)/ssh-probe: $(B)/tests/tools/ssh_probe.o $(ENGINE_OBJ) $(SAVES_OBJ) $(GEN_OBJ) $(NET_OBJ)
	$(LINK) -o $@ $^ $(BUILD_LDLIBS)

# Runs the game on a pseudo-terminal of its own and types at it (tests/tools/pty_run.cpp), for the tests
# that need keys to arrive exactly so (tests/cli/typeahead.sh). forkpty lived in libutil before glibc
# 2.34 (since then libutil is an empty library kept for this).
$(B)/pty-run: $(B)/tests/tools/pty_run.o
	$(LINK) -o $@ $^ -lutil $(BUILD_LDLIBS)

$(B)/%.o: %.cpp $(B)/flags
	@mkdir -p $(dir $@)
	$(COMPILE) -c $< -o $@

# The unit tests' precompiled header (tests/pch.h), built with exactly their flags; every test file is
# compiled with it included first. The copy beside the .gch is what -include names, so that g++ finds the
# .gch (and falls back to the copy, with a warning, if the .gch does not fit the flags).
TEST_PCH := $(B)/tests/pch.h.gch
# With the header precompiled, g++ 12 no longer treats what it inlines from the standard headers as
# system code and warns falsely that std::string's operator+ writes out of bounds (GCC bug 105651); the
# test files drop those two warnings, the code under test keeps them.
TEST_PCH_FLAGS := -Winvalid-pch -Wno-array-bounds -Wno-stringop-overflow
$(B)/tests/pch.h: tests/pch.h
	@mkdir -p $(dir $@)
	cp $< $@

$(TEST_PCH): $(B)/tests/pch.h $(B)/flags
	$(COMPILE) $(TEST_CXXFLAGS) $(TEST_PCH_FLAGS) -x c++-header -c $< -o $@

# Catch2's main is built without it: it includes catch.hpp with CATCH_CONFIG_MAIN, which the header
# precompiled without that macro would hide.
CATCH_MAIN_OBJ := $(B)/tests/catch_main.o
$(filter-out $(CATCH_MAIN_OBJ),$(TEST_OBJ)): $(B)/tests/%.o: tests/%.cpp $(B)/flags $(TEST_PCH)
	@mkdir -p $(dir $@)
	$(COMPILE) $(TEST_CXXFLAGS) $(TEST_PCH_FLAGS) -include $(B)/tests/pch.h -c $< -o $@

$(CATCH_MAIN_OBJ): tests/catch_main.cpp $(B)/flags
	@mkdir -p $(dir $@)
	$(COMPILE) $(TEST_CXXFLAGS) -c $< -o $@

# A fuzz target: its entry point linked with libFuzzer's main and the instrumented engine, saves and net.
$(B)/fuzz-%: $(B)/tests/fuzz/%.o $(ENGINE_OBJ) $(SAVES_OBJ) $(GEN_OBJ) $(NET_OBJ)
	$(LINK) -fsanitize=fuzzer -o $@ $^ $(BUILD_LDLIBS)

# The server's target needs the server and its libraries (the other targets do not link them).
$(B)/fuzz-server: $(B)/tests/fuzz/server.o $(ENGINE_OBJ) $(SAVES_OBJ) $(GEN_OBJ) $(NET_OBJ) $(SERVER_OBJ)
	$(LINK) -fsanitize=fuzzer -o $@ $^ $(SERVER_LIBS) $(BUILD_LDLIBS)

# The list of puzzle files, rewritten only when files come or go, so that removing one regenerates too.
$(B)/gen/puzzle_files.list: FORCE
	@mkdir -p $(dir $@)
	@[ "$$(cat $@ 2>/dev/null)" = "$(PUZZLE_FILES)" ] || echo "$(PUZZLE_FILES)" > $@

$(B)/gen/puzzle_data.cpp: $(PUZZLE_FILES) $(B)/gen/puzzle_files.list
	@mkdir -p $(dir $@)
	@{ printf '// Generated by the Makefile from saves/puzzles/*.txt: do not edit.\n'; \
	   printf '#include "saves/puzzles.h"\n\nnamespace gobblet::saves {\n\n'; \
	   printf 'const std::vector<EmbeddedText>& shipped_puzzle_texts() {\n'; \
	   printf '    static const std::vector<EmbeddedText> texts = {\n'; \
	   for f in $(PUZZLE_FILES); do \
	     printf '        {"%s", R"gobblet_puzzles(' "$$(basename "$$f" .txt)"; cat "$$f"; \
	     printf ')gobblet_puzzles"},\n'; \
	   done; \
	   printf '    };\n    return texts;\n}\n\n}  // namespace gobblet::saves\n'; } > $@.tmp
	@mv $@.tmp $@

$(GEN_OBJ): $(B)/gen/puzzle_data.cpp $(B)/flags
	$(COMPILE) -c $< -o $@

# The version: its one place is the top entry of debian/changelog, "gobblet (VERSION) ...", which is the
# Debian packages' version too (a native package: no Debian revision). engine/version.h declares it;
# $(B)/gen/version.cpp defines it, rewritten only when the version changes, so that only it recompiles.
VERSION := $(shell sed -n '1s/^gobblet (\([0-9][0-9A-Za-z.+~]*\)) .*/\1/p' debian/changelog 2>/dev/null)
ifeq ($(VERSION),)
$(error debian/changelog: its first line must read "gobblet (VERSION) DISTRIBUTION; urgency=...", VERSION of digits, letters and . + ~)
endif
$(B)/gen/version.cpp: FORCE
	@mkdir -p $(dir $@)
	@printf '// Generated by the Makefile from debian/changelog: do not edit.\n#include "engine/version.h"\n\nnamespace gobblet {\n\nconst std::string_view program_version = "%s";\n\n}  // namespace gobblet\n' \
	    '$(VERSION)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

$(B)/gen/version.o: $(B)/gen/version.cpp $(B)/flags
	$(COMPILE) -c $< -o $@

FORCE:

run: deps
	@$(MAKE) --no-print-directory -j$(JOBS) main
	./main $(ARGS)

test: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) main build/unit-tests build/hostile-peer build/store-fixture build/pty-run \
	    build/lobby-load build/ssh-probe build/screen-bench
	@tests/run.sh

test-all: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) main build/unit-tests build/hostile-peer build/store-fixture build/pty-run \
	    build/lobby-load build/ssh-probe build/screen-bench
	@tests/run.sh --all

# The whole suite against binaries built with AddressSanitizer and UndefinedBehaviorSanitizer; any report
# fails it (tests/sanitize.sh shows the reports).
sanitize: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) B=build-sanitize BIN=build-sanitize/main CXXFLAGS="-O1 -g" \
	    SAN_FLAGS="$(SANITIZE_FLAGS)" build-sanitize/main build-sanitize/unit-tests build-sanitize/hostile-peer \
	    build-sanitize/store-fixture build-sanitize/pty-run build-sanitize/lobby-load \
	    build-sanitize/ssh-probe build-sanitize/screen-bench build-sanitize/tune-eval
	@tests/sanitize.sh build-sanitize

# Every fuzz target for FUZZ_SECONDS each, on a scratch copy of its corpus; any crash, leak, timeout or
# running out of memory fails it.
fuzz: deps-fuzz
	@$(MAKE) --no-print-directory -j$(JOBS) B=build-fuzz CXX=clang++ CXXFLAGS="-O1 -g" \
	    SAN_FLAGS="$(FUZZ_FLAGS)" $(FUZZ_BIN)
	@tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Installs the Debian packages of $(1) that are missing, with apt-get (through sudo when not root).
define install_missing
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "deps: not a Debian system; make sure these are installed: $(1)"; exit 0; fi; \
	missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${db:Status-Status}' $$p 2>/dev/null | grep -qx installed || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  echo "deps: installing missing Debian packages:$$missing"; \
	  $$sudo apt-get install -y --no-install-recommends $$missing || \
	  { echo "deps: refreshing the package lists and trying again"; \
	    $$sudo apt-get update && $$sudo apt-get install -y --no-install-recommends $$missing; } || \
	  { echo "deps: could not install:$$missing (install them by hand and run make again)"; exit 1; }; \
	fi
endef

deps:
	$(call install_missing,$(RUN_PKGS))

deps-test:
	$(call install_missing,$(TEST_PKGS))

deps-fuzz:
	$(call install_missing,$(FUZZ_PKGS))

deps-deb:
	$(call install_missing,$(DEB_PKGS))

format:
	clang-format -i $(wildcard main.cpp engine/*.[ch]* engine/grabble/*.[ch]* saves/*.[ch]* net/*.[ch]* server/*.[ch]* ui/*.[ch]* ui/grabble/*.[ch]* \
	  tests/*.[ch]* tests/tools/*.[ch]* tests/fuzz/*.[ch]*)

# What a server's operator needs besides the program (docs/server.md, "Installing"): the systemd units
# and the sshd_config block, their paths made to fit where the program and the docs go, and the
# operator's guides. The Debian packages use this target too (debian/rules: the program in /usr/games,
# the units in /lib/systemd/system, the block in /usr/share/gobblet-server, the guides in
# /usr/share/doc/gobblet-server); every file it installs must be in one of them (debian/*.install, which
# dh_missing holds to it).
SERVICE_FILES := gobblet-server.service gobblet-bot@.service
OPERATOR_DOCS := server.md lobby.md network.md
BINDIR     ?= $(PREFIX)/bin
MAN6DIR    ?= $(PREFIX)/share/man/man6
UNITDIR    ?= $(PREFIX)/lib/systemd/system
DOCDIR     ?= $(PREFIX)/share/doc/gobblet
SSHD_BLOCK ?= $(DOCDIR)/gobblet-sshd.conf
# The paths written in docs/ (those of the default PREFIX) made to fit.
FIT_PATHS := sed -e 's|/usr/local/bin/|$(BINDIR)/|g' -e 's|/usr/local/share/doc/gobblet/|$(DOCDIR)/|g'

install: main
	install -D -m 755 main $(DESTDIR)$(BINDIR)/gobblet
	ln -sf gobblet $(DESTDIR)$(BINDIR)/grabble
	install -D -m 644 docs/gobblet.6 $(DESTDIR)$(MAN6DIR)/gobblet.6
	ln -sf gobblet.6 $(DESTDIR)$(MAN6DIR)/grabble.6
	install -d $(DESTDIR)$(UNITDIR) $(DESTDIR)$(DOCDIR) $(dir $(DESTDIR)$(SSHD_BLOCK))
	for f in $(SERVICE_FILES); do \
	  $(FIT_PATHS) docs/$$f > $(DESTDIR)$(UNITDIR)/$$f && chmod 644 $(DESTDIR)$(UNITDIR)/$$f; done
	for f in $(OPERATOR_DOCS); do \
	  $(FIT_PATHS) docs/$$f > $(DESTDIR)$(DOCDIR)/$$f && chmod 644 $(DESTDIR)$(DOCDIR)/$$f; done
	$(FIT_PATHS) docs/gobblet-sshd.conf > $(DESTDIR)$(SSHD_BLOCK) && chmod 644 $(DESTDIR)$(SSHD_BLOCK)

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gobblet $(DESTDIR)$(BINDIR)/grabble $(DESTDIR)$(MAN6DIR)/gobblet.6 \
	  $(DESTDIR)$(MAN6DIR)/grabble.6 $(DESTDIR)$(SSHD_BLOCK)
	rm -f $(SERVICE_FILES:%=$(DESTDIR)$(UNITDIR)/%)
	rm -f $(OPERATOR_DOCS:%=$(DESTDIR)$(DOCDIR)/%)
	-rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null

# The Debian packages (debian/; README, "Install"): dpkg-buildpackage builds them from a copy of the tree
# in build-deb/gobblet (the files git tracks or would, as they are in the working tree), so that the
# build and its outputs, which dpkg-buildpackage writes to the parent folder, stay out of the tree. The
# copy builds with Debian's flags (hardening), so none of build/'s objects fit it: `make deb
# CXX="ccache g++"` makes a second build quick. The two packages are copied here, and lintian must find
# no error and no warning (the tags it may still show are explained in debian/*.lintian-overrides).
DEB_BUILD := build-deb
deb: deps-deb
	rm -rf $(DEB_BUILD)/gobblet
	mkdir -p $(DEB_BUILD)/gobblet
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
	  git ls-files -z --cached --others --exclude-standard | \
	    tar --null --files-from=- --ignore-failed-read -cf - | tar -xf - -C $(DEB_BUILD)/gobblet; \
	else \
	  tar --exclude=./build --exclude=./build-sanitize --exclude=./build-fuzz --exclude=./$(DEB_BUILD) \
	    --exclude=./main --exclude='./*.deb' -cf - . | tar -xf - -C $(DEB_BUILD)/gobblet; \
	fi
	rm -f $(DEB_BUILD)/*.deb $(DEB_BUILD)/*.ddeb $(DEB_BUILD)/*.changes $(DEB_BUILD)/*.buildinfo
	cd $(DEB_BUILD)/gobblet && dpkg-buildpackage -us -uc -b -J$(JOBS)
	rm -f gobblet_*.deb gobblet-server_*.deb  # an older version's would match `apt install ./gobblet_*.deb` too
	cp $(DEB_BUILD)/gobblet_$(VERSION)_*.deb $(DEB_BUILD)/gobblet-server_$(VERSION)_all.deb .
	lintian --fail-on error,warning --display-level '>=info' $(DEB_BUILD)/gobblet_$(VERSION)_*.changes
	@echo "deb: $$(ls gobblet_$(VERSION)_*.deb gobblet-server_$(VERSION)_all.deb | tr '\n' ' ')(lintian: no error, no warning)"

# Installs the packages on this machine, upgrades them, starts the server as its unit would and lets a
# player in through the SSH front door, removes and purges them, and checks what is left
# (tests/deb/install.sh; as root, on a machine where gobblet is not installed). Not part of make test:
# it builds the packages twice and changes the machine.
test-deb: deb deps-test
	@tests/deb/install.sh

clean:
	rm -rf build build-sanitize build-fuzz $(DEB_BUILD) main
	rm -f gobblet_*.deb gobblet-server_*.deb

-include $(wildcard $(B)/*.d $(B)/*/*.d $(B)/*/*/*.d)
