import Foundation
import Synchronization
package import WhatsNewCore

/// What Tab offers for the word being typed, given the words before it.
///
/// Pure: the session supplies the lists (release versions, guidance ids, popovers, each
/// setting's value names in the session's language, and what the current page shows).
package struct CompletionVocabulary: Sendable, Equatable {
  /// The release versions, for `debug preview` and `debug seen set`.
  package var versions: [String]
  /// The releases `news <version>` opens: up to the app's version, with pages to show.
  package var newsVersions: [String] = []
  /// What `undo` takes now: the recap's numbers that can be put back, then `all`.
  package var undoTokens: [String] = []
  /// Every guide's id, for `tour` and `guidance reset`.
  package var guidanceIDs: [String]
  /// The info popovers' ids, for `info`.
  package var infoIDs: [String]
  /// Each setting's value labels in the session's language, by value (`imperial`:
  /// `Imperial (lb, mi)`); Tab offers the values, then their labels.
  package var labels: [Setting: [String: String]]
  /// What the page on screen offers `choose` and `open`, if a tour or the wizard shows one.
  package var page: PageShortcuts?

  /// A vocabulary; what is left out offers nothing (or, for labels, only the values).
  package init(
    versions: [String] = [], guidanceIDs: [String] = [], infoIDs: [String] = [], labels: [Setting: [String: String]] = [:],
    page: PageShortcuts? = nil
  ) {
    self.versions = versions
    self.guidanceIDs = guidanceIDs
    self.infoIDs = infoIDs
    self.labels = labels
    self.page = page
  }

  /// Candidates for the last word of `lineBeforeCursor` (all candidates; the editor filters by prefix).
  package func candidates(forLine lineBeforeCursor: String) -> [String] {
    var words = CommandTokenizer.split(lineBeforeCursor)
    if lineBeforeCursor.last?.isWhitespace ?? true { words.append("") }
    guard words.count > 1 else { return CommandTable.all.map(\.name) }
    let settings = Setting.allCases.map(\.rawValue)
    let operations = FaultOperation.allCases.map(\.rawValue)
    let position = words.count - 1
    switch (words[0], position) {
    case ("go", 1): return Screen.allCases.map(\.rawValue)
    case ("set", 1): return settings
    case ("set", _):
      guard let setting = Setting(rawValue: words[1]) else { return [] }
      return valueCandidates(setting, values: setting.kind.values, typed: Array(words[2..<position]))
    case ("choose", 1):
      guard let page else { return [] }
      return page.chooseTokens + page.settings.map(\.rawValue)
    case ("choose", _):
      // The values the page's choice offers (a release may offer some of a setting's values).
      guard let setting = Setting(rawValue: words[1]),
        let values = page?.choices.first(where: { $0.choice.setting == setting })?.choice.options.map(\.value)
      else { return [] }
      return valueCandidates(setting, values: values, typed: Array(words[2..<position]))
    case ("open", 1):
      guard let page, !page.openTokens.isEmpty else { return Action.allCases.map(\.rawValue) }
      // The numbers of the page's `[open …]` hints, then the actions they open by name.
      var actions: [String] = []
      for action in page.openTargets.map(\.rawValue) where !actions.contains(action) { actions.append(action) }
      return page.openTokens + actions
    case ("lang", 1): return Language.allCases.map(\.rawValue) + ["system"]
    case ("tour", 1): return guidanceIDs
    case ("info", 1): return infoIDs
    case (let name, 1) where CommandTable.find(name)?.subcommands.isEmpty == false:
      return CommandTable.find(name)?.subcommands ?? []
    case ("guidance", 2) where words[1] == "reset": return guidanceIDs
    case ("why", 2) where words[1] == "guide": return guidanceIDs.filter { !infoIDs.contains($0) }
    case ("why", 2) where words[1] == "popover": return infoIDs
    case ("why", 2) where words[1] == "tour" || words[1] == "reminder", ("why", 3): return ["--json"]
    case ("help", 1): return CommandTable.all.map(\.name)
    case ("state", _) where !words[1..<position].contains(where: { $0 != "--pretty" }):
      return (words[1..<position].contains("--pretty") ? [] : ["--pretty"]) + StateCommand.completionPaths
    case ("news", 1): return newsVersions + ["all"]
    case ("undo", 1): return undoTokens
    case ("debug", 2) where words[1] == "seen": return ["clear", "set"]
    case ("debug", 2) where words[1] == "preview": return versions
    case ("debug", 3) where words[1] == "seen" && words[2] == "set": return versions
    case ("qa", 2) where ["fail", "delay", "hold", "release"].contains(words[1]): return operations
    case ("qa", 3) where ["fail", "delay", "hold", "release"].contains(words[1]):
      let operation = FaultOperation(rawValue: words[2])
      var targets = operation?.takesSettingTarget == true ? settings + ["all"] : []
      if operation == .write { targets += FaultSpec.writeTargets }
      if words[1] == "fail" { targets += ["once", "always"] }
      return targets
    case ("qa", 4) where words[1] == "fail": return ["once", "always"]
    case ("qa", 2) where words[1] == "clock": return ["+1d", "+7d", "-1d", "next-dst", "reset", "set"]
    case ("qa", 4) where words[1] == "clock" && words[2] == "set": return TimeZone.knownTimeZoneIdentifiers
    case ("qa", _) where words[1] == "explore": return ExploreOption.completions(after: Array(words[2..<position]))
    default: return []
    }
  }

  /// The names of `values` of `setting` (the values, then their labels) that go on from the
  /// words already typed after it: a label of several words (`Follow the plan`) completes
  /// word by word.
  func valueCandidates(_ setting: Setting, values: [String], typed: [String]) -> [String] {
    var names = values
    for label in values.compactMap({ labels[setting]?[$0] }) where !names.contains(label) { names.append(label) }
    return Self.continuations(of: names, after: typed)
  }

  /// The rest of each name that starts with the words `typed` (ignoring case), from the
  /// word after them on.
  ///
  /// ```swift
  /// CompletionVocabulary.continuations(of: ["manual", "Follow the plan"], after: ["follow"])   // ["the plan"]
  /// ```
  static func continuations(of names: [String], after typed: [String]) -> [String] {
    let typed = typed.map { $0.lowercased() }
    return names.compactMap { name in
      let words = name.split(separator: " ").map(String.init)
      guard words.count > typed.count, words.prefix(typed.count).map({ $0.lowercased() }) == typed else { return nil }
      return words.dropFirst(typed.count).joined(separator: " ")
    }
  }
}

