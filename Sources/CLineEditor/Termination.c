/*
 * Termination.c: SIGTERM and SIGHUP as a request to leave, not an instant death.
 *
 * The default action of both signals ends the process at once: a choice still being
 * written is lost, and so is the line history. Here the handler only remembers the
 * signal and writes a byte to a self-pipe that is never drained, so the descriptor
 * stays readable from then on: the line editor polls it next to standard input (a
 * read in progress ends; every later one ends at once), and so does the script
 * reader. Whichever thread the kernel delivers the signal to, the reader wakes up.
 *
 * Installed from the main thread, which also unblocks both signals for itself (and the
 * threads it starts later), in case the parent left them blocked.
 *
 * The second stage: a request to leave needs someone to act on it, the session's loop. While
 * the loop has not started (wn_termination_set_session_running), nothing would: a start
 * stuck in the C library (TZ naming a FIFO, read by tzset), in a lock wait, in a slow file
 * system; so there the handler ends the process at once, 128 + the signal. So does a
 * SIGTERM once a first signal is being acted on: a way out that is itself stuck (the
 * terminal's settings are put back first). A SIGHUP never does: a closed terminal hangs
 * up once but is told twice or more (the kernel signals the foreground group, the shell
 * passes its own SIGHUP on, `kill -HUP` may name the group), nobody is left to insist,
 * and ending there would lose the writes and the history the way out is saving.
 *
 * While libedit reads a line (EL_SIGNAL) its own handlers take both signals: they put the
 * terminal in its cooked mode and send the signal again to the whole process group
 * (kill(0, …): a second hang-up, and the end of a script that runs the app). So each read
 * takes them back (wn_termination_claim). Once leaving, SIGTTOU and SIGTTIN are ignored: a
 * shell that got the hang-up first may have taken the terminal back, and putting the
 * terminal's settings back from the background would stop the process with nobody left to
 * continue it (a read or write there fails instead).
 *
 * SA_RESTART: unlike SIGINT and SIGWINCH (which must interrupt the editor's poll),
 * nothing here relies on EINTR, so other threads' system calls are not disturbed.
 */
#define _GNU_SOURCE
#include "CLineEditor.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static volatile sig_atomic_t wn_termination_received = 0;
static volatile sig_atomic_t wn_session_running = 0;
static int wn_termination_pipe[2] = {-1, -1};
static pthread_once_t wn_termination_once = PTHREAD_ONCE_INIT;

static void wn_on_termination(int signo) {
  int saved_errno = errno;
  if (!wn_session_running || (wn_termination_received != 0 && signo == SIGTERM)) {
    wn_restore_terminal_now();
    _exit(128 + signo);
  }
  if (wn_termination_received != 0) return; /* the same hang-up again */
  wn_termination_received = signo;
  wn_set_handler(SIGTTOU, SIG_IGN, 0, NULL);
  wn_set_handler(SIGTTIN, SIG_IGN, 0, NULL);
  if (wn_termination_pipe[1] >= 0) {
    char byte = 't';
    ssize_t ignored = write(wn_termination_pipe[1], &byte, 1);
    (void)ignored;
  }
  errno = saved_errno;
}

int wn_termination_claim(void) {
  return wn_set_handler(SIGTERM, wn_on_termination, SA_RESTART, NULL) != 0
             || wn_set_handler(SIGHUP, wn_on_termination, SA_RESTART, NULL) != 0 ? -1 : 0;
}

static void wn_termination_install_once(void) {
  if (pipe2(wn_termination_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
    wn_termination_pipe[0] = wn_termination_pipe[1] = -1;
    return;
  }
  if (wn_termination_claim() != 0) return;
  /* A parent may start us with the signals blocked (a thread of a test runner, a
   * supervisor): then they would never arrive. Unblocked on this thread, and so on the
   * threads it starts from now on. */
  sigset_t wanted;
  sigemptyset(&wanted);
  sigaddset(&wanted, SIGTERM);
  sigaddset(&wanted, SIGHUP);
  pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
}

void wn_termination_install(void) {
  pthread_once(&wn_termination_once, wn_termination_install_once);
}

void wn_termination_set_session_running(int running) { wn_session_running = running != 0; }

int wn_termination_signal(void) { return wn_termination_received; }

int wn_termination_fd(void) { return wn_termination_pipe[0]; }
