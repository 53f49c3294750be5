import Foundation
import TestSupport
import Testing

/// Runs `executable` with `arguments` (through `/usr/bin/env`, so a name is looked up on
/// `PATH`) and `environment` added to the test's, in `directory` (else the test's own);
/// its status, standard output and error.
func runTool(
  _ executable: String, _ arguments: [String], environment: [String: String] = [:], input: String = "",
  directory: String? = nil
) throws -> (status: Int32, output: String, error: String) {
  let process = Process()
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
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

/// Where a command-line tool lives: `make install PREFIX=…` puts the binary, the content it
/// reads (`share/whatsnew/`), `whatsnew.1` and the three completion scripts where their programs
/// look, and lists them in `share/whatsnew/installed-files`; `make uninstall` takes exactly those
/// away; neither goes through a symbolic link it did not create. The man page and the scripts
/// come from the declarations.
@Suite("make install and uninstall, the man page, completion in bash, zsh and fish", .serialized)
struct InstallTests {
  /// Every file `make install` writes, relative to PREFIX: the program, its man page and
  /// completions, the shipped content and the list of them all.
  static var installed: [String] {
    let content = ["Releases", "Localizations"].flatMap { folder in
      contents(of: RepositoryPaths.root + "/" + folder).filter { $0.hasSuffix(".json") || $0.hasSuffix(".strings") }
        .map { "share/whatsnew/\(folder)/\($0)" }
    }
    return [
      "bin/whatsnew", "share/man/man1/whatsnew.1", "share/bash-completion/completions/whatsnew",
      "share/zsh/site-functions/_whatsnew", "share/fish/vendor_completions.d/whatsnew.fish",
      "share/whatsnew/installed-files",
    ] + content
  }

  /// Every file and directory under `directory`, relative to it, sorted.
  static func contents(of directory: String) -> [String] {
    (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
  }

  /// The files (not directories) under `directory`, relative to it, sorted.
  static func files(in directory: String) -> [String] {
    contents(of: directory).filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
  }

  /// Runs `make target` (install or uninstall) for `prefix`, with the debug build standing in for
  /// the release one: a test must not build while tests run.
  static func make(_ target: String, prefix: String) throws -> (status: Int32, output: String, error: String) {
    try runTool(
      "make",
      [
        target, "-C", RepositoryPaths.root, "--no-print-directory", "PREFIX=" + prefix,
        "INSTALL_BIN=" + RepositoryPaths.executable,
      ])
  }

  /// Writes `text` to `path`, creating the directories on the way.
  static func write(_ text: String, to path: String, mode: Int = 0o644) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
  }

  /// A file's text and permission bits.
  static func textAndMode(_ path: String) throws -> (String, Int) {
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    return (try String(contentsOfFile: path, encoding: .utf8), mode)
  }

  @Test(
    "install into a temporary PREFIX: the binary, its content, whatsnew.1, three completion scripts and their list; uninstall leaves it empty"
  )
  func installAndUninstall() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-install")
    let prefix = directory.path("prefix")
    try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
    let install = try Self.make("install", prefix: prefix)
    #expect(install.status == 0, "\(install.output)\(install.error)")
    #expect(Self.files(in: prefix) == Self.installed.sorted())
    #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/whatsnew"))
    let version = try runTool(prefix + "/bin/whatsnew", ["--version"])
    #expect(version.status == 0 && version.output.hasPrefix("whatsnew "), "\(version)")
    // What is installed is what the binary prints, and the content as shipped.
    for (file, arguments) in [
      ("share/man/man1/whatsnew.1", ["man"]), ("share/bash-completion/completions/whatsnew", ["completion", "bash"]),
      ("share/zsh/site-functions/_whatsnew", ["completion", "zsh"]),
      ("share/fish/vendor_completions.d/whatsnew.fish", ["completion", "fish"]),
    ] {
      let printed = try runWhatsNew(arguments)
      #expect(try String(contentsOfFile: prefix + "/" + file, encoding: .utf8) == printed.output, "\(file)")
    }
    #expect(
      FileManager.default.contentsEqual(
        atPath: prefix + "/share/whatsnew/Releases/manifest.json", andPath: RepositoryPaths.releases + "/manifest.json"))

    let uninstall = try Self.make("uninstall", prefix: prefix)
    #expect(uninstall.status == 0, "\(uninstall.output)\(uninstall.error)")
    #expect(Self.contents(of: prefix) == [], "uninstall leaves PREFIX empty")
    #expect(FileManager.default.fileExists(atPath: prefix), "and PREFIX itself in place")
  }

  @Test("the installed program starts from a home directory, on the content installed beside it")
  func installedProgramStartsElsewhere() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-install")
    let prefix = directory.path("prefix")
    let home = directory.path("home")
    try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
    // Content in the current directory that would fail every command: it is not searched.
    try Self.write("not json", to: home + "/Releases/manifest.json")
    #expect(try Self.make("install", prefix: prefix).status == 0)
    let environment = [
      "HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache", "LANG": "C.UTF-8",
      "WHATSNEW_DB": "",
    ]
    let program = prefix + "/bin/whatsnew"
    let session = try runTool(
      program, ["--upgrade-from", "2.11.0"], environment: environment, input: "next\nstate\nquit\n", directory: home)
    #expect(session.status == 0, "\(session.error)")
    #expect(session.output.contains("\"seenThrough\""), "\(session.output)")
    let flow = try runTool(program, ["flow", "--seen", "2.11.0"], environment: environment, directory: home)
    #expect(flow.status == 0 && flow.output.contains("2.13.1"), "\(flow)")
    let lint = try runTool(program, ["lint"], environment: environment, directory: home)
    #expect(lint.status == 0, "the installed content, not ./Releases: \(lint)")
    // Without its content the program says where it looked, and that the current directory is not searched.
    try FileManager.default.moveItem(atPath: prefix + "/share/whatsnew/Releases", toPath: directory.path("moved"))
    let missing = try runTool(program, ["flow", "--seen", "2.11.0"], environment: environment, directory: home)
    #expect(missing.status == 66, "\(missing)")
    #expect(missing.error.contains(prefix + "/share/whatsnew/Releases"), "\(missing.error)")
    #expect(missing.error.contains("the current directory is not searched"), "\(missing.error)")
  }

  @Test("the program in the source tree reads the tree's content, never a Releases/ in the current directory")
  func currentDirectoryIsNotSearched() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-cwd")
    try Self.write("not json", to: directory.path("Releases/manifest.json"))
    try Self.write("\"broken", to: directory.path("Localizations/en.lproj/Localizable.strings"))
    let lint = try runTool(
      RepositoryPaths.executable, ["lint"], environment: ["XDG_CACHE_HOME": TemporaryDirectory.binaryCacheHome.path],
      directory: directory.path)
    #expect(lint.status == 0, "\(lint)")
    let help = try runWhatsNew(["--help"]).output
    #expect(help.contains("../share/whatsnew/") && help.contains("The current directory is never searched"), "\(help)")
  }

  @Test("install writes no temporary a planted symbolic link can redirect, nor changes the link's target")
  func plantedTemporaries() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-install")
    let prefix = directory.path("prefix")
    let planted = [
      "bin/whatsnew.tmp", "share/man/man1/whatsnew.1.tmp", "share/bash-completion/completions/whatsnew.tmp",
      "share/zsh/site-functions/_whatsnew.tmp", "share/fish/vendor_completions.d/whatsnew.fish.tmp",
    ]
    for (index, link) in planted.enumerated() {
      let victim = directory.path("victim\(index)")
      try Self.write("someone else's\n", to: victim, mode: 0o600)
      try FileManager.default.createDirectory(
        atPath: (prefix + "/" + link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: prefix + "/" + link, withDestinationPath: victim)
    }
    let install = try Self.make("install", prefix: prefix)
    #expect(install.status == 0, "\(install.error)")
    for index in planted.indices {
      let (text, mode) = try Self.textAndMode(directory.path("victim\(index)"))
      #expect(text == "someone else's\n" && mode == 0o600, "\(planted[index]): \(mode)")
    }
    #expect(Self.files(in: prefix).filter { $0.contains(".whatsnew-install.") } == [], "no temporary left")
  }

  @Test("install refuses a destination directory that is a symbolic link, and writes nothing")
  func linkedDestinationRefused() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-install")
    let prefix = directory.path("prefix")
    let elsewhere = directory.path("elsewhere/man")
    try FileManager.default.createDirectory(atPath: elsewhere + "/man1", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: prefix + "/share", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: prefix + "/share/man", withDestinationPath: elsewhere)
    let install = try Self.make("install", prefix: prefix)
    #expect(install.status != 0)
    #expect(install.error.contains(prefix + "/share/man is a symbolic link"), "\(install.error)")
    #expect(install.error.contains("nothing was installed"), "\(install.error)")
    #expect(Self.contents(of: elsewhere) == ["man1"], "nothing written through the link")
    #expect(Self.contents(of: prefix) == ["share", "share/man"], "nor anywhere else")
  }

  @Test("uninstall removes only what install wrote: another file under PREFIX and its directory stay")
  func uninstallLeavesOthers() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-install")
    let prefix = directory.path("prefix")
    try Self.write("x", to: prefix + "/bin/other")
    #expect(try Self.make("install", prefix: prefix).status == 0)
    #expect(try Self.make("uninstall", prefix: prefix).status == 0)
    #expect(Self.contents(of: prefix) == ["bin", "bin/other"])
  }

  @Test("uninstall leaves a bin/whatsnew install never wrote, and a linked share/man's target, alone")
  func uninstallLeavesForeignFiles() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-install")
    let prefix = directory.path("prefix")
    let elsewhere = directory.path("elsewhere/man")
    try Self.write("someone else's\n", to: elsewhere + "/man1/whatsnew.1")
    try Self.write("#!/bin/sh\n", to: prefix + "/bin/whatsnew", mode: 0o755)
    try FileManager.default.createDirectory(atPath: prefix + "/share", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: prefix + "/share/man", withDestinationPath: elsewhere)
    // Nothing installed here: nothing to remove.
    let nothing = try Self.make("uninstall", prefix: prefix)
    #expect(nothing.status == 0 && nothing.error.contains("nothing removed"), "\(nothing)")
    #expect(try Self.textAndMode(prefix + "/bin/whatsnew").0 == "#!/bin/sh\n")
    #expect(try Self.textAndMode(elsewhere + "/man1/whatsnew.1").0 == "someone else's\n")

    // Installed, then replaced by another program and a link: both stay, the rest goes.
    try FileManager.default.removeItem(atPath: prefix + "/share/man")
    try FileManager.default.removeItem(atPath: prefix + "/bin/whatsnew")
    #expect(try Self.make("install", prefix: prefix).status == 0)
    try FileManager.default.removeItem(atPath: prefix + "/bin/whatsnew")
    try Self.write("#!/bin/sh\n", to: prefix + "/bin/whatsnew", mode: 0o755)
    try FileManager.default.removeItem(atPath: prefix + "/share/man")
    try FileManager.default.createSymbolicLink(atPath: prefix + "/share/man", withDestinationPath: elsewhere)
    let uninstall = try Self.make("uninstall", prefix: prefix)
    #expect(uninstall.status == 0, "\(uninstall.error)")
    #expect(uninstall.error.contains("left \(prefix)/bin/whatsnew alone: it changed"), "\(uninstall.error)")
    #expect(uninstall.error.contains("share/man is a symbolic link"), "\(uninstall.error)")
    #expect(try Self.textAndMode(prefix + "/bin/whatsnew").0 == "#!/bin/sh\n")
    #expect(try Self.textAndMode(elsewhere + "/man1/whatsnew.1").0 == "someone else's\n")
    #expect(Self.contents(of: prefix) == ["bin", "bin/whatsnew", "share", "share/man"])
  }

  @Test("the man page says what --ascii does, the tool's version apart from the app version, and what an installed user has")
  func manPageIsTrue() throws {
    let page = try runWhatsNew(["man"]).output
    let rendered = try runTool("man", ["-l", "-"], environment: ["MANWIDTH": "400", "MAN_KEEP_FORMATTING": ""], input: page)
    let text = rendered.output.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(of: "\u{2212}", with: "-")
    #expect(!text.contains("ASCII icons"))
    #expect(text.contains("icons are left out"), "\(text)")
    let footer = text.split(separator: "\n").last.map(String.init) ?? ""
    #expect(footer.contains("whatsnew 1.0.0") && footer.contains("acting as app version 2.14.0"), "\(footer)")
    let seeAlso = String(text.split(separator: "SEE ALSO").last ?? "")
    #expect(seeAlso.contains("share/whatsnew") && seeAlso.contains("completion"), "\(seeAlso)")
    #expect(!seeAlso.contains("source tree") && !seeAlso.contains("README"), "\(seeAlso)")
    #expect(text.contains("share/whatsnew/Releases") && text.contains("installed-files"), "FILES")
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
