#ifndef CLINEEDITOR_H
#define CLINEEDITOR_H

/*
 * CLineEditor: a small, non-variadic C interface over libedit for the Swift
 * `LineEditor` module. It is the only code in whatsnew that touches libedit.
 *
 * Everything here is plain C that Swift can call: libedit's el_set/el_get and
 * history() are variadic, and `stdin`/`stdout` are not usable from Swift 6.
 *
 * Threading: one thread reads (wn_editor_read_line and everything it calls back
 * into); wn_editor_print_above may be called from any thread. Only one editor
 * should exist at a time, because the SIGINT/SIGWINCH handlers are process-wide.
 */

/* An interactive editor: an EditLine, its History, a wake-up pipe and a queue. */
typedef struct wn_editor wn_editor;

/* Results of wn_editor_read_line. */
#define WN_READ_LINE 0        /* a line was entered; *line_out holds it */
#define WN_READ_INTERRUPTED 1 /* Ctrl-C: the partly typed line is dropped */
#define WN_READ_ESCAPE 2      /* a lone Esc key */
#define WN_READ_END 3         /* Ctrl-D on an empty line, or the input closed */
#define WN_READ_TERMINATED 4  /* SIGTERM or SIGHUP arrived (see wn_termination_install) */

/* What a completion callback did (its return value). */
#define WN_COMPLETE_NOTHING 0  /* nothing to insert or list: the editor beeps */
#define WN_COMPLETE_INSERTED 1 /* text was inserted with wn_editor_insert */
#define WN_COMPLETE_LISTED 2   /* a listing was shown with wn_editor_show_listing */

/*
 * Called on Tab with the UTF-8 text between the start of the line and the
 * cursor. It runs on the reading thread, inside wn_editor_read_line, and may call
 * wn_editor_insert or wn_editor_show_listing. Returns a WN_COMPLETE_ value.
 */
typedef int (*wn_complete_fn)(void *context, const char *line_before_cursor);

/*
 * Creates an editor over the standard streams (emacs bindings, prompt escapes
 * delimited by \1, libedit signal handling, Tab bound to the completion callback)
 * with a history of at most `history_size` unique-in-a-row entries. Makes sure
 * LC_CTYPE is not "C"/"POSIX" first (libedit drops non-ASCII bytes there) and
 * installs flag-only SIGINT and SIGWINCH handlers (no SA_RESTART) and a SIGTSTP
 * handler (Ctrl-Z: the terminal's own settings while stopped, the editor's mode back on
 * SIGCONT, and the prompt and the typed line drawn again when a read is in progress),
 * keeping the previous ones for wn_editor_destroy. Returns NULL when libedit cannot start.
 */
wn_editor *wn_editor_create(const char *program_name, int history_size);

/* Ends libedit and the history, restores the previous signal handlers, frees. */
void wn_editor_destroy(wn_editor *editor);

/* Sets the Tab completion callback and the context pointer passed to it. */
void wn_editor_set_completer(wn_editor *editor, wn_complete_fn callback, void *context);

/*
 * Called on the reading thread, inside wn_editor_read_line, after the terminal was
 * resized (SIGWINCH) and libedit has taken the new size. It must not block: it may
 * queue text with wn_editor_print_above (a redraw of the screen above the prompt).
 */
typedef void (*wn_resize_fn)(void *context);

/* Sets the resize callback and the context pointer passed to it. */
void wn_editor_set_resize_handler(wn_editor *editor, wn_resize_fn callback, void *context);

/*
 * Shows `prompt` (UTF-8; invisible parts such as colour codes between \1
 * characters) and reads one line with editing. Returns a WN_READ_ value; for
 * WN_READ_LINE, *line_out is a malloc'd UTF-8 copy of the line without its line
 * ending (free it with free()), and a line with a non-blank character is entered
 * into the history. Ctrl-R searches the history backwards as you type.
 *
 * Where the cursor is left: after WN_READ_INTERRUPTED, at the start of the line
 * below the edited text, which stays on screen followed by "^C" (as a shell shows
 * it); after WN_READ_ESCAPE, at the start of the prompt's first row, with the prompt
 * and the edited text erased (what is drawn next takes their place); after
 * WN_READ_END and WN_READ_TERMINATED, still on the edited line.
 */
int wn_editor_read_line(wn_editor *editor, const char *prompt, char **line_out);

/* Whether the lines read from now on enter the history (1, the default) or not (0: the
 * answer to a question, such as restore's y/N). Set on the reading thread, between reads. */
void wn_editor_set_records_history(wn_editor *editor, int records);

/* Inserts UTF-8 text at the cursor (from a completion callback). 0 or -1. */
int wn_editor_insert(wn_editor *editor, const char *text);

