import Foundation
import Glibc
import TestSupport
import Testing

/// Ctrl-Z and `fg` at a real terminal (tmux), under a shell with job control (issue 22): while
/// the app is stopped the terminal is in its own mode again (it echoes, lines are cooked), and
/// after `fg` the prompt and the half-typed line are drawn again and finish as typed.
@Suite("Ctrl-Z and fg in a real terminal (tmux)", .serialized)
struct TmuxJobControlTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The terminal's mode as `stty` reports it: `isig icanon echo` in a shell's own mode.
  static let modes = "stty -a | tr ' ;' '\\n\\n' | grep -x -E -- '-?(isig|icanon|echo)' | tr '\\n' ' '"

  /// A shell script run by `bash` with job control (`set -m`): the app in the foreground, and
  /// each time it stops, a line saying the terminal's mode, then `fg`. A script, not an
  /// interactive shell: an interactive bash sets its own mode when a job stops, which would
  /// hide the app's.
  func script(stops: Int) throws -> String {
    let command = [
      RepositoryPaths.executable, "--db", directory.path("x.sqlite"), "--upgrade-from", "2.13.1",
    ].map { "'\($0)'" }.joined(separator: " ")
    var lines = ["set -m", command]
    for stop in 1...stops { lines += ["echo \"stopped \(stop): $(\(Self.modes))\"", "fg"] }
    let path = directory.path("job.sh")
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("Ctrl-Z gives the shell a cooked, echoing terminal; fg draws the prompt and the half-typed line again, twice")
  func stopAndContinue() throws {
    let tmux = try TmuxSession.start(
      width: 80, height: 24, command: ["/bin/bash", "--norc", "--noprofile", try script(stops: 2)],
      environment: [
        "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path, "PATH": "/usr/bin:/bin",
        "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"),
        "SWIFT_BACKTRACE": "enable=no",
      ], namePrefix: "jobs")
    defer { tmux.kill() }
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2>")
    try tmux.sendLiteral("go se")
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2> go se")
    for (stop, more) in [(1, "tt"), (2, "ings")] {
      try tmux.sendKeys("C-z")
      let marker = "stopped \(stop): "
      let stopped = try tmux.waitUntil(contains: marker)
      // The script's line follows what the app left on its row (a script's bash prints no
      // "Stopped" line, as an interactive one does).
      let modes = stopped.split(separator: "\n").last { $0.contains(marker) }.map {
        String($0.split(separator: marker).last ?? "")
      }
      #expect(modes == "isig icanon echo", "the terminal's mode while stopped: \(stopped)")
      // After fg, the shell names the job on a line of its own; the prompt and what was
      // typed come back below it, and typing goes on from there.
      let typed = stop == 1 ? "go se" : "go sett"
      try tmux.waitUntil(lastLine: "whatsnew:tour 1/2> \(typed)")
      try tmux.sendLiteral(more)
      try tmux.waitUntil(lastLine: "whatsnew:tour 1/2> \(typed)\(more)")
    }
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: "whatsnew:settings>")
  }
}
