/*
 * CLineEditor.c: the libedit calls behind the Swift LineEditor module.
 *
 * How a read works:
 *   wn_editor_read_line -> el_gets -> wn_read_char (our EL_GETCFN) -> poll() on
 *   stdin, a self-pipe and the termination pipe (Termination.c). The self-pipe is
 *   written by the SIGINT/SIGWINCH handlers and by wn_editor_print_above, so the
 *   reading thread wakes up for all of them even when the signal was delivered to
 *   another thread; the termination pipe, by the SIGTERM/SIGHUP handlers.
 *
 * Why the read function is ours and not libedit's:
 *   - messages from other threads must be printed above the prompt mid-read;
 *   - Ctrl-C must end el_gets even when another thread took the signal, and so must
 *     SIGTERM and SIGHUP (the app then saves what is in flight and leaves);
 *   - a resize must redraw the screen above the prompt, not only the prompt;
 *   - a lone Esc key must end the read (an Esc byte with nothing after it within
 *     WN_ESCAPE_TIMEOUT_MS); arrow keys and Alt-x arrive as one burst and pass on.
 *
 * el_gets ends when the read function returns 0 or -1, and then reports NULL
 * with a count of -1 (a Ctrl-D on an empty line gives a count of 0). The reason
 * is kept in editor->stop so the caller never has to guess from errno.
 *
 * Why Ctrl-Z is ours and not libedit's (EL_SIGNAL):
 *   libedit's SIGTSTP handler puts the terminal back and stops, but on SIGCONT it redraws
 *   nothing (its handler redraws only when ed_redisplay says CC_REFRESH, and it says
 *   CC_REDISPLAY), and it uninstalls itself after the first stop of a read. So the editor
 *   has its own SIGTSTP handler for its whole life (wn_on_stop: the terminal's own settings
 *   back while stopped, the editor's raw or quiet mode back on continue) and, inside each
 *   read, takes SIGTSTP and SIGCONT back from libedit; on continue the reading thread draws
 *   the prompt and the typed line again, as bash and zsh do after `fg`.
 *
 * Why the terminal does not echo between reads:
 *   while the app works (a command that takes seconds, the wait for a write at quit),
 *   the terminal is in its own mode, which echoes what is typed, and Ctrl-C as ^C, into
 *   the middle of the app's output ("^CExplored 793 runs…"). So from the editor's start
 *   ECHO is off outside reads; what was typed ahead is not lost, libedit reads and shows
 *   it after the next prompt. The terminal's own settings come back when the editor is
 *   destroyed and at exit (atexit), so a shell after the app echoes again.
 *
 * Why libedit is loaded with dlopen, not linked:
 *   only an interactive session edits lines. Linked, libedit and what it pulls in
 *   (libtinfo, libbsd, libmd) are loaded and relocated at every start, scripts and
 *   `lint` included: about 0.4 ms, a fifth of a minimal Swift process. Loaded on the
 *   first wn_editor_create, a missing libedit also just turns editing off (the
 *   caller reads plain lines) instead of stopping the program before main.
 */
#define _GNU_SOURCE
#include "CLineEditor.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <histedit.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <dlfcn.h>

/* The libedit functions this file uses, resolved once by wn_load_libedit and called through
 * wn_libedit: each a pointer of the type histedit.h declares. */
#define WN_LIBEDIT_FUNCTIONS(X)                                                                        \
  X(el_init) X(el_end) X(el_set) X(el_get) X(el_gets) X(el_insertstr) X(el_line) X(el_wline) X(el_resize) \
  X(el_push) X(history_init) X(history_end) X(history)
static struct {
#define WN_POINTER(name) __typeof__(name) *name;
  WN_LIBEDIT_FUNCTIONS(WN_POINTER)
#undef WN_POINTER
} wn_libedit;
static pthread_once_t wn_libedit_once = PTHREAD_ONCE_INIT;
static char wn_libedit_error[512];

static int wn_libedit_refusal = WN_LIBRARY_ACCEPTED;
static int wn_libedit_refusal_detail;

/* Opens the file WHATSNEW_LIBEDIT names and checks it as any file the app reads is checked,
 * before the loader sees it: on a non-blocking descriptor (dlopen of a FIFO would wait for a
 * writer forever, at every start), a regular file, owned by root or the user, writable by
 * neither group nor others (the code of anyone who can write it would run in the app). The
 * descriptor, or -1 with wn_libedit_error set (and wn_libedit_refusal, when the file is
 * there but fails the check). */
