/*
 * StandardDescriptors.c: descriptors 0, 1 and 2 stay what they are for.
 *
 * A process started with one of them closed (`whatsnew <&-`, as cron or a supervisor may
 * start it) hands that number to the next descriptor it opens: the self-pipe for SIGTERM
 * took descriptor 0 and the app then read its own pipe, waiting forever; a closed 1 would
 * send the screen into whatever was opened next (the store). So before main, before
 * anything else opens a descriptor, each closed one of the three is opened on /dev/null:
 * a closed standard input reads as an empty script (the session leaves as `quit` does),
 * a closed standard output or error swallows what is written to it.
 *
 * A constructor, not a call from main: Swift's runtime and Foundation may open files before
 * the first line of main.swift runs.
 */
#define _GNU_SOURCE
#include "CLineEditor.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

__attribute__((constructor(101))) static void wn_keep_standard_descriptors(void) {
  int saved_errno = errno;
  for (int descriptor = 0; descriptor <= 2; descriptor++) {
    if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
    int opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY);
    if (opened < 0) continue;
    /* The lowest free number is taken: this one, as those below it are open. */
    if (opened != descriptor) {
      dup2(opened, descriptor);
      close(opened);
    }
  }
  errno = saved_errno;
}
