import Glibc
import Testing

@testable import LineEditor

/// The history file is the app's own: it is loaded only when it is a regular file of sane
/// size and not a link, and never waited on (issue 16: a FIFO there would hang every start).
@Suite("Which history files are loaded")
struct HistoryFileTests {
  let directory: String

  init() {
    var template = Array("/tmp/history-tests.XXXXXX".utf8CString)
    directory = String(cString: mkdtemp(&template)!)
  }

  func path(_ name: String) -> String { directory + "/" + name }

  @Test(
    "a regular file is loaded; a FIFO, a link, a device link or a huge file is refused, saying why",
    arguments: [
      ("regular", String??.some(nil)),
      ("missing", String??.none),
      ("FIFO", .some("it is not a regular file")),
      ("link", .some("it is a symbolic link")),
      (
        "huge",
        .some(
          "it is \(InteractiveLineEditor.historySizeLimit + 1) bytes, over the \(InteractiveLineEditor.historySizeLimit)-byte limit"
        )
      ),
    ])
  func check(kind: String, expected: String??) {
    let file = path("history")
    switch kind {
    case "regular":
      let fd = open(file, O_WRONLY | O_CREAT, 0o600)
      close(fd)
    case "FIFO": #expect(mkfifo(file, 0o600) == 0)
    case "link": #expect(symlink("/dev/zero", file) == 0)
    case "huge":
      let fd = open(file, O_WRONLY | O_CREAT, 0o600)
      #expect(ftruncate(fd, off_t(InteractiveLineEditor.historySizeLimit + 1)) == 0)
      close(fd)
    default: break
    }
    #expect(InteractiveLineEditor.checkHistory(file) == expected)
    unlink(file)
    rmdir(directory)
  }
}