static int wn_open_named_library(const char *named) {
  int descriptor = open(named, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  struct stat info;
  if (descriptor < 0 || fstat(descriptor, &info) != 0) {
    /* Missing or unreadable: what dlopen would say, without asking it. */
    snprintf(wn_libedit_error, sizeof wn_libedit_error, "cannot load libedit (%s: %s); install libedit2", named,
             strerror(errno));
    if (descriptor >= 0) close(descriptor);
    return -1;
  }
  if (!S_ISREG(info.st_mode)) {
    wn_libedit_refusal = WN_LIBRARY_NOT_REGULAR;
  } else if (info.st_uid != 0 && info.st_uid != geteuid()) {
    wn_libedit_refusal = WN_LIBRARY_FOREIGN_OWNER;
    wn_libedit_refusal_detail = (int)info.st_uid;
  } else if ((info.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    wn_libedit_refusal = WN_LIBRARY_WRITABLE_BY_OTHERS;
    wn_libedit_refusal_detail = (int)(info.st_mode & 07777);
  }
  if (wn_libedit_refusal == WN_LIBRARY_ACCEPTED) return descriptor;
  /* The Swift side words the refusal (wn_editor_library_refusal); this is for C callers. */
  snprintf(wn_libedit_error, sizeof wn_libedit_error, "WHATSNEW_LIBEDIT names %s, which was refused", named);
  close(descriptor);
  return -1;
}

/* WHATSNEW_LIBEDIT names the library when it is set (an install that keeps libedit
 * elsewhere; the tests, to see what a missing libedit does), checked first and loaded
 * through /proc/self/fd, so the file loaded is the file checked; otherwise the soname the
 * libedit2 package installs, then the development symlink. */
static void wn_load_libedit_once(void) {
  const char *named = getenv("WHATSNEW_LIBEDIT");
  void *library = NULL;
  if (named != NULL && named[0] != '\0') {
    int descriptor = wn_open_named_library(named);
    if (descriptor < 0) return;
    char checked[64];
    snprintf(checked, sizeof checked, "/proc/self/fd/%d", descriptor);
    library = dlopen(access(checked, F_OK) == 0 ? checked : named, RTLD_NOW | RTLD_LOCAL);
    close(descriptor);
  } else {
    library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libedit.so", RTLD_NOW | RTLD_LOCAL);
  }
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(wn_libedit_error, sizeof wn_libedit_error, "cannot load libedit (%s); install libedit2",
             reason ? reason : "not found");
    return;
  }
#define WN_RESOLVE(name)                                                                   \
  do {                                                                                     \
    *(void **)(&wn_libedit.name) = dlsym(library, #name);                                  \
    if (wn_libedit.name == NULL) {                                                         \
      snprintf(wn_libedit_error, sizeof wn_libedit_error,                                  \
               "the libedit found has no %s; install libedit2 3.1 or later", #name);       \
      return;                                                                              \
    }                                                                                      \
  } while (0);
  WN_LIBEDIT_FUNCTIONS(WN_RESOLVE)
#undef WN_RESOLVE
  wn_libedit_error[0] = '\0';
}

/* Whether libedit is loaded; on failure wn_editor_unavailable_reason() says why. */
static int wn_load_libedit(void) {
  pthread_once(&wn_libedit_once, wn_load_libedit_once);
  return wn_libedit.history != NULL && wn_libedit_error[0] == '\0';
}

int wn_editor_library_refusal(int *detail) {
  pthread_once(&wn_libedit_once, wn_load_libedit_once);
  if (detail != NULL) *detail = wn_libedit_refusal_detail;
  return wn_libedit_refusal;
}

const char *wn_editor_unavailable_reason(void) {
  pthread_once(&wn_libedit_once, wn_load_libedit_once);
  return wn_libedit_error[0] == '\0' ? NULL : wn_libedit_error;
}

/* How long an Esc byte waits for the rest of an escape sequence. */
#define WN_ESCAPE_TIMEOUT_MS 40

/* editor->stop before our read function stopped el_gets (then it holds the WN_READ_ value). */
#define WN_STOP_NONE (-1)

struct wn_editor {
  EditLine *el;
  History *history;
  int wake_read;        /* self-pipe, both ends non-blocking */
  int wake_write;
  char *prompt;         /* current prompt, UTF-8 */
  char *carry;          /* the line typed when Esc ended a read: typed again into the next one */
  int prompt_rows;      /* newlines in the prompt */
  int prompt_width;     /* visible width of the prompt's last line */
  mbstate_t decoder;    /* UTF-8 -> wchar_t state between input bytes */
  int stop;             /* WN_STOP_NONE, or the WN_READ_ value the read function stopped with */
  wn_complete_fn complete;
  wn_resize_fn on_resize;
  void *callback_context; /* handed to both callbacks */
  struct sigaction old_sigint;
  struct sigaction old_sigwinch;
  struct sigaction old_sigtstp;
  struct sigaction old_sigcont;
  int stop_claimed;     /* this read took SIGTSTP, SIGCONT (and SIGTERM, SIGHUP) back from libedit */

  pthread_mutex_t lock; /* guards the fields below */
  int reading;          /* inside wn_editor_read_line */
  char *pending;        /* queued text for print_above, each part ending in \n */
  char *pending_prompt; /* the prompt the next redraw shows (wn_editor_set_prompt), or NULL */
  size_t pending_length;
};

/* The terminal's settings before the editor quieted it, restored at exit (once). */
static struct termios wn_terminal_original;
static int wn_terminal_saved = 0;

/* Also from a signal handler about to _exit (tcsetattr is async-signal-safe). */
void wn_restore_terminal_now(void) {
  if (wn_terminal_saved) tcsetattr(STDIN_FILENO, TCSADRAIN, &wn_terminal_original);
}

/* Echo off, and nothing else changed: keys typed while the app works stay unshown. */
static void wn_quiet_terminal(void) {
  if (!wn_terminal_saved) return;
  struct termios quiet;
  if (tcgetattr(STDIN_FILENO, &quiet) != 0) return;
  quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
  tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
}

/* Signal state is process-wide by nature. */
static volatile sig_atomic_t wn_interrupted = 0;
static volatile sig_atomic_t wn_resized = 0;
static volatile sig_atomic_t wn_wake_fd = -1;
static volatile sig_atomic_t wn_continued = 0;

int wn_editor_take_interrupt(void) {
  if (!wn_interrupted) return 0;
  wn_interrupted = 0;
  return 1;
}

/* Writes a byte to a wake-up pipe (async-signal-safe): the reading thread's poll returns. */
static void wn_wake(int fd) {
  char byte = 'w';
  ssize_t ignored = write(fd, &byte, 1);
  (void)ignored;
}

/* Wakes the reading thread from a signal handler. */
static void wn_wake_reader(void) {
  int fd = wn_wake_fd;
  if (fd >= 0) wn_wake(fd);
}

/* Flag-only handler (async-signal-safe): remember and wake the reading thread. SIGCONT (also
 * after a SIGSTOP, which no handler sees): the reading thread draws the prompt and the typed
 * line again. */
static void wn_on_signal(int signo) {
  int saved_errno = errno;
  if (signo == SIGINT) wn_interrupted = 1;
  if (signo == SIGWINCH) wn_resized = 1;
  if (signo == SIGCONT) wn_continued = 1;
  wn_wake_reader();
  errno = saved_errno;
}

int wn_set_handler(int signo, void (*handler)(int), int flags, struct sigaction *old) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = flags;
  return sigaction(signo, &action, old);
}

/* SIGTSTP (Ctrl-Z), on whichever thread takes it: puts the terminal's own settings back (a
 * shell gets a terminal that echoes), stops the process as the default action does, and on
 * continue puts back the mode it found (libedit's raw mode during a read, the quiet mode
 * between reads). Only async-signal-safe calls: tcgetattr, tcsetattr, sigaction,
 * sigprocmask, raise, write. */
static void wn_on_stop(int signo) {
  int saved_errno = errno;
  struct termios current;
  int have_current = wn_terminal_saved && tcgetattr(STDIN_FILENO, &current) == 0;
  if (wn_terminal_saved) tcsetattr(STDIN_FILENO, TCSADRAIN, &wn_terminal_original);

  struct sigaction ours;
  wn_set_handler(signo, SIG_DFL, 0, &ours);
  sigset_t unblock, before;
  sigemptyset(&unblock);
  sigaddset(&unblock, signo);
  sigprocmask(SIG_UNBLOCK, &unblock, &before);
  raise(signo); /* stops here until SIGCONT */
  sigprocmask(SIG_SETMASK, &before, NULL);
  sigaction(signo, &ours, NULL);

  if (have_current) tcsetattr(STDIN_FILENO, TCSADRAIN, &current);
  wn_continued = 1;
  wn_wake_reader();
  errno = saved_errno;
}

/* Installs the stop and continue handlers (SA_RESTART: they only wake the reader); `old`
 * receives the previous ones when not NULL. */
static void wn_claim_stop_signals(struct sigaction *old_stop, struct sigaction *old_continue) {
  wn_set_handler(SIGTSTP, wn_on_stop, SA_RESTART, old_stop);
  wn_set_handler(SIGCONT, wn_on_signal, SA_RESTART, old_continue);
}

static wn_editor *wn_editor_of(EditLine *el) {
  void *data = NULL;
  wn_libedit.el_get(el, EL_CLIENTDATA, &data);
  return (wn_editor *)data;
}

/* ---- display helpers ---------------------------------------------------- */

static int wn_columns(void) {
  struct winsize size;
  return ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 ? size.ws_col : 80;
}

/* Cells libedit uses for a character: control characters are shown as ^X. */
static int wn_char_width(wchar_t c) {
  if (c < 0x20 || c == 0x7f) return 2;
  int width = wcwidth(c);
  return width < 0 ? 1 : width;
}

/* Measures the prompt: newlines and the visible width of its last line. */
static void wn_measure_prompt(wn_editor *editor) {
  const char *p = editor->prompt;
  size_t left = strlen(p);
  mbstate_t state;
  memset(&state, 0, sizeof state);
  int rows = 0, width = 0;
  while (left > 0) {
    wchar_t c;
    size_t used = mbrtowc(&c, p, left, &state);
    if (used == (size_t)-1 || used == (size_t)-2) { /* bad UTF-8: count a byte */
      memset(&state, 0, sizeof state);
      used = 1;
      c = L'?';
    } else if (used == 0) {
      break;
    }
    p += used;
    left -= used;
    if (c == L'\n') { rows += 1; width = 0; continue; }
    width += wn_char_width(c);
  }
  editor->prompt_rows = rows;
  editor->prompt_width = width;
}

/* Visible width of the prompt's last line plus the edited text up to the cursor or the end. */
static long wn_width_through(wn_editor *editor, int up_to_cursor) {
  const LineInfoW *line = wn_libedit.el_wline(editor->el);
  long width = editor->prompt_width;
  const wchar_t *end = up_to_cursor ? line->cursor : line->lastchar;
  for (const wchar_t *c = line->buffer; c < end; c++) width += wn_char_width(*c);
  return width;
}

/* Screen row, counted from the prompt's first row, of `end` in the line. */
static int wn_row_of(wn_editor *editor, int up_to_cursor) {
  return editor->prompt_rows + (int)(wn_width_through(editor, up_to_cursor) / wn_columns());
}

/*
 * Moves the cursor from where libedit left it to just after the last character of
 * the edited text (which may wrap over several rows).
 */
static void wn_move_to_end_of_line(wn_editor *editor) {
  int columns = wn_columns();
  long end = wn_width_through(editor, 0);
  int below = wn_row_of(editor, 0) - wn_row_of(editor, 1);
  if (below > 0) fprintf(stdout, "\x1b[%dB", below);
  fputs("\r", stdout);
  if (end % columns > 0) fprintf(stdout, "\x1b[%ldC", end % columns);
}

/* Moves the cursor to the start of the prompt's first row and erases what follows. */
static void wn_erase_prompt_and_line(wn_editor *editor) {
  int row = wn_row_of(editor, 1);
  if (row > 0) fprintf(stdout, "\x1b[%dA", row);
  fputs("\r\x1b[J", stdout);
}

/* Writes UTF-8 text with every \n as \r\n (the terminal is in raw mode). */
static void wn_write_lines(FILE *out, const char *text) {
  for (const char *c = text; *c; c++) {
    if (*c == '\n' && (c == text || c[-1] != '\r')) fputc('\r', out);
    fputc(*c, out);
  }
}

/* Has libedit forget what it drew and draw the prompt and the edited line again, where the
 * cursor is. */
static void wn_redraw_line(wn_editor *editor) {
  fflush(stdout);
  wn_libedit.el_set(editor->el, EL_REFRESH);
  fflush(stdout);
}

/* Takes the queued print_above text (caller frees), or NULL. */
static char *wn_take_pending_locked(wn_editor *editor) {
  char *text = editor->pending;
  editor->pending = NULL;
  editor->pending_length = 0;
  return text;
}

/*
 * On the reading thread, inside el_gets: clears the prompt and the edited line
 * (which may wrap over several rows), prints the queued text, and has libedit
 * draw the prompt and the partial line again below it.
 */
static void wn_flush_pending(wn_editor *editor) {
  pthread_mutex_lock(&editor->lock);
  char *text = wn_take_pending_locked(editor);
  char *prompt = editor->pending_prompt;
  editor->pending_prompt = NULL;
  pthread_mutex_unlock(&editor->lock);
  if (text == NULL && prompt == NULL) return;

  wn_erase_prompt_and_line(editor); /* measured for the prompt on screen */
  if (text != NULL) wn_write_lines(stdout, text);
  free(text);
  if (prompt != NULL) {
    free(editor->prompt);
    editor->prompt = prompt;
    wn_measure_prompt(editor);
  }
  wn_redraw_line(editor);
}

static void wn_drain_wake_pipe(wn_editor *editor) {
  char buffer[64];
  while (read(editor->wake_read, buffer, sizeof buffer) > 0) {
  }
}

/* ---- the read function (EL_GETCFN) ---------------------------------------- */

/*
 * Reads one character for libedit: returns 1 with *out set, 0 at end of input,
 * or -1 (errno EINTR for Ctrl-C) to make el_gets stop. Decodes UTF-8 with
 * mbrtowc, so LC_CTYPE must be a UTF-8 locale.
 */
static int wn_read_char(EditLine *el, wchar_t *out) {
  wn_editor *editor = wn_editor_of(el);
  *out = L'\0';
  if (!editor->stop_claimed) {
    /* el_gets installed libedit's handlers (EL_SIGNAL); it puts ours back when it returns. */
    editor->stop_claimed = 1;
    wn_claim_stop_signals(NULL, NULL);
    if (wn_termination_fd() >= 0) wn_termination_claim();
  }
  for (;;) {
    if (wn_continued) {
      /* Back from Ctrl-Z (`fg`): the shell has written below the line, so the prompt and
       * the typed text are drawn again, from the start of the row the cursor is on. */
      wn_continued = 0;
      fputs("\r\x1b[J", stdout);
      wn_redraw_line(editor);
    }
    if (wn_termination_signal() != 0) {
      editor->stop = WN_READ_TERMINATED;
      errno = EINTR;
      return -1;
    }
    if (wn_resized) {
      /* libedit's own handler only catches the first resize of a read. */
      wn_resized = 0;
      wn_libedit.el_resize(el);
      /* The app redraws its screen for the new width (through wn_editor_print_above,
       * flushed just below). */
      if (editor->on_resize != NULL) editor->on_resize(editor->callback_context);
    }
    /* Queued messages before Ctrl-C, so they land above the line even then. */
    wn_flush_pending(editor);
    if (wn_interrupted) {
      wn_interrupted = 0;
      editor->stop = WN_READ_INTERRUPTED;
      errno = EINTR;
      return -1;
    }

    /* The termination pipe is never drained: once readable, the top of the loop stops. */
    struct pollfd pollers[3] = {
      {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0},
      {.fd = editor->wake_read, .events = POLLIN, .revents = 0},
      {.fd = wn_termination_fd(), .events = POLLIN, .revents = 0},
    };
    if (poll(pollers, pollers[2].fd >= 0 ? 3 : 2, -1) < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      editor->stop = WN_READ_END; /* a read error */
      return -1;
    }
    if (pollers[1].revents != 0) {
      wn_drain_wake_pipe(editor);
      continue; /* back to the top: signal flags and queued messages */
    }
    if (pollers[2].fd >= 0 && pollers[2].revents != 0) continue; /* SIGTERM or SIGHUP */
    if (pollers[0].revents == 0) continue;
    if (pollers[0].revents & POLLNVAL) {
      editor->stop = WN_READ_END;
      return 0;
    }

    unsigned char byte;
    ssize_t count = read(STDIN_FILENO, &byte, 1);
    if (count == 0) {
      editor->stop = WN_READ_END;
      return 0;
    }
    if (count < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      editor->stop = WN_READ_END; /* a read error */
      return -1;
    }

    if (byte == 0x1b && mbsinit(&editor->decoder)) {
      struct pollfd rest = {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0};
      int more = poll(&rest, 1, WN_ESCAPE_TIMEOUT_MS); /* the rest of a sequence, or nothing */
      if (more < 0) continue;                           /* a signal: the top of the loop handles it */
      if (more == 0) {
        editor->stop = WN_READ_ESCAPE;
        errno = 0;
        return -1;
      }
      *out = L'\x1b'; /* the start of an arrow key or an Alt-key */
      return 1;
    }

    wchar_t c;
    size_t used = mbrtowc(&c, (const char *)&byte, 1, &editor->decoder);
    if (used == (size_t)-2) continue; /* more bytes of this character to come */
    if (used == (size_t)-1) {         /* invalid UTF-8: show U+FFFD, start over */
      memset(&editor->decoder, 0, sizeof editor->decoder);
      *out = (wchar_t)0xFFFD;
      return 1;
    }
    *out = used == 0 ? L'\0' : c;
    return 1;
  }
}

/* ---- prompt and completion -------------------------------------------------- */

static char *wn_prompt(EditLine *el) {
  wn_editor *editor = wn_editor_of(el);
  static char empty[] = "";
  return editor != NULL && editor->prompt != NULL ? editor->prompt : empty;
}

/* Bound to Tab: hands the text before the cursor to the Swift completer. */
static unsigned char wn_complete(EditLine *el, int ch) {
  (void)ch;
  wn_editor *editor = wn_editor_of(el);
  if (editor == NULL || editor->complete == NULL) return CC_ERROR;
  const LineInfo *line = wn_libedit.el_line(el);
  char *before = strndup(line->buffer, (size_t)(line->cursor - line->buffer));
  if (before == NULL) return CC_ERROR;
  int result = editor->complete(editor->callback_context, before);
  free(before);
  /* A listing has already redrawn the line; nothing done beeps. */
  return result == WN_COMPLETE_INSERTED || result == WN_COMPLETE_LISTED ? CC_REFRESH : CC_ERROR;
}

void wn_editor_set_callbacks(wn_editor *editor, wn_complete_fn complete, wn_resize_fn on_resize, void *context) {
  editor->complete = complete;
  editor->on_resize = on_resize;
  editor->callback_context = context;
}

int wn_editor_insert(wn_editor *editor, const char *text) {
  return wn_libedit.el_insertstr(editor->el, text) == 0 ? 0 : -1;
}

void wn_editor_show_listing(wn_editor *editor, const char *text) {
  int below = wn_row_of(editor, 0) - wn_row_of(editor, 1);
  if (below > 0) fprintf(stdout, "\x1b[%dB", below);
  fputs("\r\n", stdout);
  wn_write_lines(stdout, text);
  if (text[0] != '\0' && text[strlen(text) - 1] != '\n') fputs("\r\n", stdout);
  wn_redraw_line(editor);
}

/* ---- life cycle -------------------------------------------------------------- */

static int wn_is_c_locale(const char *name) {
  return name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

wn_editor *wn_editor_create(void) {
  if (!wn_load_libedit()) return NULL;
  /* Before el_init: libedit decides at init whether the charset is UTF-8, and in the C locale
   * it drops every non-ASCII byte (and wcwidth knows no non-ASCII character). So C or POSIX
   * becomes the environment's locale, else C.UTF-8 (also when the environment names a locale
   * that does not exist). */
  if (wn_is_c_locale(setlocale(LC_CTYPE, NULL)) && wn_is_c_locale(setlocale(LC_CTYPE, ""))) {
    setlocale(LC_CTYPE, "C.UTF-8");
  }

  wn_editor *editor = calloc(1, sizeof *editor);
  if (editor == NULL) return NULL;
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) != 0) {
    free(editor);
    return NULL;
  }
  editor->wake_read = pipe_fds[0];
  editor->wake_write = pipe_fds[1];
  pthread_mutex_init(&editor->lock, NULL);

  HistEvent event;
  editor->history = wn_libedit.history_init();
  editor->el = wn_libedit.el_init("whatsnew", stdin, stdout, stderr); /* ~/.editrc is not read */
  if (editor->history == NULL || editor->el == NULL) {
    if (editor->el != NULL) wn_libedit.el_end(editor->el);
    if (editor->history != NULL) wn_libedit.history_end(editor->history);
    close(editor->wake_read);
    close(editor->wake_write);
    pthread_mutex_destroy(&editor->lock);
    free(editor);
    return NULL;
  }
  wn_libedit.history(editor->history, &event, H_SETSIZE, WN_HISTORY_SIZE);
  wn_libedit.history(editor->history, &event, H_SETUNIQUE, 1);

  EditLine *el = editor->el;
  wn_libedit.el_set(el, EL_CLIENTDATA, (void *)editor);
  wn_libedit.el_set(el, EL_EDITOR, "emacs");
  wn_libedit.el_set(el, EL_SIGNAL, 1);
  wn_libedit.el_set(el, EL_PROMPT, wn_prompt);
  wn_libedit.el_set(el, EL_HIST, wn_libedit.history, editor->history);
  wn_libedit.el_set(el, EL_GETCFN, wn_read_char);
  wn_libedit.el_set(el, EL_ADDFN, "wn-complete", "Complete the word before the cursor", wn_complete);
  wn_libedit.el_set(el, EL_BIND, "^I", "wn-complete", NULL);
  /* libedit's emacs map has ^R redraw the line; a shell's searches the history. */
  wn_libedit.el_set(el, EL_BIND, "^R", "em-inc-search-prev", NULL);

  /* No SA_RESTART: a signal must interrupt poll() on the reading thread. */
  wn_set_handler(SIGINT, wn_on_signal, 0, &editor->old_sigint);
  wn_set_handler(SIGWINCH, wn_on_signal, 0, &editor->old_sigwinch);
  wn_claim_stop_signals(&editor->old_sigtstp, &editor->old_sigcont);
  /* Unblocked on this thread (and the reader threads it starts): a parent may have left
   * them blocked, and then Ctrl-C and resizes would never arrive. */
  sigset_t wanted;
  sigemptyset(&wanted);
  sigaddset(&wanted, SIGINT);
  sigaddset(&wanted, SIGWINCH);
  sigaddset(&wanted, SIGTSTP);
  sigaddset(&wanted, SIGCONT);
  pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
  wn_wake_fd = editor->wake_write;
  if (!wn_terminal_saved && isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &wn_terminal_original) == 0) {
    wn_terminal_saved = 1;
    atexit(wn_restore_terminal_now);
  }
  wn_quiet_terminal();
  return editor;
}

