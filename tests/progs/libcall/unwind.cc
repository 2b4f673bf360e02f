// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Exceptions thrown through frames with cleanups: the landing pad of mid()
 * destroys a std::string and calls _Unwind_Resume, both through the
 * program's PLT, in the middle of the unwinding.  Traced with -l '*', those
 * calls must not hook return addresses the unwinder still reads.  Prints
 * the sum only the right catches give: "sum 1607".
 */
#include <cstdio>
#include <stdexcept>
#include <string>

__attribute__((noinline)) static int thrower(int i)
{
	if (i % 3 == 0)
		throw std::runtime_error("x" + std::to_string(i));
	return i;
}

__attribute__((noinline)) static int mid(int i)
{
	std::string s(40, 'a');

	return thrower(i) + (int)s.size();
}

int main()
{
	long sum = 0;

	for (int i = 0; i < 30; i++) {
		try {
			sum += mid(i);
		} catch (const std::exception &e) {
			sum += e.what()[1];
		}
	}
	std::printf("sum %ld\n", sum);
	return 0;
}
