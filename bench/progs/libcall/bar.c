/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libbar for the libcall workload: one function that does nearly
 * nothing, so that the traced time is the tracer's cost per call.
 */
int bar_add(int a, int b);

int bar_add(int a, int b)
{
	return a + b;
}