void wn_editor_destroy(wn_editor *editor) {
  if (editor == NULL) return;
  wn_restore_terminal_now();
  if (wn_wake_fd == editor->wake_write) wn_wake_fd = -1;
  sigaction(SIGINT, &editor->old_sigint, NULL);
  sigaction(SIGWINCH, &editor->old_sigwinch, NULL);
  sigaction(SIGTSTP, &editor->old_sigtstp, NULL);
  sigaction(SIGCONT, &editor->old_sigcont, NULL);
  wn_libedit.el_end(editor->el);
  wn_libedit.history_end(editor->history);
  close(editor->wake_read);
  close(editor->wake_write);
  pthread_mutex_destroy(&editor->lock);
  free(editor->pending);
  free(editor->pending_prompt);
  free(editor->prompt);
  free(editor->carry);
  free(editor);
}

/* ---- reading ------------------------------------------------------------------ */

int wn_editor_read_line(wn_editor *editor, const char *prompt, int records_history, char **line_out) {
  *line_out = NULL;
  char *copy = strdup(prompt);
  if (copy != NULL) {
    free(editor->prompt);
    editor->prompt = copy;
    wn_measure_prompt(editor);
  }

  /* A Ctrl-C pressed while the app was busy does not cancel this read. */
  wn_drain_wake_pipe(editor);
  wn_interrupted = 0;
  wn_continued = 0; /* a stop between reads: the prompt about to be drawn is the redraw */
  editor->stop_claimed = 0;
  wn_wake_fd = editor->wake_write;
  editor->stop = WN_STOP_NONE;
  memset(&editor->decoder, 0, sizeof editor->decoder);

  pthread_mutex_lock(&editor->lock);
  editor->reading = 1;
  /* A prompt set for the read before is not this one's. */
  free(editor->pending_prompt);
  editor->pending_prompt = NULL;
  pthread_mutex_unlock(&editor->lock);

  /* What was being typed when Esc closed something comes back, as if typed again. */
  if (editor->carry != NULL) {
    wn_libedit.el_push(editor->el, editor->carry);
    free(editor->carry);
    editor->carry = NULL;
  }

  int count = 0;
  const char *line = wn_libedit.el_gets(editor->el, &count);
  int saved_errno = errno;
  /* libedit put back the settings it found; make sure the app's work stays unechoed. */
  wn_quiet_terminal();

  int status;
  if (line != NULL && count > 0) {
    size_t length = strlen(line);
    if (length > 0 && line[length - 1] == '\n') length--;
    if (length > 0 && line[length - 1] == '\r') length--;
    *line_out = strndup(line, length);
    status = *line_out != NULL ? WN_READ_LINE : WN_READ_END;
    /* A line longer than WN_HISTORY_LINE_LIMIT (a paste) runs, but is not kept: the history
     * file must stay one the next start loads (see wn_editor_save_history). */
    int blank = *line_out == NULL || (*line_out)[strspn(*line_out, " \t")] == '\0';
    if (!blank && records_history && length <= WN_HISTORY_LINE_LIMIT) {
      HistEvent event;
      wn_libedit.history(editor->history, &event, H_ENTER, *line_out);
    }
  } else if (count == 0) {
    status = WN_READ_END; /* Ctrl-D on an empty line */
  } else if (editor->stop != WN_STOP_NONE) {
    status = editor->stop;
  } else {
    status = saved_errno == EINTR ? WN_READ_INTERRUPTED : WN_READ_END;
  }

  /* libedit leaves the cursor where it was on the edited line (its buffer still holds
   * the line until the next read). Ctrl-C: as a shell shows it, the line stays with a
   * "^C" and the next prompt starts on a line of its own. Esc: the prompt and the line
   * go, and what the app draws next (the screen without its popover) takes their place. */
  if (status == WN_READ_INTERRUPTED) {
    wn_move_to_end_of_line(editor);
    fputs("^C\r\n", stdout);
    fflush(stdout);
  } else if (status == WN_READ_ESCAPE) {
    /* Esc leaves what is on top, not the line being typed: keep it for the next read. */
    const LineInfo *typed = wn_libedit.el_line(editor->el);
    if (typed != NULL && typed->lastchar > typed->buffer) {
      editor->carry = strndup(typed->buffer, (size_t)(typed->lastchar - typed->buffer));
    }
    wn_erase_prompt_and_line(editor);
    fflush(stdout);
  }

  /* Text queued after the last wake-up is printed now, below the read line. */
  pthread_mutex_lock(&editor->lock);
  editor->reading = 0;
  char *late = wn_take_pending_locked(editor);
  if (late != NULL) {
    if (status == WN_READ_END || status == WN_READ_TERMINATED) fputs("\n", stdout);
    fputs(late, stdout);
    fflush(stdout);
    free(late);
  }
  pthread_mutex_unlock(&editor->lock);
  return status;
}

