// Hand-written: libedit is a C library with variadic calls Swift cannot make; this wraps the
// C shim (CLineEditor) in a Swift type.

import CLineEditor
import Glibc

/// The library `WHATSNEW_LIBEDIT` names, not loaded: where, and why.
package struct LibraryRefusal: Sendable, Equatable {
  package enum Problem: Sendable, Equatable {
    /// A FIFO, a directory, a device or a socket.
    case notRegularFile
    /// Owned by neither root nor the user.
    case foreignOwner(uid: Int)
    /// Group or others may write it (its permission bits).
    case writableByOthers(mode: Int)
  }

  package let path: String
  package let problem: Problem
}

/// The interactive line editor over libedit (emacs keys, a history with the up arrow and
/// Ctrl-R), used only when standard input and standard output are terminals
/// (``Terminal/isInteractive()``).
///
/// Threading: ``nextLine(prompt:)`` blocks and must be called from one thread at a
/// time; the completer runs on that thread, inside `nextLine`. ``printAbove(bytes:)``
/// may be called from any thread. Only one editor should exist at a time: it
/// installs process-wide SIGINT and SIGWINCH handlers (flag-only, so Ctrl-C does
/// not stop the process while the editor exists; it only ends a read in progress)
/// and restores the previous handlers when it goes away.
package final class InteractiveLineEditor: LineSource, @unchecked Sendable {
  /// The libedit editor; `nil` when libedit could not start (then lines are read
  /// from standard input without editing).
  private let editor: OpaquePointer?
  private let historyFile: String?
  private let completer: @Sendable (_ lineBeforeCursor: String) -> [String]
  private let onResize: @Sendable () -> Void
  private lazy var fallback = ScriptLineSource(fileDescriptor: 0, stopDescriptor: Terminal.terminationDescriptor)

  /// Starts libedit on the standard streams.
  ///
  /// - Parameters:
  ///   - historyFile: where ``writeHistory()`` writes the history; it is loaded now
  ///     when it exists, and the temporaries of a save cut short beside it (a crash, a
  ///     kill) are removed. `nil` keeps the history in memory only.
  ///   - completer: given the text before the cursor, returns the candidates for
  ///     its last (partial) word; ``CompletionEngine`` filters them and decides
  ///     what to insert or list.
  ///   - onResize: called each time the terminal is resized while a line is being read (on
  ///     the reading thread, after libedit took the new size). It must return quickly; text
  ///     it hands to ``printAbove(bytes:)`` (from any thread) is drawn above the prompt with
  ///     the partly typed line kept.
  ///
  /// Sets `LC_CTYPE` from the environment first when it is `C`/`POSIX`, falling back to
  /// `C.UTF-8`: in the C locale libedit drops every non-ASCII byte.
  package init(
    historyFile: String?,
    completer: @escaping @Sendable (_ lineBeforeCursor: String) -> [String],
    onResize: @escaping @Sendable () -> Void = {}
  ) {
    // libedit reads TERM itself (and prints an unknown one back to the terminal, escapes
    // and all): a TERM that is no terminal's name is `dumb` for it too.
    if let term = getenv("TERM").map({ String(cString: $0) }), Terminal.name(term) != term {
      setenv("TERM", Terminal.dumb, 1)
    }
    self.editor = wn_editor_create()
    self.historyFile = historyFile
    self.completer = completer
    self.onResize = onResize
    guard let editor else { return }
    if let historyFile {
      wn_history_remove_temporaries(historyFile)
      switch Self.checkHistory(historyFile) {
      case .none: break
      case .some(nil): _ = wn_editor_load_history(editor, historyFile)
      case .some(let reason?):
        // Never overwritten at exit with this session's lines alone: moved aside, or kept.
        historyRefusal = HistoryRefusal(path: historyFile, reason: reason, movedTo: Self.moveAside(historyFile))
      }
    }
    wn_editor_set_callbacks(
      editor,
      { context, lineBeforeCursor in
        guard let context, let lineBeforeCursor else { return WN_COMPLETE_NOTHING }
        let owner = Unmanaged<InteractiveLineEditor>.fromOpaque(context).takeUnretainedValue()
        return owner.complete(lineBeforeCursor: String(cString: lineBeforeCursor))
      },
      { context in
        guard let context else { return }
        Unmanaged<InteractiveLineEditor>.fromOpaque(context).takeUnretainedValue().onResize()
      },
      Unmanaged.passUnretained(self).toOpaque()
    )
  }

  /// A history file that was not loaded (a FIFO, a link, a huge file), to tell the user
  /// once; `nil` when it was, or when there was none yet.
  package private(set) var historyRefusal: HistoryRefusal?

  /// Moves a refused history file aside, to `<file>.refused` (or `.refused.2`, … when
  /// that exists): returns where, or `nil` when it could not be moved.
  static func moveAside(_ path: String) -> String? {
    for number in 1...9 {
      let target = path + ".refused" + (number == 1 ? "" : ".\(number)")
      var info = stat()
      guard lstat(target, &info) != 0 else { continue }
      return rename(path, target) == 0 ? target : nil
    }
    return nil
  }

  /// The largest history file loaded, and written: 1,000 entries of at most
  /// `WN_HISTORY_LINE_LIMIT` bytes need less than 4 MiB.
  static let historySizeLimit = 4 << 20

  /// `nil` when there is no history file yet; `.some(nil)` when it may be loaded: a regular
  /// file, not a symbolic link (the app made this path: a link was planted), of sane size,
  /// checked on an open descriptor (a FIFO is never waited on); else why not.
  static func checkHistory(_ path: String) -> String?? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      if errno == ENOENT { return .none }
      return .some(errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .some(String(cString: strerror(errno))) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .some("it is not a regular file") }
    guard Int(info.st_size) <= historySizeLimit else {
      return .some("it is \(info.st_size) bytes, over the \(historySizeLimit)-byte limit")
    }
    return .some(nil)
  }

  deinit {
    wn_editor_destroy(editor)
  }

  /// Why lines are read without editing, when they are: libedit is loaded on first use
  /// and may be missing (`cannot load libedit (…); install libedit2`). `nil` when editing works.
  package var unavailableReason: String? {
    guard editor == nil else { return nil }
    return wn_editor_unavailable_reason().map { String(cString: $0) } ?? "the terminal editor could not start"
  }

  /// The file `WHATSNEW_LIBEDIT` names, when it was refused before loading: checked on a
  /// non-blocking descriptor (a FIFO is never waited on) to be a regular file owned by root
  /// or the user and writable by neither group nor others. Then lines are read without
  /// editing. `nil` when it was loaded, the variable is unset, or it names no file that can
  /// be opened (then ``unavailableReason`` says "cannot load libedit").
  package var libraryRefusal: LibraryRefusal? {
    var detail: Int32 = 0
    let code = wn_editor_library_refusal(&detail)
    let path = getenv("WHATSNEW_LIBEDIT").map { String(cString: $0) } ?? ""
    switch code {
    case WN_LIBRARY_NOT_REGULAR: return LibraryRefusal(path: path, problem: .notRegularFile)
    case WN_LIBRARY_FOREIGN_OWNER: return LibraryRefusal(path: path, problem: .foreignOwner(uid: Int(detail)))
    case WN_LIBRARY_WRITABLE_BY_OTHERS: return LibraryRefusal(path: path, problem: .writableByOthers(mode: Int(detail)))
    default: return nil
    }
  }

  /// Whether Ctrl-C was pressed while no line was being read (the work between prompts),
  /// clearing it: long work asks this to stop when the person asks. Any thread.
  package static func takeInterrupt() -> Bool {
    wn_editor_take_interrupt() != 0
  }

  /// Shows `prompt` and reads one edited line; blocks until the user ends it. Where the cursor
  /// is left, each ``LineInput`` case says. Lines with a non-blank character are added to the
  /// history.
  package func nextLine(prompt: String) -> LineInput { read(prompt: prompt, recordsHistory: true) }

  /// Reads the answer to a question: as ``nextLine(prompt:)``, but the answer is not added
  /// to the history (an up arrow should bring back commands, not a `y`).
  package func nextAnswer(prompt: String) -> LineInput { read(prompt: prompt, recordsHistory: false) }

  private func read(prompt: String, recordsHistory: Bool) -> LineInput {
    guard let editor else {
      print(prompt, terminator: "")
      fflush(nil)
      return fallback.nextLine(prompt: prompt)
    }
    var line: UnsafeMutablePointer<CChar>?
    let status = wn_editor_read_line(editor, prompt, recordsHistory ? 1 : 0, &line)
    switch status {
    case WN_READ_LINE:
      guard let line else { return .endOfInput }
      defer { free(line) }
      return .line(String(cString: line))
    case WN_READ_INTERRUPTED:
      return .interrupted
    case WN_READ_ESCAPE:
      return .escape
    default:  // WN_READ_END, WN_READ_TERMINATED
      return .endOfInput
    }
  }

  /// The prompt of the read in progress becomes `prompt`, drawn with the next text printed
  /// above it: a result that moved the person (a write that ended the wizard) moves the prompt
  /// too. Any thread; between reads it does nothing.
  package func setPrompt(_ prompt: String) {
    guard let editor else { return }
    wn_editor_set_prompt(editor, prompt)
  }

  /// Shows `bytes` (text already in the terminal's character set; it may hold several lines)
  /// above the prompt at once, also while the user is typing: the prompt and the partly typed
  /// line are drawn again below it. When no read is in progress the text is just printed. A
  /// final newline is added when missing. Thread-safe.
  package func printAbove(bytes: [UInt8]) {
    let cString = bytes.filter { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
    guard let editor else {
      cString.withUnsafeBufferPointer { _ = puts($0.baseAddress!) }
      return
    }
    wn_editor_print_above(editor, cString)
  }

  /// Writes the history to the history file, if there is one: to a temporary file
  /// in the same directory (mode 0600, locked until renamed, so another instance's start
  /// never removes it), checked to have reached the disk whole and to be
  /// no larger than a start loads, then renamed over it, so a failure (a full disk) never
  /// replaces the old history. Missing directories are created with mode 0700. Writes
  /// nothing when a refused history could not be moved aside.
  ///
  /// - Throws: ``LineEditorError/cannotSaveHistory(path:reason:)``; the old file is kept.
  package func writeHistory() throws(LineEditorError) {
    // A refused history left where it is would be replaced by this session's lines alone.
    guard let editor, let historyFile, historyRefusal == nil || historyRefusal?.movedTo != nil else { return }
    let result = wn_editor_save_history(editor, historyFile, Int(Self.historySizeLimit))
    if result != 0 {
      throw .cannotSaveHistory(path: historyFile, reason: String(cString: strerror(result)))
    }
  }

  /// Tab: runs the completer and inserts or lists through the C shim.
  private func complete(lineBeforeCursor: String) -> Int32 {
    guard let editor else { return WN_COMPLETE_NOTHING }
    let partial = CompletionEngine.partialWord(in: lineBeforeCursor)
    let result = CompletionEngine.complete(partialWord: partial, candidates: completer(lineBeforeCursor))
    if !result.insert.isEmpty {
      return wn_editor_insert(editor, result.insert) == 0 ? WN_COMPLETE_INSERTED : WN_COMPLETE_NOTHING
    }
    if !result.listing.isEmpty {
      let width = Terminal.columns() ?? 80
      wn_editor_show_listing(editor, CompletionEngine.layout(result.listing, width: width))
      return WN_COMPLETE_LISTED
    }
    return WN_COMPLETE_NOTHING
  }
}

/// A history file the editor did not load, and what became of it.
package struct HistoryRefusal: Sendable, Equatable {
  /// The history file.
  package var path: String
  /// Why it was not loaded: `checkHistory`'s words ("it is not a regular file").
  package var reason: String
  /// Where it was moved aside (`<file>.refused`); `nil` when it could not be, and was left
  /// where it is (then this session's lines are not saved over it).
  package var movedTo: String?
}
