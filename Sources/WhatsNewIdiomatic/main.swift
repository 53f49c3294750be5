// whatsnew-idiomatic: the yardstick of `make bench`. The app's cold start to the first tour
// page, written the plain way, with no caches: Codable and JSONDecoder for the release files,
// PropertyListSerialization for the `.strings` tables, SQLite's C API for the store, Calendar
// for the weekly review, and the first page printed from the tables.
//
//   whatsnew-idiomatic --db <store> --releases <dir> --localizations <dir> [--locale <tag>] [--app-version <x.y.z>]
import CSQLite
import Foundation

/// A release version, `major.minor.patch`, compared number by number.
struct Version: Comparable, CustomStringConvertible {
  var parts: [Int]
  init?(_ text: String) {
    let parts = text.split(separator: ".").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    self.parts = parts
  }
  var description: String { parts.map(String.init).joined(separator: ".") }
  static func < (a: Version, b: Version) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
}

struct Manifest: Decodable { var releases: [String] }
struct ReleaseFile: Decodable {
  var version: String
  var pages: [Page]
}
struct Page: Decodable {
  var id: String, blocks: [Block], supersededIn: String?
}
struct Option: Decodable {
  var value: String, labelKey: String?, icon: String?
}
struct Item: Decodable {
  var id, titleKey, icon: String, descriptionKey: String?, action: Action?
}
enum Action: String, Decodable { case openWorkoutSettings, openCardioLog, openWeeklyReview, openSettings }

/// One block: its `type` decides which fields it has.
struct Block: Decodable {
  enum Kind: String, Decodable { case info, choice, action, featureList }
  var id: String, type: Kind
  var titleKey, descriptionKey, labelKey, icon, setting, supersededIn: String?
  var options: [Option]?, action: Action?, items: [Item]?

  /// Every translation key the block shows.
  var keys: [String] {
    [titleKey, descriptionKey, labelKey].compactMap { $0 } + (options ?? []).compactMap(\.labelKey)
      + (items ?? []).flatMap { [$0.titleKey] + [$0.descriptionKey].compactMap { $0 } }
  }
  /// Whether the fields its type requires are there.
  var isComplete: Bool {
    switch type {
    case .info: titleKey != nil
    case .choice: setting.map { storage[$0] != nil } == true && titleKey != nil
    case .action: action != nil && labelKey != nil
    case .featureList: !(items ?? []).isEmpty
    }
  }
}

/// The settings a choice may name: where each is stored, and its value when nothing is.
let storage: [String: (key: String, default: String)] = [
  "workoutView": ("workout.view", "guided"), "workoutAutonomy": ("workout.autonomy", "suggest"),
  "progressionMode": ("workout.progression", "reps_first"), "autoStartRestTimer": ("rest.autoStart", "true"),
  "restTimerHaptics": ("rest.haptics", "true"), "reviewWeekday": ("review.weekday", "sunday"),
  "homeSummaryCard": ("home.summaryCard", "daily_summary"), "theme": ("app.theme", "system"),
  "units": ("app.units", "metric"), "showWhatsNew": ("app.showWhatsNew", "true"),
]

// MARK: - Options

if CommandLine.arguments.dropFirst().first == "--version" {  // the bare process, for comparison
  print("whatsnew-idiomatic 1.0.0")
  exit(0)
}
var options: [String: String] = ["--app-version": "2.14.0"]
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let name = arguments.next(), let value = arguments.next() { options[name] = value }
guard let databasePath = options["--db"], let releasesDirectory = options["--releases"],
  let localizationsDirectory = options["--localizations"], let current = Version(options["--app-version"]!)
else {
  FileHandle.standardError.write(Data("usage: whatsnew-idiomatic --db <store> --releases <dir> --localizations <dir>\n".utf8))
  exit(64)
}
let environment = ProcessInfo.processInfo.environment
let languages = ["en", "es", "nl", "pt-BR", "ru"]
let tag = options["--locale"] ?? ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment[$0] }.first { !$0.isEmpty } ?? "en"
let normalized = tag.prefix { $0 != "." && $0 != "@" }.replacingOccurrences(of: "_", with: "-")
let language = languages.first { $0 == normalized } ?? languages.first { $0 == normalized.prefix(2) } ?? "en"

// MARK: - Translations

// The app's own texts are in Localizable.strings, each release's in <version>.strings beside it.
@MainActor func readTable(_ language: String, _ name: String = "Localizable") -> [String: String] {
  let url = URL(fileURLWithPath: "\(localizationsDirectory)/\(language).lproj/\(name).strings")
  guard let data = try? Data(contentsOf: url),
    let table = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
  else {
    FileHandle.standardError.write(Data("whatsnew-idiomatic: cannot read \(url.path)\n".utf8))
    return [:]
  }
  return table
}
var english = readTable("en")
var translations = language == "en" ? english : readTable(language)
@MainActor func text(_ key: String, _ arguments: any CVarArg...) -> String {
  String(format: translations[key] ?? english[key] ?? key, arguments: arguments)
}

// MARK: - Releases: the registered files, decoded

let decoder = JSONDecoder()
let releasesURL = URL(fileURLWithPath: releasesDirectory)
var releases: [(version: Version, pages: [Page])] = []
guard let manifestData = try? Data(contentsOf: releasesURL.appendingPathComponent("manifest.json")),
  let manifest = try? decoder.decode(Manifest.self, from: manifestData)
