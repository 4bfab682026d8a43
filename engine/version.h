// The program's version: --version prints "gobblet " and it, and the engine protocol's `version` command
// answers it. Its one place is the top entry of debian/changelog, which is also the Debian packages'
// version: the Makefile writes the definition ($(B)/gen/version.cpp) from it. tests/cli/manpage.sh checks
// that the man page's header says the same, tests/cli/debian.sh that the package does.
#pragma once

#include <string_view>

namespace gobblet {

extern const std::string_view program_version;

}  // namespace gobblet
