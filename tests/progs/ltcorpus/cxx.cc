// SPDX-License-Identifier: LGPL-2.1-or-later
// A C++ program for the ltrace-mode corpus (bench/ltrace-compare,
// tests/cases/ltrace_corpus.sh): iostreams, std::string, containers,
// new/delete and an exception, all through libstdc++'s PLT.
#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

static int parse(const std::string &s)
{
	if (s.empty())
		throw std::invalid_argument("empty");
	return std::stoi(s);
}

int main(int argc, char **argv)
{
	std::vector<std::string> words = { "pear", "apple", "fig", "42" };
	std::map<std::string, int> len;
	std::ostringstream out;
	int sum = 0;

	for (int i = 1; i < argc; i++)
		words.push_back(argv[i]);
	std::sort(words.begin(), words.end());
	for (const auto &w : words)
		len[w] = (int)w.size();
	for (const auto &kv : len)
		out << kv.first << '=' << kv.second << ' ';
	try {
		sum += parse("42");
		sum += parse("");
	} catch (const std::exception &e) {
		out << "caught " << e.what();
	}
	std::cout << out.str() << ' ' << sum << std::endl;
	return 0;
}
