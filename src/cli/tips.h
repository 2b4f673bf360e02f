/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* --tips: one tip about sltrace printed on exit. */
#ifndef SLTRACE_CLI_TIPS_H
#define SLTRACE_CLI_TIPS_H

#include <stdbool.h>
#include <stdio.h>

/* Takes --tips[=ARG] (NULL without '='); false when ARG is malformed. */
bool tips_parse(const char *arg);
/* Prints the chosen tip, if --tips was given and its format is not none. */
void tips_print(FILE *fp);

#endif
