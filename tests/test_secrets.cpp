// Secrets, tokens and passwords (server/secrets.h), with libsodium. Password hashing here uses
// PasswordCost::for_tests(), passed explicitly: the standard cost takes tens of milliseconds a hash.
#include <set>
#include <thread>

#include "server/secrets.h"
#include "support.h"

using namespace gobblet::server;

TEST_CASE("secrets are 64 hex digits, all different, and their digests tell them apart", "[secrets]") {
    std::set<std::string> seen;
    for (int i = 0; i < 100; ++i) {
        const std::string s = new_secret();
        REQUIRE(s.size() == secret_text_length);
        CHECK(s.find_first_not_of("0123456789abcdef") == std::string::npos);
        seen.insert(s);
    }
    CHECK(seen.size() == 100);
    const std::string a = *seen.begin(), b = *seen.rbegin();
    const auto da = secret_digest(a), db = secret_digest(b);
    REQUIRE(da);
    REQUIRE(db);
    CHECK(*da != *db);
    CHECK(same_digest(*da, *secret_digest(a)));
    CHECK_FALSE(same_digest(*da, *db));
    CHECK_FALSE(same_digest(*da, std::span(da->data(), 31)));
}

TEST_CASE("the digest is BLAKE2b-256 of the secret's 32 bytes", "[secrets]") {
    // BLAKE2b-256 of 32 zero bytes (as computed by Python's hashlib.blake2b(bytes(32), digest_size=32)).
    const auto d = secret_digest(std::string(64, '0'));
    REQUIRE(d);
    static const unsigned char expected[32] = {
        0x89, 0xeb, 0x0d, 0x6a, 0x8a, 0x69, 0x1d, 0xae, 0x2c, 0xd1, 0x5e, 0xd0, 0x36, 0x99, 0x31, 0xce,
        0x0a, 0x94, 0x9e, 0xca, 0xfa, 0x5c, 0x3f, 0x93, 0xf8, 0x12, 0x18, 0x33, 0x64, 0x6e, 0x15, 0xc3};
    CHECK(same_digest(*d, expected));
}

TEST_CASE("anything but 64 hex digits is not a secret", "[secrets]") {
    const std::string good = new_secret();
    CHECK(secret_digest(good));
    CHECK_FALSE(secret_digest(""));
    CHECK_FALSE(secret_digest(good.substr(2)));
    CHECK_FALSE(secret_digest(good + "00"));
    CHECK_FALSE(secret_digest(std::string(63, 'a') + "g"));
    CHECK_FALSE(secret_digest(std::string(62, 'a') + " a"));
    CHECK_FALSE(secret_digest(std::string(63, 'a') + '\0'));
}

TEST_CASE("password rules: 8 to 128 characters of text, without control characters", "[secrets]") {
    CHECK(password_allowed("correct horse").ok());
    CHECK(password_allowed("Grüße, ☃ 12").ok());
    CHECK(password_allowed("short").why() == "a password needs at least 8 characters (this one has 5)");
    // Characters, not bytes: six letters of two bytes each are still six.
    CHECK(password_allowed("éééééé").why() == "a password needs at least 8 characters (this one has 6)");
    CHECK(password_allowed(std::string(128, 'x')).ok());
    CHECK(password_allowed(std::string(129, 'x')).why() ==
          "a password has at most 128 characters (this one has 129)");
    CHECK(password_allowed("tab\tinside here").why() ==
          "a password cannot hold control characters (tabs, line ends, escapes)");
    CHECK(password_allowed("escape \x1b[2J here").why() ==
          "a password cannot hold control characters (tabs, line ends, escapes)");
    CHECK(password_allowed("c1 \xc2\x9b control").why() ==
          "a password cannot hold control characters (tabs, line ends, escapes)");
    CHECK(password_allowed("bad \xff byte here").why() == "a password must be UTF-8 text");
    CHECK(password_allowed(std::string("nul\0inside", 10)).why() ==
          "a password cannot hold control characters (tabs, line ends, escapes)");
}

TEST_CASE("a password hash verifies the right password only, and is salted", "[secrets]") {
    const PasswordCost cheap = PasswordCost::for_tests();
    const std::string h = hash_password("correct horse", cheap);
    CHECK(h.rfind("$argon2id$", 0) == 0);
    CHECK(h.size() < 128);
    CHECK(hash_password("correct horse", cheap) != h);  // a new salt each time
    const PasswordCheck right = check_password(h, "correct horse", cheap);
    CHECK(right.ok);
    CHECK_FALSE(right.rehash);
    CHECK_FALSE(check_password(h, "correct horsE", cheap).ok);
    CHECK_FALSE(check_password(h, "", cheap).ok);
    CHECK_FALSE(check_password("", "correct horse", cheap).ok);
    CHECK_FALSE(check_password("not a hash", "correct horse", cheap).ok);
    CHECK_FALSE(check_password(std::string(200, '$'), "correct horse", cheap).ok);
    CHECK_FALSE(check_password(std::string(h) + '\0' + "x", "correct horse", cheap).ok);
}

TEST_CASE("a right password under old parameters comes with a new hash under today's", "[secrets]") {
    const PasswordCost cheap = PasswordCost::for_tests();
    PasswordCost other = cheap;
    other.opslimit += 1;
    const std::string old = hash_password("correct horse", cheap);
    const PasswordCheck check = check_password(old, "correct horse", other);
    CHECK(check.ok);
    REQUIRE(check.rehash);
    CHECK(*check.rehash != old);
    CHECK(check_password(*check.rehash, "correct horse", other).ok);
    CHECK_FALSE(check_password(*check.rehash, "correct horse", other).rehash);
    // A wrong password gets no new hash.
    CHECK_FALSE(check_password(old, "wrong horse", other).rehash);
    // The standard parameters are libsodium's interactive ones; a cheap hash would be renewed at login.
    CHECK(PasswordCost::standard().memlimit == 64u << 20);
    CHECK(PasswordCost::standard().opslimit == 2);
}

TEST_CASE("passwords can be checked on several threads at once", "[secrets]") {
    const PasswordCost cheap = PasswordCost::for_tests();
    const std::string h = hash_password("correct horse", cheap);
    std::vector<std::thread> workers;
    int results[4] = {};
    for (int i = 0; i < 4; ++i)
        workers.emplace_back([&, i] {
            for (int k = 0; k < 20; ++k)
                results[i] += check_password(h, i % 2 ? "correct horse" : "wrong horse", cheap).ok;
        });
    for (auto& w : workers) w.join();
    CHECK(results[0] == 0);
    CHECK(results[1] == 20);
    CHECK(results[2] == 0);
    CHECK(results[3] == 20);
}
