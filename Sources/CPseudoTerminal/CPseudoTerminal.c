// Pseudo-terminals for the end-to-end tests of the interactive editor. These calls sit
// behind feature-test macros that Swift's Glibc module does not define.
#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int wn_pty_open(char *path, size_t capacity) {
  int primary = posix_openpt(O_RDWR | O_NOCTTY);
  if (primary < 0) return -1;
  if (grantpt(primary) != 0 || unlockpt(primary) != 0 || ptsname_r(primary, path, capacity) != 0) {
    int saved = errno;
    close(primary);
    errno = saved;
    return -1;
  }
  return primary;
}

short wn_pty_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }
