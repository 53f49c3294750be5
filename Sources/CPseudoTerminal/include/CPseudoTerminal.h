#ifndef C_PSEUDO_TERMINAL_H
#define C_PSEUDO_TERMINAL_H

#include <stddef.h>

/// Opens a new pseudo-terminal's primary side (read-write, not the caller's controlling
/// terminal), grants and unlocks its secondary side, and copies the secondary's path into
/// `path`. Returns the primary's file descriptor, or -1 with errno set.
int wn_pty_open(char *path, size_t capacity);

/// glibc's POSIX_SPAWN_SETSID flag (hidden behind _GNU_SOURCE in the headers Swift sees).
short wn_pty_spawn_setsid_flag(void);

#endif