void wn_editor_set_prompt(wn_editor *editor, const char *prompt) {
  char *copy = strdup(prompt);
  if (copy == NULL) return;
  pthread_mutex_lock(&editor->lock);
  if (!editor->reading) {
    /* Between reads: the next read brings its own prompt. */
    free(copy);
  } else {
    free(editor->pending_prompt);
    editor->pending_prompt = copy;
    wn_wake(editor->wake_write);
  }
  pthread_mutex_unlock(&editor->lock);
}

void wn_editor_print_above(wn_editor *editor, const char *text) {
  size_t length = strlen(text);
  int needs_newline = length == 0 || text[length - 1] != '\n';
  pthread_mutex_lock(&editor->lock);
  if (!editor->reading) {
    /* Under the lock, so it cannot interleave with a read starting. */
    fputs(text, stdout);
    if (needs_newline) fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&editor->lock);
    return;
  }
  size_t grown = editor->pending_length + length + (size_t)needs_newline;
  char *pending = realloc(editor->pending, grown + 1);
  if (pending != NULL) {
    memcpy(pending + editor->pending_length, text, length);
    if (needs_newline) pending[grown - 1] = '\n';
    pending[grown] = '\0';
    editor->pending = pending;
    editor->pending_length = grown;
    wn_wake(editor->wake_write);
  }
  pthread_mutex_unlock(&editor->lock);
}

