/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ltrace mode's command line: ltrace 0.7.3's options, mapped onto the
 * same struct config that sltrace's own options fill (cli.h).
 */
#ifndef SLTRACE_CLI_LTRACE_CLI_H
#define SLTRACE_CLI_LTRACE_CLI_H

#include <stdbool.h>

/*
 * Whether argv asks for ltrace mode: argv[0]'s basename is "ltrace", or
 * argv[1] is "--ltrace".
 */
bool ltrace_cli_wanted(int argc, char **argv);

/*
 * Parse ltrace's options (after "--ltrace" when it is argv[1]) into cfg.
 * Messages name the program as argv[0] spells it, as ltrace's do; exits 1
 * on bad input, 0 after -h, -V and -Dh.
 */
void ltrace_cli_parse(int argc, char **argv);

#endif
