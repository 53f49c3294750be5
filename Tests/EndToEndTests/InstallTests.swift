import Foundation
import TestSupport
import Testing

/// Runs `executable` with `arguments` (through `/usr/bin/env`, so a name is looked up on
/// `PATH`) and `environment` added to the test's; its status, standard output and error.
func runTool(_ executable: String, _ arguments: [String], environment: [String: String] = [:], input: String = "") throws
  -> (status: Int32, output: String, error: String)
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [executable] + arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let output = Pipe()
  let error = Pipe()
  let standardInput = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = standardInput
  try process.run()
  standardInput.fileHandleForWriting.write(Data(input.utf8))
  try standardInput.fileHandleForWriting.close()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}

/// Where a command-line tool lives: `make install PREFIX=…` puts the binary, `whatsnew.1` and
/// the three completion scripts where their programs look, `make uninstall` takes exactly
/// those away; the man page and the scripts come from the declarations.
@Suite("make install and uninstall, the man page, completion in bash, zsh and fish", .serialized)
struct InstallTests {
  /// Every file `make install` writes, relative to PREFIX.
  static let installed = [
    "bin/whatsnew", "share/man/man1/whatsnew.1", "share/bash-completion/completions/whatsnew",
    "share/zsh/site-functions/_whatsnew", "share/fish/vendor_completions.d/whatsnew.fish",
  ]

  /// Every file and directory under `directory`, relative to it, sorted.
  static func contents(of directory: String) -> [String] {
    (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
  }

  @Test("install into a temporary PREFIX: the binary, whatsnew.1 and three completion scripts; uninstall leaves it empty")
  func installAndUninstall() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-install")
    let prefix = directory.path("prefix")
    try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
    // The debug build stands in for the release one: a test must not build while tests run.
    let make = [
      "-C", RepositoryPaths.root, "--no-print-directory", "PREFIX=" + prefix, "INSTALL_BIN=" + RepositoryPaths.executable,
    ]
    let install = try runTool("make", ["install"] + make)
    #expect(install.status == 0, "\(install.output)\(install.error)")
    let files = Self.contents(of: prefix).filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: prefix + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
    #expect(files == Self.installed.sorted())
    #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/whatsnew"))
    let version = try runTool(prefix + "/bin/whatsnew", ["--version"])
    #expect(version.status == 0 && version.output.hasPrefix("whatsnew "), "\(version)")
    // What is installed is what the binary prints.
    for (file, arguments) in [
      ("share/man/man1/whatsnew.1", ["man"]), ("share/bash-completion/completions/whatsnew", ["completion", "bash"]),
      ("share/zsh/site-functions/_whatsnew", ["completion", "zsh"]),
      ("share/fish/vendor_completions.d/whatsnew.fish", ["completion", "fish"]),
    ] {
      let printed = try runWhatsNew(arguments)
      #expect(try String(contentsOfFile: prefix + "/" + file, encoding: .utf8) == printed.output, "\(file)")
    }

    let uninstall = try runTool("make", ["uninstall"] + make)
    #expect(uninstall.status == 0, "\(uninstall.output)\(uninstall.error)")
    #expect(Self.contents(of: prefix) == [], "uninstall leaves PREFIX empty")
    #expect(FileManager.default.fileExists(atPath: prefix), "and PREFIX itself in place")
  }