/* ---- history files ----------------------------------------------------------- */

int wn_editor_load_history(wn_editor *editor, const char *path) {
  HistEvent event;
  return wn_libedit.history(editor->history, &event, H_LOAD, path);
}

/* mkdir -p with mode 0700 for the directories that are missing. 0 or errno. */
static int wn_make_directories(const char *directory) {
  char *path = strdup(directory);
  if (path == NULL) return ENOMEM;
  int result = 0;
  for (char *c = path + 1; ; c++) {
    if (*c != '/' && *c != '\0') continue;
    char saved = *c;
    *c = '\0';
    if (mkdir(path, 0700) != 0 && errno != EEXIST) {
      result = errno;
      break;
    }
    *c = saved;
    if (saved == '\0') break;
  }
  free(path);
  return result;
}

/* The directory part of path ("." when there is none), or NULL when out of memory. */
static char *wn_directory_of(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash == NULL ? strdup(".") : slash == path ? strdup("/") : strndup(path, (size_t)(slash - path));
}

/* A save's temporary is flock'ed from its creation to its rename, so one nobody holds was
 * left by a save cut short (a crash, SIGKILL, a power cut) and may go. */
#define WN_HISTORY_TEMPORARY ".history-XXXXXX"

int wn_editor_save_history(wn_editor *editor, const char *path, long size_limit) {
  char *directory = wn_directory_of(path);
  if (directory == NULL) return ENOMEM;
  int result = wn_make_directories(directory);

  /* H_SAVE truncates its file in place: save to a temporary file, then rename. */
  char *temporary = NULL;
  if (result == 0 && asprintf(&temporary, "%s/" WN_HISTORY_TEMPORARY, directory) < 0) result = ENOMEM;
  free(directory);
  if (result != 0) return result;
  size_t suffix = strlen(temporary) - 6;
  int fd = -1;
  struct stat info;
  /* A start's clean-up may take a temporary in the instant before it is locked (it is then
   * unlinked: no links left): make another. */
  for (int attempt = 0; attempt < 3 && fd < 0; attempt++) {
    memcpy(temporary + suffix, "XXXXXX", 6);
    fd = mkostemp(temporary, O_CLOEXEC); /* mode 0600 */
    if (fd < 0) break;
    if (flock(fd, LOCK_EX) != 0 || fstat(fd, &info) != 0 || info.st_nlink == 0) {
      close(fd);
      fd = -1;
      errno = EAGAIN;
    }
  }
  /* The stream has a descriptor of its own: fd keeps the lock until the rename is done. */
  FILE *file = fd < 0 ? NULL : fdopen(dup(fd), "w");
  if (file == NULL) {
    result = errno;
    if (fd >= 0) {
      unlink(temporary);
      close(fd);
    }
    free(temporary);
    return result;
  }

  /* H_SAVE itself ignores a failed fclose: on a full disk the buffered lines are lost and
   * an empty file replaced the old history. Here every step is checked (the flush, the
   * stream's error flag, fsync, the size the next start accepts, the close) before the
   * rename; on any failure the temporary file goes and the old history stays. */
  HistEvent event;
  errno = 0;
  if (wn_libedit.history(editor->history, &event, H_SAVE_FP, file) < 0) {
    result = errno != 0 ? errno : EIO;
  } else if (fflush(file) != 0 || ferror(file)) {
    result = errno != 0 ? errno : EIO;
  } else if (fsync(fd) != 0) {
    result = errno;
  } else if (fstat(fd, &info) != 0) {
    result = errno;
  } else if (size_limit > 0 && info.st_size > size_limit) {
    result = EFBIG;
  }
  if (fclose(file) != 0 && result == 0) result = errno != 0 ? errno : EIO;
  if (result == 0 && (fchmod(fd, 0600) != 0 || rename(temporary, path) != 0)) result = errno;
  if (result != 0) unlink(temporary);
  close(fd);
  free(temporary);
  return result;
}

void wn_history_remove_temporaries(const char *path) {
  char *directory = wn_directory_of(path);
  DIR *listing = directory == NULL ? NULL : opendir(directory);
  free(directory);
  if (listing == NULL) return;
  size_t length = strlen(WN_HISTORY_TEMPORARY);
  struct dirent *entry;
  while ((entry = readdir(listing)) != NULL) {
    if (strlen(entry->d_name) != length || strncmp(entry->d_name, WN_HISTORY_TEMPORARY, length - 6) != 0) continue;
    /* Never followed (a link is not a temporary the app made), never waited on (a FIFO). */
    int fd = openat(dirfd(listing), entry->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat held, named;
    int mine = fstat(fd, &held) == 0 && S_ISREG(held.st_mode) && held.st_uid == geteuid();
    /* Once locked, still the file under that name (not one a save made since). */
    if (mine && flock(fd, LOCK_EX | LOCK_NB) == 0
        && fstatat(dirfd(listing), entry->d_name, &named, AT_SYMLINK_NOFOLLOW) == 0
        && named.st_ino == held.st_ino && named.st_dev == held.st_dev) {
      unlinkat(dirfd(listing), entry->d_name, 0);
    }
    close(fd);
  }
  closedir(listing);
}
