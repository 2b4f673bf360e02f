/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Calls every function of conflib.c with values that tell types apart. */
#include <string.h>
#include <stdio.h>
struct pt { int x; long y; char *s; };
int f_int(int); unsigned f_uint(unsigned); long f_long(long); unsigned long f_ulong(unsigned long);
int f_octal(int); int f_char(int); short f_short(short); unsigned short f_ushort(unsigned short);
double f_double(double); float f_float(float); void *f_addr(void*); void *f_file(void*); char *f_string(char*);
int f_intp(int*); int f_struct(struct pt*); int f_array(int*,int); int f_bitvec(unsigned long*); int f_bitvec2(unsigned);
int f_enum(int); int f_hex(int); int f_bool(int); int f_strn(char*,int); int f_str3(char*,char*,int); int f_out(char*,int);
int f_buf(void*,void*,unsigned long); int f_charr(char*,int); int f_structv(struct pt*); long f_hexl(long); int f_ptrptr(char**);
int f_arrst(struct pt*,int); void f_void(void); int f_strfixed(char*); int f_arrnum(int*); int f_octal0(int); int f_ignore(int,int);
int main(void) {
	int i = -5, arr[8] = {1,2,3,4,5,6,7,8};
	struct pt p = { 3, -4, "hi" }, ps[3] = {{1,2,"a"},{3,4,"b"},{5,6,NULL}};
	unsigned long bv = 0x2e; char out[32]; char bin[10] = "a\0b\"c\n\1\377z";
	char *pp[] = { "x", "y", NULL };
	f_int(-3); f_uint(-3); f_long(-3); f_ulong(-3); f_octal(0644); f_octal(0); f_char('a'); f_char('\n'); f_char(200); f_char('\'');
	f_short(-2); f_ushort(65535); f_double(2.5); f_float(0.1f); f_addr(NULL); f_addr(&i); f_file(NULL); f_file(stdout);
	f_string(NULL); f_string("he\"l\tlo\\"); f_string("0123456789012345678901234567890123456789");
	f_intp(&i); f_intp(NULL); f_struct(&p); f_struct(NULL); f_array(arr, 8); f_array(arr, 2); f_array(arr, 0); f_bitvec(&bv); f_bitvec2(0x2e); f_bitvec2(0);
	f_enum(1); f_enum(7); f_hex(255); f_hex(0); f_hex(-1); f_bool(0); f_bool(2);
	f_strn("abcdef", 3); f_str3(NULL, "abcdef", 4); f_out(out, 32); f_buf(out, bin, 10); f_charr(bin, 10);
	f_structv(ps); f_hexl(-1); f_ptrptr(pp); f_arrst(ps, 3); f_void(); f_strfixed("abcdefgh"); f_arrnum(arr); f_octal0(8); f_ignore(1,2);
	return 0;
}