  @Test("uninstall removes only what install wrote: another file under PREFIX and its directory stay")
  func uninstallLeavesOthers() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-install")
    let prefix = directory.path("prefix")
    try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: prefix + "/bin/other"))
    let make = [
      "-C", RepositoryPaths.root, "--no-print-directory", "PREFIX=" + prefix, "INSTALL_BIN=" + RepositoryPaths.executable,
    ]
    #expect(try runTool("make", ["install"] + make).status == 0)
    #expect(try runTool("make", ["uninstall"] + make).status == 0)
    #expect(Self.contents(of: prefix) == ["bin", "bin/other"])
  }

  @Test("the man page lists every option, every subcommand and every exit status, and man renders it")
  func manPage() throws {
    let page = try runWhatsNew(["man"])
    #expect(page.status == 0)
    #expect(page.output.hasPrefix(".\\\" Generated by `whatsnew man`"))
    #expect(page.output.contains(".TH WHATSNEW 1 "))
    let help = try runWhatsNew(["--help"]).output
    let options = Set(
      help.split(separator: " ").filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "," && $0 != "\n" }) })
    let rendered = try runTool(
      "man", ["-l", "-"], environment: ["MANWIDTH": "200", "MAN_KEEP_FORMATTING": ""], input: page.output)
    #expect(rendered.status == 0, "\(rendered.error)")
    let text = rendered.output.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(of: "\u{2212}", with: "-")
    // Every option help names, and every option a subcommand alone takes.
    let required = options.union(["--seen", "--json", "--format", "--manifest", "--yes", "--help", "--version"])
    for option in required where option.count > 2 {
      #expect(page.output.contains("\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "\(option) in the roff")
      #expect(text.contains(option), "\(option) in the rendered page")
    }
    for command in ["flow", "lint", "schema", "new-release", "backup", "restore", "completion"] {
      #expect(text.contains("whatsnew " + command), "\(command)")
    }
    for status in ["64", "65", "66", "74", "75", "128+N"] { #expect(text.contains(status), "exit \(status)") }
    #expect(!text.contains("whatsnew man"), "the man subcommand itself is hidden")
  }

  @Test("each script passes its shell's own syntax check", arguments: ["bash", "zsh", "fish"])
  func syntax(shell: String) throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-completion")
    let script = try runWhatsNew(["completion", shell])
    #expect(script.status == 0)
    let file = directory.path("completion." + shell)
    try Data(script.output.utf8).write(to: URL(fileURLWithPath: file))
    let check = try runTool(shell, ["-n", file])
    #expect(check.status == 0, "\(check.error)")
  }

  /// What fish offers for `line`, through its own `complete -C` with the generated script loaded.
  static func fishOffers(_ line: String, in directory: TemporaryDirectory) throws -> [String] {
    let file = directory.path("whatsnew.fish")
    if !FileManager.default.fileExists(atPath: file) {
      try Data(try runWhatsNew(["completion", "fish"]).output.utf8).write(to: URL(fileURLWithPath: file))
    }
    let result = try runTool(
      "fish", ["--no-config", "-c", "source \(file); complete -C '\(line)'"], environment: ["HOME": directory.path("")])
    #expect(result.status == 0, "\(result.error)")
    return result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
  }

  @Test(
    "fish completes subcommands, each one's options, and values, from the declarations",
    arguments: [
      ("whatsnew ", ["backup", "completion", "flow", "lint", "new-release", "restore", "schema"], []),
      ("whatsnew lint --format ", ["json", "sarif", "text"], []),
      ("whatsnew --locale ", ["en", "es", "nl", "pt-BR", "ru"], []),
      ("whatsnew completion ", ["bash", "fish", "zsh"], []),
      ("whatsnew flow --se", ["--seen"], []),
      ("whatsnew restore --y", ["--yes"], []),
      ("whatsnew lint --", ["--format", "--releases", "--localizations"], ["--seen", "--yes", "--manifest"]),
      ("whatsnew --color ", ["always", "auto", "never"], []),
      ("whatsnew restore --", ["--db", "--lock-wait", "--yes"], ["--json", "--color", "--seen", "--format", "--script"]),
      ("whatsnew backup x --", ["--db"], ["--yes", "--color", "--lock-wait", "--json"]),
      ("whatsnew --", ["--db", "--color", "--script"], ["--yes", "--seen", "--json", "--manifest", "--format"]),
    ])
  func fish(line: String, offered: [String], notOffered: [String]) throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-fish")
    let offers = try Self.fishOffers(line, in: directory)
    #expect(Set(offered).isSubset(of: Set(offers)), "\(line): \(offers)")
    #expect(Set(notOffered).isDisjoint(with: Set(offers)), "\(line): \(offers)")
    if line.hasSuffix(" ") && !line.hasSuffix("-- ") && offered.count > 1 {
      #expect(Set(offers) == Set(offered), "\(line): exactly the declared values: \(offers)")
    }
  }

  @Test("zsh, at a terminal, completes subcommands with their descriptions and an option's values")
  func zsh() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-zsh")
    let functions = directory.path("functions")
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
    try Data(try runWhatsNew(["completion", "zsh"]).output.utf8).write(to: URL(fileURLWithPath: functions + "/_whatsnew"))
    let tmux = try TmuxSession.start(
      width: 120, height: 30, command: ["/usr/bin/zsh", "-f"],
      environment: ["TERM": "screen", "HOME": directory.path(""), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
      namePrefix: "zsh-completion")
    defer { tmux.kill() }
    try tmux.sendLiteral("fpath=(\(functions) $fpath); autoload -U compinit; compinit -u -D; PS1='ready> '")
    try tmux.sendKeys("Enter")
    _ = try tmux.waitUntil(contains: "ready> ")
    try tmux.sendLiteral("whatsnew ")
    try tmux.sendKeys("Tab")
    let commands = try tmux.waitUntil(contains: "new-release")
    #expect(commands.contains("lint") && commands.contains("-- Check releases and translations"), "\(commands)")
    #expect(!commands.contains("man "), "\(commands)")
    try tmux.sendKeys("C-u")
    try tmux.sendLiteral("whatsnew lint --format ")
    try tmux.sendKeys("Tab")
    let formats = try tmux.waitUntil(contains: "sarif")
    #expect(formats.contains("json") && formats.contains("text"), "\(formats)")
    // A subcommand offers only the options it takes.
    try tmux.sendKeys("C-u")
    try tmux.sendLiteral("whatsnew restore x --")
    try tmux.sendKeys("Tab")
    let restore = try tmux.waitUntil(contains: "--lock-wait")
    #expect(restore.contains("--yes") && restore.contains("--db"), "\(restore)")
    #expect(!restore.contains("--json") && !restore.contains("--color") && !restore.contains("--script"), "\(restore)")
  }
}
