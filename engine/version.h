// The program's version, in one place: --version prints "gobblet " and it, the engine protocol's
// `version` command answers it, and tests/cli/manpage.sh checks that the man page's header says the same.
#pragma once

#include <string_view>

namespace gobblet {

constexpr std::string_view program_version = "0.1.0";

}  // namespace gobblet
