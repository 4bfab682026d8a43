# gobblet: `make` builds ./main, `make run` starts the game, `make test` runs every test.
# `make run` and `make test` first install the Debian packages they need when they are missing.

CXX      ?= g++
CXXFLAGS ?= -O2 -g -march=native
# Flags the build needs, kept apart so that `make CXXFLAGS=...` cannot drop them.
BUILD_CXXFLAGS := -std=c++20 -Wall -Wextra -Wpedantic -Wshadow -I. -MMD -MP
BUILD_LDLIBS   := -pthread
CURSES_LIBS    := -lncursesw
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX  ?= /usr/local
DESTDIR ?=

ENGINE_SRC := $(sort $(wildcard engine/*.cpp))
SAVES_SRC  := $(sort $(wildcard saves/*.cpp))
UI_SRC     := $(sort $(wildcard ui/*.cpp))
NET_SRC    := $(sort $(wildcard net/*.cpp))
TEST_SRC   := $(sort $(wildcard tests/*.cpp))

ENGINE_OBJ := $(ENGINE_SRC:%.cpp=build/%.o)
SAVES_OBJ  := $(SAVES_SRC:%.cpp=build/%.o)
UI_OBJ     := $(UI_SRC:%.cpp=build/%.o)
NET_OBJ    := $(NET_SRC:%.cpp=build/%.o)
TEST_OBJ   := $(TEST_SRC:%.cpp=build/%.o)
MAIN_OBJ   := build/main.o

# Packages: what building needs, and what testing adds.
BUILD_PKGS := g++ make libncurses-dev libcli11-dev
TEST_PKGS  := $(BUILD_PKGS) catch2 tmux groff-base man-db

.PHONY: all run test deps deps-test format clean install uninstall

all: main

main: $(MAIN_OBJ) $(ENGINE_OBJ) $(SAVES_OBJ) $(NET_OBJ) $(UI_OBJ)
	$(CXX) $(CXXFLAGS) $(LDFLAGS) -o $@ $^ $(CURSES_LIBS) $(BUILD_LDLIBS)

# UI code that is plain logic (no curses calls), tested by the unit tests.
UI_LOGIC_OBJ := build/ui/input.o build/ui/keys.o

# The unit tests link the engine, saves, net and the UI's plain logic only: a stray curses call there
# fails this link. They run build/hostile-peer, so it is built first.
build/unit-tests: $(TEST_OBJ) $(ENGINE_OBJ) $(SAVES_OBJ) $(NET_OBJ) $(UI_LOGIC_OBJ) | build/hostile-peer
	$(CXX) $(CXXFLAGS) $(LDFLAGS) -o $@ $^ $(BUILD_LDLIBS)

# The hostile peer of the network tests (tests/tools/hostile_peer.cpp): connects to a host and misbehaves.
build/hostile-peer: build/tests/tools/hostile_peer.o $(ENGINE_OBJ) $(NET_OBJ)
	$(CXX) $(CXXFLAGS) $(LDFLAGS) -o $@ $^ $(BUILD_LDLIBS)

build/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(BUILD_CXXFLAGS) $(CXXFLAGS) $(CPPFLAGS) -c $< -o $@

run: deps
	@$(MAKE) --no-print-directory -j$(JOBS) main
	./main $(ARGS)

test: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) main build/unit-tests build/hostile-peer
	@tests/run.sh

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
	$(call install_missing,$(BUILD_PKGS))

deps-test:
	$(call install_missing,$(TEST_PKGS))

format:
	clang-format -i $(wildcard main.cpp engine/*.[ch]* saves/*.[ch]* net/*.[ch]* ui/*.[ch]* tests/*.[ch]* \
	  tests/tools/*.[ch]* tests/fuzz/*.[ch]*)

install: main
	install -D -m 755 main $(DESTDIR)$(PREFIX)/bin/gobblet
	install -D -m 644 docs/gobblet.6 $(DESTDIR)$(PREFIX)/share/man/man6/gobblet.6

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/gobblet $(DESTDIR)$(PREFIX)/share/man/man6/gobblet.6

clean:
	rm -rf build main

-include $(wildcard build/*.d build/*/*.d build/*/*/*.d)
