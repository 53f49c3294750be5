import Testing
import WhatsNewCore

@Suite("Language choice")
struct LanguageChoiceTests {
  @Test(
    "--locale wins for the run, then the stored choice, then the environment",
    arguments: [
      (Language.nl, Language.ru, Language.es, Language.nl, LanguageChoice.Source.flag),
      (nil, .ru, .es, .ru, .stored),
      (nil, nil, .es, .es, .environment),
      (.en, nil, .ptBR, .en, .flag),
      (nil, .en, .ru, .en, .stored),
    ] as [(Language?, Language?, Language, Language, LanguageChoice.Source)])
  func precedence(flag: Language?, stored: Language?, environment: Language, expected: Language, source: LanguageChoice.Source) {
    let choice = LanguageChoice(flag: flag, stored: stored, environment: environment)
    #expect(choice.language == expected)
    #expect(choice.source == source)
  }

  @Test("choosing in the app replaces the flag and is what is stored", arguments: [Language.nl, nil] as [Language?])
  func choose(flag: Language?) {
    var choice = LanguageChoice(flag: flag, stored: .ru, environment: .es)
    choice.choose(.ptBR)
    #expect(choice.flag == nil)
    #expect(choice.stored == .ptBR)
    #expect(choice.language == .ptBR)
    #expect(choice.source == .stored)
  }

  @Test("the store's word at start stands until the user chooses in the run", arguments: [true, false])
  func readFromStore(chooseFirst: Bool) {
    var choice = LanguageChoice(flag: nil, stored: nil, environment: .es)
    if chooseFirst { choice.choose(.nl) }
    choice.readFromStore(.ru)
    #expect(choice.language == (chooseFirst ? .nl : .ru))
  }

  @Test("following the environment forgets the choice and the flag")
  func followEnvironment() {
    var choice = LanguageChoice(flag: .nl, stored: .ru, environment: .es)
    choice.followEnvironment()
    #expect(choice.language == .es)
    #expect(choice.source == .environment)
    #expect(choice.stored == nil)
  }
}
