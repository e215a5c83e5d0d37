// core::KeyLogReader, the line reading both games' key logs share: every
// line counted (comments and blank lines too, numbers running on over
// several texts), a line's first four words split on spaces, tabs and a
// CR, comments and blank lines never handed on, the lines not understood
// counted with the first one's number and reason; core::unhex.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/key_log_reader.hpp"

namespace {

TEST(CoreKeyLogReader, HandsOnLinesWithWordsAndCountsEveryLine) {
    core::KeyLogReader r;
    std::vector<core::KeyLogLine> seen;
    std::vector<std::string> words;
    const auto take = [&](const core::KeyLogLine& l) -> const char* {
        seen.push_back(l);
        for (int i = 0; i < l.count; ++i) words.emplace_back(l.words[i]);
        return nullptr;
    };
    // 1 comment, 2 blank, 3 two words (tab, CR), 4 spaces only, 5 five words,
    // 6 an indented comment, 7 one word and no newline at the end.
    r.read("# a comment\n\nAB\tcd\r\n   \none two three four five\n  #x y\nlast", take);
    ASSERT_EQ(seen.size(), 3u);
    EXPECT_EQ(seen[0].number, 3u);
    EXPECT_EQ(seen[0].count, 2);
    EXPECT_EQ(seen[1].number, 5u);
    EXPECT_EQ(seen[1].count, 4);  // four or more
    EXPECT_EQ(seen[2].number, 7u);
    EXPECT_EQ(seen[2].count, 1);
    EXPECT_EQ(words, (std::vector<std::string>{"AB", "cd", "one", "two", "three", "four", "last"}));
    EXPECT_EQ(r.lines(), 7u);
    EXPECT_EQ(r.bad_lines(), 0u);
    EXPECT_EQ(r.first_bad_line(), 0u);
    EXPECT_EQ(r.first_bad_reason(), nullptr);
}

TEST(CoreKeyLogReader, CountsLinesNotUnderstoodAndKeepsTheFirst) {
    core::KeyLogReader r;
    const auto take = [](const core::KeyLogLine& l) -> const char* {
        return l.count == 2 ? nullptr : l.count == 1 ? "one word" : "too many words";
    };
    r.read("a b\nc\n", take);        // lines 1 (understood) and 2 (not)
    r.read("d e f\n# c\ng h\n", take);  // lines 3 (not), 4 (comment), 5
    EXPECT_EQ(r.lines(), 5u);
    EXPECT_EQ(r.bad_lines(), 2u);
    EXPECT_EQ(r.first_bad_line(), 2u);
    EXPECT_STREQ(r.first_bad_reason(), "one word");
}

TEST(CoreKeyLogReader, ReadsAFileAndSaysWhenItCannot) {
    const std::string path = testing::TempDir() + "core_key_log_reader.txt";
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fputs("x y\n", f);
    std::fclose(f);
    std::string text, error;
    EXPECT_TRUE(core::KeyLogReader::read_file(path, text, error));
    EXPECT_EQ(text, "x y\n");
    EXPECT_FALSE(core::KeyLogReader::read_file(path + ".absent", text, error));
    EXPECT_EQ(error, "cannot read the key log " + path + ".absent");
}

TEST(CoreKeyLogReader, Unhex) {
    std::string out;
    EXPECT_TRUE(core::unhex("00fFA9", out));
    EXPECT_EQ(out, std::string("\x00\xff\xa9", 3));
    EXPECT_FALSE(core::unhex("", out));
    EXPECT_FALSE(core::unhex("abc", out));  // odd length
    EXPECT_FALSE(core::unhex("0g", out));   // not a hex digit
}

}  // namespace
