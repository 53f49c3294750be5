import WhatsNewCore

/// A REPL command's name, how to call it, and its one-line summary (a UI string key).
public struct CommandInfo: Sendable, Hashable {
  public var name: String
  public var usage: String
  public var summaryKey: String

  public init(_ name: String, _ usage: String, _ summaryKey: String) {
    self.name = name
    self.usage = usage
    self.summaryKey = summaryKey
  }
}

/// The REPL's commands, for `help`, "did you mean" and completion.
public enum CommandCatalog {
  public static let all: [CommandInfo] = [
    CommandInfo("help", "help [<command>]", "ui.help.help"),
    CommandInfo("quit", "quit", "ui.help.quit"),
    CommandInfo("state", "state", "ui.help.state"),
    CommandInfo("show", "show [all]", "ui.help.show"),
    CommandInfo("go", "go <screen>", "ui.help.go"),
    CommandInfo("home", "home", "ui.help.home"),
    CommandInfo("next", "next", "ui.help.next"),
    CommandInfo("back", "back", "ui.help.back"),
    CommandInfo("done", "done", "ui.help.done"),
    CommandInfo("skip", "skip", "ui.help.skip"),
    CommandInfo("close", "close", "ui.help.close"),
    CommandInfo("finish", "finish", "ui.help.finish"),
    CommandInfo("choose", "choose <setting> <value> | choose <n> | choose <block>.<option>", "ui.help.choose"),
    CommandInfo("open", "open <action> | open <n>", "ui.help.open"),
    CommandInfo("tour", "tour [<guidance>]", "ui.help.tour"),
    CommandInfo("news", "news", "ui.help.news"),
    CommandInfo("set", "set <setting> <value>", "ui.help.set"),
    CommandInfo("lang", "lang <en|es|nl|pt-BR|ru>", "ui.help.lang"),
    CommandInfo("notifications", "notifications", "ui.help.notifications"),
    CommandInfo("info", "info <popover>", "ui.help.info"),
    CommandInfo("guidance", "guidance [reset [<id>]]", "ui.help.guidance"),
    CommandInfo("check", "check", "ui.help.check"),
    CommandInfo("wait", "wait", "ui.help.wait"),
    CommandInfo("qa", "qa fail|delay|hold|release <op> [<target>] … | qa clear | qa faults", "ui.help.qa"),
    CommandInfo("debug", "debug seen [clear|set <version>] | debug preview <version>", "ui.help.debug"),
    CommandInfo("backup", "backup <file>", "ui.help.backup"),
    CommandInfo("restore", "restore <file>", "ui.help.restore"),
  ]

  /// Other spellings people type.
  public static let aliases: [String: String] = ["exit": "quit", "q": "quit", "?": "help", "n": "next", "b": "back"]

  /// The command a word names, after aliases.
  public static func find(_ word: String) -> CommandInfo? {
    let name = aliases[word] ?? word
    return all.first { $0.name == name }
  }
}

/// Splits a command line into words; double or single quotes keep spaces in a word.
///
/// ```swift
/// CommandTokenizer.split(#"backup "my file.sqlite""#)   // ["backup", "my file.sqlite"]
/// ```
public enum CommandTokenizer {
  public static func split(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var hasWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        hasWord = true
      } else if character.isWhitespace {
        if hasWord || !current.isEmpty { words.append(current) }
        current = ""
        hasWord = false
      } else {
        current.append(character)
        hasWord = true
      }
    }
    if hasWord || !current.isEmpty { words.append(current) }
    return words
  }
}

/// What Tab offers for the word being typed, given the words before it.
///
/// Pure: the session supplies the lists (release versions, guidance ids, popovers).
public struct CompletionVocabulary: Sendable {
  public var versions: [String]
  public var guidanceIDs: [String]
  public var infoIDs: [String]

  public init(versions: [String], guidanceIDs: [String], infoIDs: [String]) {
    self.versions = versions
    self.guidanceIDs = guidanceIDs
    self.infoIDs = infoIDs
  }

  /// Candidates for the last word of `lineBeforeCursor` (all candidates; the editor filters by prefix).
  public func candidates(forLine lineBeforeCursor: String) -> [String] {
    var words = CommandTokenizer.split(lineBeforeCursor)
    if lineBeforeCursor.last?.isWhitespace ?? true { words.append("") }
    guard words.count > 1 else {
      return CommandCatalog.all.map(\.name)
    }
    let settings = Setting.allCases.map(\.rawValue)
    let operations = FaultOperation.allCases.map(\.rawValue)
    let position = words.count - 1
    switch (words[0], position) {
    case ("go", 1): return Screen.allCases.map(\.rawValue)
    case ("set", 1), ("choose", 1): return settings
    case ("set", 2), ("choose", 2):
      return Setting(rawValue: words[1])?.kind.values ?? []
    case ("open", 1): return Action.allCases.map(\.rawValue)
    case ("lang", 1): return Language.allCases.map(\.rawValue)
    case ("tour", 1): return guidanceIDs
    case ("info", 1): return infoIDs
    case ("guidance", 1): return ["reset"]
    case ("guidance", 2) where words[1] == "reset": return guidanceIDs
    case ("help", 1): return CommandCatalog.all.map(\.name)
    case ("debug", 1): return ["seen", "preview"]
    case ("debug", 2) where words[1] == "seen": return ["clear", "set"]
    case ("debug", 2) where words[1] == "preview": return versions
    case ("debug", 3) where words[1] == "seen" && words[2] == "set": return versions
    case ("qa", 1): return ["fail", "delay", "hold", "release", "clear", "faults"]
    case ("qa", 2) where ["fail", "delay", "hold", "release"].contains(words[1]): return operations
    case ("qa", 3) where ["fail", "delay", "hold", "release"].contains(words[1]):
      let operation = FaultOperation(rawValue: words[2])
      var targets = operation?.takesSettingTarget == true ? settings + ["all"] : []
      if words[1] == "fail" { targets += ["once", "always"] }
      return targets
    case ("qa", 4) where words[1] == "fail": return ["once", "always"]
    default: return []
    }
  }
}
