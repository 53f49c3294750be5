package import WhatsNewCore

/// The pages of the onboarding wizard.
///
/// A new user is asked the same questions an upgrader gets in the tour, with the same
/// controls: the wizard reuses each setting's choice block from the newest release (up
/// to the app version) that offers it, so there is one definition of every control.
package enum OnboardingPlan {
  /// The welcome page, then the tour's choice blocks two a page, then a last page. Releases
  /// are read newest first only until every setting has its control (a new user's start does
  /// not read the whole history).
  package static func pages(catalog: ReleaseCatalog, appVersion: Version) -> [Page] {
    var chosen: [Setting: Block] = [:]
    for version in catalog.versions.reversed() where version <= appVersion && chosen.count < Setting.allCases.count {
      guard let release = catalog.release(version) else { continue }
      for (setting, block) in choiceBlocks(in: release, asOf: appVersion) where chosen[setting] == nil {
        chosen[setting] = block
      }
    }
    let blocks = Setting.allCases.compactMap { chosen[$0] }
    var pages = [infoPage("welcome", icon: .sparkles)]
    for start in stride(from: 0, to: blocks.count, by: 2) {
      pages.append(Page(id: "questions\(pages.count)", blocks: Array(blocks[start..<min(start + 2, blocks.count)])))
    }
    pages.append(infoPage("ready", icon: .check))
    return pages
  }

  /// The choice blocks a user on `appVersion` is shown of `release`, in page order.
  private static func choiceBlocks(in release: Release, asOf appVersion: Version) -> [(setting: Setting, block: Block)] {
    previewRelease(release, asOf: appVersion).flatMap { page in
      page.page.blocks.compactMap { block in block.choice.map { ($0.setting, block) } }
    }
  }

  /// A page of one info block, its texts `ui.onboarding.<id>.title` and `.description`.
  private static func infoPage(_ id: String, icon: Icon) -> Page {
    let info = InfoBlock(titleKey: "ui.onboarding.\(id).title", descriptionKey: "ui.onboarding.\(id).description", icon: icon)
    return Page(id: id, blocks: [Block(id: id, content: .info(info))])
  }
}