/// The completion vocabulary of the view drawn last, for the line editor's thread.
///
/// libedit calls the completer on its own thread while the session lives on the main
/// actor; the session publishes a snapshot after every command and redraw, and Tab reads
/// the latest one.
package final class CompletionSnapshot: Sendable {
  private let current = Mutex(CompletionVocabulary())

  /// Replaces the vocabulary Tab completes from.
  package func update(_ vocabulary: CompletionVocabulary) {
    current.withLock { $0 = vocabulary }
  }

  /// ``CompletionVocabulary/candidates(forLine:)`` of the latest vocabulary; any thread.
  package func candidates(forLine lineBeforeCursor: String) -> [String] {
    current.withLock { $0 }.candidates(forLine: lineBeforeCursor)
  }
}

extension EffectRunner {
  /// What Tab completes from, for the view showing now.
  var completionVocabulary: CompletionVocabulary {
    var labels: [Setting: [String: String]] = [:]
    for setting in Setting.allCases {
      labels[setting] = Dictionary(uniqueKeysWithValues: setting.kind.values.map { ($0, text(setting.valueKey($0))) })
    }
    var vocabulary = CompletionVocabulary(
      versions: catalog.versions.map(\.description), guidanceIDs: guidanceIDs,
      infoIDs: GuidanceCatalog.all.filter { $0.mode == .info }.map(\.id), labels: labels,
      page: state.visiblePage.map { shortcuts(of: $0) })
    // From the manifest: completing a version reads no release.
    vocabulary.newsVersions = catalog.newsVersions(upTo: appVersion).map(\.description).reversed()
    let undoable = state.recap.undoableNumbers.map(String.init)
    vocabulary.undoTokens = undoable.isEmpty ? [] : undoable + ["all"]
    return vocabulary
  }

  var guidanceIDs: [String] { GuidanceCatalog.all.map(\.id) }
}

extension Session {
  /// Publishes what Tab completes from now (after a command or a redraw).
  func publishCompletions() {
    completions.update(runner.completionVocabulary)
  }
}
