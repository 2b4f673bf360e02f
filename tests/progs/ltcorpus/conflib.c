/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The functions of tests/cases/ltrace_conf.sh: one per ltrace.conf type. */
#include <string.h>
struct pt { int x; long y; char *s; };
int f_int(int a) { return a; }
unsigned f_uint(unsigned a) { return a; }
long f_long(long a) { return a; }
unsigned long f_ulong(unsigned long a) { return a; }
int f_octal(int a) { return a; }
int f_char(int c) { return c; }
short f_short(short a) { return a; }
unsigned short f_ushort(unsigned short a) { return a; }
double f_double(double d) { return d; }
float f_float(float d) { return d; }
void *f_addr(void *p) { return p; }
void *f_file(void *p) { return p; }
char *f_string(char *s) { return s; }
int f_intp(int *p) { return p ? *p : 0; }
int f_struct(struct pt *p) { return p ? p->x : 0; }
int f_array(int *a, int n) { return n; }
int f_bitvec(unsigned long *v) { return 0; }
int f_bitvec2(unsigned v) { return 0; }
int f_enum(int e) { return e; }
int f_hex(int e) { return e; }
int f_bool(int e) { return e; }
int f_strn(char *s, int n) { return n; }
int f_str3(char *a, char *s, int n) { return n; }
int f_out(char *s, int n) { strcpy(s, "filled"); return 6; }
int f_buf(void *d, void *s, unsigned long n) { memcpy(d, s, n); return 0; }
int f_charr(char *s, int n) { return n; }
int f_structv(struct pt *p) { return 0; }
long f_hexl(long a) { return a; }
int f_ptrptr(char **p) { return 0; }
int f_arrst(struct pt *p, int n) { return n; }
void f_void(void) {}
int f_strfixed(char *s) { return 0; }
int f_arrnum(int *a) { return 0; }
int f_octal0(int a) { return a; }
int f_ignore(int a, int b) { return b; }