else { exit(66) }
for name in manifest.releases {
  do {
    let file = try decoder.decode(ReleaseFile.self, from: Data(contentsOf: releasesURL.appendingPathComponent(name + ".json")))
    guard let version = Version(file.version), file.version == name else { continue }
    releases.append((version, file.pages))
  } catch {
    FileHandle.standardError.write(Data("whatsnew-idiomatic: \(name).json: \(error)\n".utf8))
  }
}
releases.sort { $0.version < $1.version }

// MARK: - The store: settings, the seen record, onboarding and the notification, in one read

var database: OpaquePointer?
guard sqlite3_open_v2(databasePath, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { exit(74) }
sqlite3_busy_timeout(database, 5000)
@MainActor func query(_ sql: String, _ row: (OpaquePointer) -> Void) {
  var statement: OpaquePointer?
  guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else { exit(74) }
  while sqlite3_step(statement) == SQLITE_ROW { row(statement) }
  sqlite3_finalize(statement)
}
func column(_ statement: OpaquePointer, _ index: Int32) -> String {
  sqlite3_column_text(statement, index).map { String(cString: $0) } ?? ""
}
var schemaVersion: Int32 = 0
query("PRAGMA user_version") { schemaVersion = sqlite3_column_int($0, 0) }
guard schemaVersion == 4 else { exit(74) }  // the app's current schema (4 since the tour history)
var settings: [String: String] = [:]
var seenThrough: Version?
var onboardingComplete = false
var reviewWeekday = "sunday"
query("BEGIN") { _ in }
query("SELECT key, value FROM settings") { settings[column($0, 0)] = column($0, 1) }
query("SELECT seen_through FROM whats_new WHERE id = 1") { seenThrough = Version(column($0, 0)) }
query("SELECT value FROM app_state WHERE key = 'onboarding_complete'") { onboardingComplete = column($0, 0) == "true" }
query("SELECT weekday FROM notifications WHERE id = 'weekly-review'") { reviewWeekday = column($0, 0) }
var guidanceSeen: Set<String> = []
query("SELECT id FROM guidance_seen") { guidanceSeen.insert(column($0, 0)) }
query("COMMIT") { _ in }

// MARK: - The weekly review's next date, in the zone of TZ

let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone.current
let reviewTime = DateComponents(hour: 18, minute: 0, second: 0, weekday: (weekdays.firstIndex(of: reviewWeekday) ?? 0) + 1)
let nextReview = calendar.nextDate(after: Date(), matching: reviewTime, matchingPolicy: .nextTime)

// MARK: - The flow: pages of releases after the seen record, up to the current version, six at most

guard onboardingComplete, settings["app.showWhatsNew"] != "false", seenThrough.map({ $0 < current }) ?? true else { exit(0) }
var flow: [(version: Version, page: Page)] = []
for release in releases.reversed() where release.version <= current && seenThrough.map({ release.version > $0 }) ?? true {
  // The release's own tables; a block that names a key English lacks is dropped.
  let name = release.version.description
  english.merge(readTable("en", name)) { _, new in new }
  if language != "en" { translations.merge(readTable(language, name)) { _, new in new } } else { translations = english }
  let visible = release.pages.compactMap { page -> Page? in
    var page = page
    page.blocks = page.blocks.filter { $0.isComplete && $0.keys.allSatisfy { english[$0] != nil } }
    guard !page.blocks.isEmpty else { return nil }
    if let superseded = page.supersededIn.flatMap(Version.init), superseded <= current { return nil }
    page.blocks.removeAll { $0.supersededIn.flatMap(Version.init).map { $0 <= current } ?? false }
    return page.blocks.isEmpty ? nil : page
  }
  flow.insert(contentsOf: visible.prefix(6 - flow.count).map { (release.version, $0) }, at: 0)
  if flow.count == 6 { break }
}

// MARK: - The first page

guard let first = flow.first else { exit(0) }
let (version, page) = first
let singleChoice = page.blocks.filter { $0.type == .choice }.count == 1
var lines = ["\(text("ui.tour.heading", version.description)) · \(text("ui.tour.pageOf", "1", String(flow.count)))"]
for block in page.blocks {
  lines.append("")
  lines += [block.titleKey, block.descriptionKey].compactMap { $0 }.map { "  " + text($0) }
  if let setting = block.setting {
    let value = settings[storage[setting]!.key] ?? storage[setting]!.default
    // Boolean and weekday choices may leave their options out: they offer every value.
    let all = setting == "reviewWeekday" ? Array(weekdays[1...] + weekdays[..<1]) : ["true", "false"]
    for (number, option) in (block.options ?? all.map { Option(value: $0, labelKey: nil, icon: nil) }).enumerated() {
      let label = text(option.labelKey ?? "ui.value.\(setting).\(option.value)")
      lines.append(
        "    \(number + 1)) \(option.value == value ? "(●)" : "( )") \(label)  [choose \(singleChoice ? "" : block.id + ".")\(number + 1)]"
      )
    }
  }
  if let labelKey = block.labelKey { lines.append("  [ \(text(labelKey)) ]  open \(block.action?.rawValue ?? "")") }
  for item in block.items ?? [] {
    lines.append("    • " + text(item.titleKey))
    if let descriptionKey = item.descriptionKey { lines.append("       " + text(descriptionKey)) }
  }
}
let review =
  nextReview.map { $0.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: calendar.timeZone)) } ?? "none"
lines.append("\nnext weekly review: \(review)")
print(lines.joined(separator: "\n"))
sqlite3_close(database)
