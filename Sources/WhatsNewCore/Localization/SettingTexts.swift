/// The texts every setting of the vocabulary needs: the keys of its name and of each value's
/// name, which every language must have whatever English has yet, and what the app shows for
/// one that no table has.
///
/// No English is written here: the texts themselves are in each language's
/// `Localizable.strings`; this is only what the vocabulary itself says.
package enum SettingTexts {
  /// The keys of every setting's name and values, from the vocabulary itself
  /// (`ui.setting.<name>.title`, `ui.value.<name>.<value>`).
  package static var keys: Set<String> {
    Set(Setting.allCases.flatMap { setting in [setting.titleKey] + setting.kind.values.map(setting.valueKey) })
  }

  /// What the app shows for a setting's name or value that no table has: the vocabulary's
  /// own name in words (`restTimerSound` as "Rest timer sound", `beep` as "Beep"), never the
  /// key. `nil` for any other key.
  ///
  /// ```swift
  /// SettingTexts.readableFallback(for: "ui.setting.restTimerSound.title")   // "Rest timer sound"
  /// SettingTexts.readableFallback(for: "ui.value.restTimerSound.soft_beep") // "Soft beep"
  /// ```
  package static func readableFallback(for key: String) -> String? {
    let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 4, parts[0] == "ui" else { return nil }
    if parts[1] == "setting", parts[3] == "title" { return words(parts[2]) }
    if parts[1] == "value" {
      switch parts[3] {
      case "true": return "On"
      case "false": return "Off"
      default: return words(parts[3])
      }
    }
    return nil
  }

  /// `restTimerSound` and `soft_beep` as words: "Rest timer sound", "Soft beep".
  static func words(_ name: String) -> String? {
    var text = ""
    for character in name {
      if character == "_" || character == "-" {
        text.append(" ")
      } else if character.isUppercase, !text.isEmpty {
        text += " " + character.lowercased()
      } else {
        text.append(character)
      }
    }
    let cleaned = TextSanitizer.clean(text).trimmingWhitespace()
    guard let first = cleaned.first else { return nil }
    return first.uppercased() + cleaned.dropFirst()
  }
}
