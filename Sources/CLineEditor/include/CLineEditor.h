#ifndef CLINEEDITOR_H
#define CLINEEDITOR_H

/*
 * CLineEditor: a small, non-variadic C interface over libedit for the Swift
 * `LineEditor` module. It is the only code in whatsnew that touches libedit.
 *
 * Everything here is plain C that Swift can call: libedit's el_set/el_get and
 * history() are variadic, and `stdin`/`stdout` are not usable from Swift 6.
 *
 * Each function is documented once, on the Swift member that calls it
 * (InteractiveLineEditor, Terminal in Sources/LineEditor); the notes here are what C adds:
 * return codes, ownership, threads. One thread reads (wn_editor_read_line and everything it
 * calls back into); wn_editor_print_above may be called from any thread. Only one editor
 * should exist at a time, because the SIGINT/SIGWINCH handlers are process-wide.
 */

/* An interactive editor: an EditLine, its History, a wake-up pipe and a queue. */
typedef struct wn_editor wn_editor;

/* Results of wn_editor_read_line (LineInput's cases say where the cursor is left). */
#define WN_READ_LINE 0        /* a line was entered; *line_out holds it */
#define WN_READ_INTERRUPTED 1 /* Ctrl-C: the partly typed line is dropped */
#define WN_READ_ESCAPE 2      /* a lone Esc key */
#define WN_READ_END 3         /* Ctrl-D on an empty line, or the input closed */
#define WN_READ_TERMINATED 4  /* SIGTERM or SIGHUP arrived (see wn_termination_install) */

/* What a completion callback did (its return value). */
#define WN_COMPLETE_NOTHING 0  /* nothing to insert or list: the editor beeps */
#define WN_COMPLETE_INSERTED 1 /* text was inserted with wn_editor_insert */
#define WN_COMPLETE_LISTED 2   /* a listing was shown with wn_editor_show_listing */

/* Called on Tab, on the reading thread, with the UTF-8 text before the cursor; may call
 * wn_editor_insert or wn_editor_show_listing. Returns a WN_COMPLETE_ value. */
typedef int (*wn_complete_fn)(void *context, const char *line_before_cursor);

/* Called on the reading thread after a resize (SIGWINCH); must not block. */
typedef void (*wn_resize_fn)(void *context);

/* How many entries the history keeps. */
#define WN_HISTORY_SIZE 1000

/* InteractiveLineEditor.init; the signal handlers it installs (CLineEditor.c says which and
 * why) are put back by wn_editor_destroy. NULL when libedit cannot start. Sets LC_CTYPE to a
 * UTF-8 locale first when it is C or POSIX. */
wn_editor *wn_editor_create(void);

/* Ends libedit and the history, restores the previous signal handlers, frees. */
void wn_editor_destroy(wn_editor *editor);

/* InteractiveLineEditor.init: the callbacks for Tab and for a resize, both given `context`. */
void wn_editor_set_callbacks(wn_editor *editor, wn_complete_fn complete, wn_resize_fn on_resize, void *context);

/* InteractiveLineEditor.nextLine and nextAnswer (`records_history` 0: the line stays out of the
 * history). Returns a WN_READ_ value; for WN_READ_LINE, *line_out is a malloc'd UTF-8 copy of
 * the line without its line ending (free it with free()). */
int wn_editor_read_line(wn_editor *editor, const char *prompt, int records_history, char **line_out);

/* Inserts UTF-8 text at the cursor (from a completion callback). 0 or -1. */
int wn_editor_insert(wn_editor *editor, const char *text);

/* From a completion callback: prints `text` (UTF-8, lines separated by \n) below the edited
 * line, then redraws the prompt and the line under it. */
void wn_editor_show_listing(wn_editor *editor, const char *text);

/* InteractiveLineEditor.printAbove. Thread-safe. */
void wn_editor_print_above(wn_editor *editor, const char *text);

/* InteractiveLineEditor.setPrompt: the prompt of the read in progress, shown from its next
 * redraw (with the next printed text, or at once). Thread-safe; between reads it does nothing. */
void wn_editor_set_prompt(wn_editor *editor, const char *prompt);

/* Loads history entries saved by wn_editor_save_history. Count, or -1. */
int wn_editor_load_history(wn_editor *editor, const char *path);

/* The longest line, in bytes, that enters the history: a longer one (a paste) runs but is
 * not kept, so WN_HISTORY_SIZE entries, each escaped at most four times its length, stay under the
 * 4 MiB a start loads. */
#define WN_HISTORY_LINE_LIMIT 1000

/* InteractiveLineEditor.writeHistory (`size_limit` 0: no limit). Returns 0, or an errno
 * value describing the failure (EFBIG: over the limit); the old file is then left as it was. */
int wn_editor_save_history(wn_editor *editor, const char *path, long size_limit);

/* InteractiveLineEditor.init: removes the temporaries of saves cut short (`.history-XXXXXX`
 * beside `path`: regular files of this user that no save in progress holds locked). */
void wn_history_remove_temporaries(const char *path);

/* InteractiveLineEditor.unavailableReason: NULL when libedit loads. Thread-safe. */
const char *wn_editor_unavailable_reason(void);

/* InteractiveLineEditor.libraryRefusal: WN_LIBRARY_ACCEPTED, or a WN_LIBRARY_* code with
 * `detail` (when not NULL) set as each code says. Thread-safe. */
#define WN_LIBRARY_ACCEPTED 0
#define WN_LIBRARY_NOT_REGULAR 2       /* a FIFO, a directory, a device, a socket */
#define WN_LIBRARY_FOREIGN_OWNER 3     /* owned by neither root nor the user: detail is the uid */
#define WN_LIBRARY_WRITABLE_BY_OTHERS 4 /* group or others may write it: detail is the mode */
int wn_editor_library_refusal(int *detail);

/* InteractiveLineEditor.takeInterrupt: 0 or 1. Async-signal-safe, any thread. */
int wn_editor_take_interrupt(void);

/* Terminal.installTerminationHandlers. Call from the main thread before any editor reads.
 * Termination.c says how it works. */
void wn_termination_install(void);

/* Puts the termination handlers back in place of libedit's, for a read: 0, or -1. */
int wn_termination_claim(void);

/* Terminal.setSessionRunning: 1 or 0. Async-signal-safe. */
void wn_termination_set_session_running(int running);

/* Puts back the terminal settings the editor changed, if it changed them; for a handler
 * that is about to _exit. Async-signal-safe. */
void wn_restore_terminal_now(void);

/* Installs `handler` for `signo` with `flags` (0 or SA_RESTART); `old`, when not NULL, receives
 * the previous action. 0, or -1. Async-signal-safe: for the C handlers, not for Swift. */
struct sigaction;
int wn_set_handler(int signo, void (*handler)(int), int flags, struct sigaction *old);

/* Terminal.terminationSignal: the signal, or 0. */
int wn_termination_signal(void);

/* Terminal.terminationDescriptor: the descriptor, or -1. */
int wn_termination_fd(void);

#endif
