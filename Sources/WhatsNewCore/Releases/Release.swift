/// A validated release: the pages a version announces, in file order.
///
/// Values of these types only come out of ``ReleaseValidator``, so everything they
/// name (settings, actions, icons, translation keys) is known to exist.
package struct Release: Hashable, Sendable {
  /// The version the release announces; its file is `<version>.json`.
  package var version: Version
  /// The pages, in file order.
  package var pages: [Page]
  /// The day it came out, when the file gives one (`news` lists it).
  package var date: ReleaseDate?
  /// The settings whose default the release changes (`defaultChanges`): the flow shows a person
  /// who never chose one the release's choice of it, and hides it from one who did.
  package var defaultChanges: [DefaultChange]

  package init(version: Version, pages: [Page], date: ReleaseDate? = nil, defaultChanges: [DefaultChange] = []) {
    self.version = version
    self.pages = pages
    self.date = date
    self.defaultChanges = defaultChanges
  }
}

/// One page of the tour: a few blocks shown together.
package struct Page: Hashable, Sendable, Identifiable {
  /// The page's id, unique within its release.
  package var id: String
  /// The blocks, in file order; never empty after validation.
  package var blocks: [Block]
  /// From this version on the page is no longer shown.
  package var supersededIn: Version?

  package init(id: String, blocks: [Block], supersededIn: Version? = nil) {
    self.id = id
    self.blocks = blocks
    self.supersededIn = supersededIn
  }
}

/// One block of a page.
package struct Block: Hashable, Sendable, Identifiable {
  /// The block's id, unique within its page.
  package var id: String
  /// From this version on the block is no longer shown.
  package var supersededIn: Version?
  /// Rules that must hold for the block to show (`"when"`: on an info block only, so no
  /// control or `open` number comes and goes), checked as the page is drawn: a choice made
  /// earlier in the tour shows its block at once.
  package var when: [Rule] = []
  package var content: BlockContent

  package init(id: String, supersededIn: Version? = nil, when: [Rule] = [], content: BlockContent) {
    self.id = id
    self.supersededIn = supersededIn
    self.when = when
    self.content = content
  }

  /// The block's choice, when it is one.
  package var choice: ChoiceBlock? {
    if case .choice(let choice) = content { choice } else { nil }
  }
}

/// The four kinds of block.
package enum BlockContent: Hashable, Sendable {
  case info(InfoBlock)
  case choice(ChoiceBlock)
  case action(ActionBlock)
  case featureList(FeatureListBlock)
}

/// An icon, a title and a sentence.
package struct InfoBlock: Hashable, Sendable {
  package var titleKey: String
  package var descriptionKey: String?
  package var icon: Icon?

  package init(titleKey: String, descriptionKey: String? = nil, icon: Icon? = nil) {
    self.titleKey = titleKey
    self.descriptionKey = descriptionKey
    self.icon = icon
  }
}

/// A real setting with its options shown on the page.
package struct ChoiceBlock: Hashable, Sendable {
  /// The setting the choice changes.
  package var setting: Setting
  package var titleKey: String
  package var descriptionKey: String?
  /// At least two options, each a value of `setting`, no value twice.
  package var options: [ChoiceOption]
  /// The default the release gives a person who never chose `setting`, set by the flow
  /// (``personalized(_:changes:decided:)``): the page says it will be theirs unless they choose.
  package var newDefault: String? = nil

  package init(setting: Setting, titleKey: String, descriptionKey: String? = nil, options: [ChoiceOption]) {
    self.setting = setting
    self.titleKey = titleKey
    self.descriptionKey = descriptionKey
    self.options = options
  }
}

/// One option of a choice.
package struct ChoiceOption: Hashable, Sendable {
  /// The setting value the option stands for.
  package var value: String
  /// The option's label; `nil` when the release left `options` out and the
  /// setting's own value names are used (boolean and weekday settings).
  package var labelKey: String?
  package var icon: Icon?

  package init(value: String, labelKey: String?, icon: Icon? = nil) {
    self.value = value
    self.labelKey = labelKey
    self.icon = icon
  }
}

/// A button that opens part of the app.
package struct ActionBlock: Hashable, Sendable {
  package var action: Action
  package var labelKey: String
  package var descriptionKey: String?
  package var icon: Icon?

  package init(action: Action, labelKey: String, descriptionKey: String? = nil, icon: Icon? = nil) {
    self.action = action
    self.labelKey = labelKey
    self.descriptionKey = descriptionKey
    self.icon = icon
  }
}

/// A short list of "also new" items; an item with an action can be opened.
package struct FeatureListBlock: Hashable, Sendable {
  package var titleKey: String?
  /// The items, in file order; never empty after validation.
  package var items: [FeatureItem]

  package init(titleKey: String? = nil, items: [FeatureItem]) {
    self.titleKey = titleKey
    self.items = items
  }
}

/// One item of a feature list.
package struct FeatureItem: Hashable, Sendable, Identifiable {
  /// The item's id, unique within its list.
  package var id: String
  package var titleKey: String
  package var descriptionKey: String?
  package var icon: Icon?
  /// What tapping the item opens, if anything.
  package var action: Action?

  package init(id: String, titleKey: String, descriptionKey: String? = nil, icon: Icon? = nil, action: Action? = nil) {
    self.id = id
    self.titleKey = titleKey
    self.descriptionKey = descriptionKey
    self.icon = icon
    self.action = action
  }
}