/*
 * From a completion callback: prints `text` (UTF-8, lines separated by \n) below
 * the edited line, then redraws the prompt and the line under it.
 */
void wn_editor_show_listing(wn_editor *editor, const char *text);

/*
 * Thread-safe. Shows `text` (UTF-8, may hold several lines) above the prompt: when
 * a read is in progress the text is queued and the reading thread is woken to
 * clear the edited lines, print it and redraw the prompt with the partial line;
 * otherwise it is printed at once. A final newline is added when missing.
 */
void wn_editor_print_above(wn_editor *editor, const char *text);

/* Loads history entries saved by wn_editor_save_history. Count, or -1. */
int wn_editor_load_history(wn_editor *editor, const char *path);

/* The longest line, in bytes, that enters the history: a longer one (a paste) runs but is
 * not kept, so 1,000 entries, each escaped at most four times its length, stay under the
 * 4 MiB a start loads. */
#define WN_HISTORY_LINE_LIMIT 1000

/*
 * Saves the history to `path` without ever truncating the old file in place:
 * creates the missing directories (mode 0700), writes a temporary file (mode
 * 0600) in the same directory, checks that every byte reached the disk (flush,
 * fsync, close) and that it is at most `size_limit` bytes (0: no limit), and only
 * then rename()s it over `path`. On any failure the old file is left as it was.
 * Returns 0, or an errno value describing the failure (EFBIG: over the limit).
 */
int wn_editor_save_history(wn_editor *editor, const char *path, long size_limit);

/*
 * Why wn_editor_create returns NULL when libedit cannot be loaded (it is opened
 * with dlopen on first use), or NULL when it loads. Thread-safe.
 */
const char *wn_editor_unavailable_reason(void);

/*
 * Why the file WHATSNEW_LIBEDIT names was not loaded, checked before dlopen on a
 * non-blocking descriptor: WN_LIBRARY_ACCEPTED (0) when it was not refused (loaded, or
 * WHATSNEW_LIBEDIT is unset, or names no file it can open: then wn_editor_unavailable_reason
 * says "cannot load libedit"), else a WN_LIBRARY_* code, with `detail` (when not NULL) set to
 * the owner's uid (FOREIGN_OWNER) or the permission bits (WRITABLE_BY_OTHERS). Thread-safe.
 */
#define WN_LIBRARY_ACCEPTED 0
#define WN_LIBRARY_NOT_REGULAR 2       /* a FIFO, a directory, a device, a socket */
#define WN_LIBRARY_FOREIGN_OWNER 3     /* owned by neither root nor the user: detail is the uid */
#define WN_LIBRARY_WRITABLE_BY_OTHERS 4 /* group or others may write it: detail is the mode */
int wn_editor_library_refusal(int *detail);

/*
 * Whether Ctrl-C (SIGINT) arrived while no line was being read, clearing it: long work
 * between prompts (qa explore) asks this to stop when the person asks. 0 or 1.
 * Async-signal-safe to call from any thread.
 */
int wn_editor_take_interrupt(void);

/*
 * Installs flag-only handlers for SIGTERM and SIGHUP (SA_RESTART) once per process:
 * the first such signal is remembered (wn_termination_signal) and makes
 * wn_termination_fd readable for good, which ends a read in progress
 * (WN_READ_TERMINATED) and every later one at once. 0, or -1 when the pipe cannot be
 * made. Async-signal-safe handlers; call from the main thread before any editor reads
 * (it also unblocks both signals there, should the parent have blocked them).
 */
int wn_termination_install(void);

/*
 * Whether the session's loop runs and acts on a request to leave (1) or not (0, the start):
 * while it does not, SIGTERM or SIGHUP ends the process at once with 128 + the signal, and
 * so does a second one while it does (a stuck way out). Async-signal-safe.
 */
void wn_termination_set_session_running(int running);

/* Puts back the terminal settings the editor changed, if it changed them; for a handler
 * that is about to _exit. Async-signal-safe. */
void wn_restore_terminal_now(void);

/* The first SIGTERM or SIGHUP received since wn_termination_install, or 0. */
int wn_termination_signal(void);

/* A descriptor that becomes readable when SIGTERM or SIGHUP arrives, or -1. */
int wn_termination_fd(void);

/* Terminal width of `fd` from TIOCGWINSZ, or -1 when it is not a terminal. */
int wn_terminal_columns(int fd);

/* Terminal height of `fd` in rows from TIOCGWINSZ, or -1 when it is not a terminal. */
int wn_terminal_rows(int fd);

/*
 * setlocale(LC_CTYPE, ""), falling back to "C.UTF-8" when the result is "C" or
 * "POSIX" (or when the environment names a locale that does not exist).
 */
void wn_activate_utf8_locale(void);

#endif
