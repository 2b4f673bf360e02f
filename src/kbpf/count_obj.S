/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * count.bpf.o, the BPF program clang built, inside sltrace: nothing to
 * find or install beside the binary.
 */
	.section .rodata
	.balign 8
	.globl kbpf_count_obj
	.globl kbpf_count_obj_end
kbpf_count_obj:
	.incbin "src/kbpf/count.bpf.o"
kbpf_count_obj_end:
	.section .note.GNU-stack,"",@progbits
