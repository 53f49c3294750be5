import Foundation
import WhatsNewCore

/// Generated content for the load and flow benchmarks: `count` releases, each 6 pages of 4
/// blocks (info, choice, action, feature list; 13 keys a page, 78 a release), with every key
/// in all five languages, in the shipped layout (one table per release per language).
enum GeneratedContent {
  /// Release `index`'s version: 9.0.0, 9.0.1, …, 9.0.999, 9.1.0, …
  static func version(_ index: Int) -> String { "9.\(index / 1000).\(index % 1000)" }

  /// Writes `Releases/` and `Localizations/` for `count` releases under `root`, in the
  /// shipped layout: each release's keys in its own table per language
  /// (`<lang>.lproj/<version>.strings`, about 6 KB), and each language's `Localizable.strings`
  /// the app's own strings (`ui.*`, `guidance.*`), copied from `sharedFrom/Localizations`, so a
  /// whole start on this content renders as on the shipped one.
  static func write(count: Int, to root: String, sharedFrom content: String) throws {
    let fileManager = FileManager.default
    let releases = root + "/Releases"
    try fileManager.createDirectory(atPath: releases, withIntermediateDirectories: true)
    var manifest: [String] = []
    var releaseKeys: [(version: String, keys: [String])] = []
    releaseKeys.reserveCapacity(count)
    for index in 0..<count {
      let version = version(index)
      manifest.append("\"\(version)\"")
      var keys: [String] = []
      let json = releaseJSON(version: version, keys: &keys)
      releaseKeys.append((version, keys))
      try Data(json.utf8).write(to: URL(fileURLWithPath: "\(releases)/\(version).json"))
    }
    try Data("{\"releases\": [\(manifest.joined(separator: ", "))]}".utf8).write(
      to: URL(fileURLWithPath: releases + "/manifest.json"))
    for language in Language.allCases {
      let directory = "\(root)/Localizations/\(language.directoryName)"
      try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let shipped = "\(content)/Localizations/\(language.directoryName)/Localizable.strings"
      try? fileManager.removeItem(atPath: directory + "/Localizable.strings")
      try fileManager.copyItem(atPath: shipped, toPath: directory + "/Localizable.strings")
      for (version, keys) in releaseKeys {
        var text = "/* generated for make bench (\(language.rawValue)): \(version) */\n"
        for key in keys {
          text +=
            "\"\(key)\" = \"\(language.rawValue) text for \(key.split(separator: ".").suffix(2).joined(separator: " "))\";\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(version).strings"))
      }
    }
  }

  private static func releaseJSON(version: String, keys: inout [String]) -> String {
    let prefix = "whatsNew.v" + version.replacingOccurrences(of: ".", with: "_")
    var pages: [String] = []
    for pageNumber in 0..<6 {
      let page = "p\(pageNumber)"
      func key(_ suffix: String) -> String {
        let key = "\(prefix).\(page).\(suffix)"
        keys.append(key)
        return key
      }
      let blocks = [
        """
        {"id": "intro", "type": "info", "titleKey": "\(key("intro.title"))", "descriptionKey": "\(key("intro.description"))", "icon": "sparkles"}
        """,
        """
        {"id": "view", "type": "choice", "setting": "workoutView", "titleKey": "\(key("view.title"))", "descriptionKey": "\(key("view.description"))",
         "options": [{"value": "guided", "labelKey": "\(key("view.guided"))", "icon": "dumbbell"},
                     {"value": "inline", "labelKey": "\(key("view.inline"))", "icon": "list"}]}
        """,
        """
        {"id": "open", "type": "action", "action": "openSettings", "labelKey": "\(key("open.label"))", "descriptionKey": "\(key("open.description"))", "icon": "settings"}
        """,
        """
        {"id": "list", "type": "featureList", "titleKey": "\(key("list.title"))", "items": [
          {"id": "one", "titleKey": "\(key("list.one.title"))", "descriptionKey": "\(key("list.one.description"))", "icon": "run", "action": "openCardioLog"},
          {"id": "two", "titleKey": "\(key("list.two.title"))", "descriptionKey": "\(key("list.two.description"))", "icon": "timer", "action": "openWorkoutSettings"}]}
        """,
      ]
      pages.append("{\"id\": \"\(page)\", \"blocks\": [\n\(blocks.joined(separator: ",\n"))]}")
    }
    return "{\"version\": \"\(version)\", \"pages\": [\n\(pages.joined(separator: ",\n"))]}\n"
  }

  /// `count` releases built in memory (same shape), ascending by version.
  static func releases(count: Int) -> [Release] {
    (0..<count).map { index in
      let version = Version(Self.version(index))!
      let prefix = "whatsNew.v\(index)"
      let pages = (0..<6).map { pageNumber in
        let page = "\(prefix).p\(pageNumber)"
        return Page(
          id: "p\(pageNumber)",
          blocks: [
            Block(id: "intro", content: .info(InfoBlock(titleKey: page + ".intro.title", icon: .sparkles))),
            Block(
              id: "view",
              content: .choice(
                ChoiceBlock(
                  setting: .workoutView, titleKey: page + ".view.title",
                  options: [
                    ChoiceOption(value: "guided", labelKey: page + ".view.guided"),
                    ChoiceOption(value: "inline", labelKey: page + ".view.inline"),
                  ]))),
            Block(id: "open", content: .action(ActionBlock(action: .openSettings, labelKey: page + ".open.label"))),
            Block(
              id: "list",
              content: .featureList(
                FeatureListBlock(items: [FeatureItem(id: "one", titleKey: page + ".list.one.title", action: .openCardioLog)]))),
          ])
      }
      return Release(version: version, pages: pages)
    }
  }
}
