/// Pseudo-localization: source strings made to look and grow like translations, so that
/// overflow is found before anything is translated.
///
/// Each letter of A-Z and a-z becomes an accented one (`a` → `á`, `o` → `ö`, the marks
/// translations add above and below the line), placeholders are left as they are, the
/// text is put in brackets (`[…]`, so that a cut-off end shows) and padded inside them with
/// Android's pseudo-locale words (` one two three …`) to the expansion that localization
/// teams plan for a source text of its length (IBM's guideline for English sources, in
/// characters: up to 10: +100 %, 11-20: +80 %, 21-30: +60 %, 31-50: +40 %, 51-70: +30 %,
/// over 70: +30 %), or to `expand` percent when given.
enum PseudoLocalization {
  static let accents: [Character: Character] = [
    "A": "Á", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î",
    "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ",
    "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î",
    "j": "ĵ", "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ",
    "s": "š", "t": "ţ", "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
  ]

  static let padding = Array(
    " one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen")

  /// The expansion in percent for a source of `count` characters.
  static func expansion(forLength count: Int) -> Int {
    switch count {
    case ...10: return 100
    case 11...20: return 80
    case 21...30: return 60
    case 31...50: return 40
    default: return 30
    }
  }

  /// The pseudo-localized `text`; `expand` in percent overrides the length rule.
  static func pseudo(_ text: String, expand: Int? = nil) -> String {
    let tokens = Placeholders.tokens(text)
    var scalarIndex = 0
    var tokenIndex = 0
    var result = ""
    var visible = 0
    for character in text {
      let width = character.unicodeScalars.count
      defer { scalarIndex += width }
      while tokenIndex < tokens.count, tokens[tokenIndex].range.upperBound <= scalarIndex {
        tokenIndex += 1
      }
      if tokenIndex < tokens.count, tokens[tokenIndex].range.contains(scalarIndex) {
        result.append(character)
        continue
      }
      visible += 1
      result.append(accents[character] ?? character)
    }
    let percent = expand ?? expansion(forLength: visible)
    let extra = (visible * percent + 99) / 100
    var pad = ""
    while pad.count < extra { pad.append(padding[pad.count % padding.count]) }
    return "[" + result + pad + "]"
  }
}
