/// Analysis: a text's Unicode scalars decoded from its UTF-8, with the answers the
/// shortcuts past ICU need, in one pass.
///
/// Problem: preparing a paragraph of prose decoded its UTF-8 in two passes (count, then
/// decode: 27 instructions a byte), then walked the scalars again for the one-face, letter
/// and bidi questions and again for the grapheme shortcut. Solution: count the scalars 8
/// bytes at a time (the bytes that do not continue a character), then decode and answer
/// every question in the same loop, a scalar below U+0100 with one table load
/// (`AnalysisShortcuts.latin1Facts`) and text of ASCII without decoding at all.
/// `AnalysisShortcutTests` compares the scalars with the string's own and each answer with
/// the shortcut's function. Limitation: the answers are the shortcuts' (small sets);
/// whatever they do not cover goes to ICU as before.
struct DecodedText {
  /// The text as Unicode scalars.
  let scalars: [Unicode.Scalar]
  /// Whether the text is not empty and every scalar is in `AnalysisShortcuts.isOneFaceLatin`'s set.
  let oneFaceLatin: Bool
  /// Whether a scalar is one of `AnalysisShortcuts.isLatinLetter`'s letters, for a text
  /// that is `oneFaceLatin` (whose one script it decides); false for any other text.
  let hasLetter: Bool
  /// Whether a scalar is one that `AnalysisShortcuts.mayNeedBidi`.
  let needsBidi: Bool
  /// Whether every scalar is `AnalysisShortcuts.isSimpleGrapheme`.
  let simpleGraphemes: Bool
  /// Whether a scalar is CR (U+000D), after which an LF starts no grapheme cluster (GB3).
  let hasCarriageReturn: Bool

  init(_ text: String) {
    var text = text
    var found = Found()
    scalars = text.withUTF8 { utf8 -> [Unicode.Scalar] in
      guard !utf8.isEmpty else { return [] }
      let count = Self.count(utf8)
      // Made by `filled`, then written (why not `unsafeUninitializedCapacity`: `filled`).
      var scalars = [Unicode.Scalar](filled: "\0", count: count)
      scalars.withUnsafeMutableBufferPointer { buffer in
        found = AnalysisShortcuts.latin1Facts.withUnsafeBufferPointer { facts in
          // A scalar is its value: written as UInt32, without a validity check a scalar.
          buffer.baseAddress!.withMemoryRebound(to: UInt32.self, capacity: count) {
            Self.decode(utf8, into: $0, facts: facts)
          }
        }
      }
      return scalars
    }
    needsBidi = found.needsBidi
    oneFaceLatin =
      !scalars.isEmpty && found.oneFaceLatin && found.every & AnalysisShortcuts.oneFaceFact != 0
    // Prose has a letter among its first scalars: asked after, not of every scalar (and
    // not of other text, where a Latin letter may come late or never).
    hasLetter = oneFaceLatin && scalars.contains { AnalysisShortcuts.isLatinLetter($0.value) }
    simpleGraphemes = found.simple
    hasCarriageReturn = found.some & AnalysisShortcuts.carriageReturnFact != 0
  }

  /// What `decode` found: the facts of every scalar below U+0100 and of some, and the
  /// answers for the scalars above.
  private struct Found {
    var every = AnalysisShortcuts.allFacts
    var some: UInt8 = 0
    var needsBidi = false
    var oneFaceLatin = true
    var simple = true
  }

  /// Decodes `utf8` (valid: a String's) into `target` (the scalars' values) and asks each
  /// scalar the questions; 8 ASCII bytes at a time where they are, whose facts are found
  /// over the word (a byte below the space or DEL is not `isOneFaceLatin`; CR by a zero
  /// lane of the word XOR CRs), in locals (captured in a closure they were kept in memory).
  private static func decode(
    _ utf8: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt32>,
    facts: UnsafeBufferPointer<UInt8>
  ) -> Found {
    let (ones, high): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
    let base = utf8.baseAddress!
    let raw = UnsafeRawPointer(base)
    let bytes = utf8.count
    var (every, some) = (AnalysisShortcuts.allFacts, UInt8(0))
    var (needsBidi, oneFaceLatin, simple) = (false, true, true)
    // Lane bit 7: an ASCII byte outside the space…tilde; a CR.
    var (outside, carriageReturn): (UInt64, UInt64) = (0, 0)
    var offset = 0
    var index = 0
    while offset < bytes {
      if offset &+ 8 <= bytes {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if word & high == 0 {
          outside |= ~(word &+ 0x6060_6060_6060_6060) | (word &+ ones)
          let crossed = word ^ (0x0D &* ones)
          carriageReturn |= (crossed &- ones) & ~crossed
          for lane in 0..<8 { target[index &+ lane] = UInt32(base[offset &+ lane]) }
          offset &+= 8
          index &+= 8
          continue
        }
      }
      let lead = UInt32(base[offset])
      let value: UInt32
      if lead < 0x80 {
        value = lead
        offset &+= 1
      } else {
        value = multiByte(base, lead, &offset)
      }
      if value < 0x100 {
        let fact = facts[Int(value)]
        every &= fact
        some |= fact
      } else {
        needsBidi = needsBidi || AnalysisShortcuts.mayNeedBidi(value)
        oneFaceLatin = oneFaceLatin && AnalysisShortcuts.isOneFaceLatin(value)
        simple = simple && AnalysisShortcuts.isSimpleGrapheme(value)
      }
      target[index] = value
      index &+= 1
      if needsBidi && !oneFaceLatin && !simple { break }
    }
    // Every answer about the scalars above U+00FF is settled (bidi is needed, the text is
    // neither one-face Latin nor of simple graphemes): the rest is decoded alone, a scalar
    // at a time (such text rarely holds 8 ASCII bytes in a row), the facts of those below
    // U+0100 still kept. Each length its own branch, the 3- and 4-byte ones with no facts
    // (their scalars are above U+07FF), and a sequence's value its bytes shifted and added
    // less their fixed bits (`multiByte`'s masks, and the juggling of registers its one
    // branch made, cost a 3-byte scalar 31 instructions).
    while offset < bytes {
      let lead = UInt32(base[offset])
      let value: UInt32
      if lead < 0x80 {
        value = lead
        offset &+= 1
        let fact = facts[Int(value)]
        every &= fact
        some |= fact
      } else if lead < 0xE0 {
        // 110xxxxx 10xxxxxx.
        value = lead &<< 6 &+ UInt32(base[offset &+ 1]) &- 0x3080
        offset &+= 2
        if value < 0x100 {
          let fact = facts[Int(value)]
          every &= fact
          some |= fact
        }
      } else if lead < 0xF0 {
        // 1110xxxx 10xxxxxx 10xxxxxx.
        value =
          lead &<< 12 &+ UInt32(base[offset &+ 1]) &<< 6 &+ UInt32(base[offset &+ 2]) &- 0xE_2080
        offset &+= 3
      } else {
        value = multiByte(base, lead, &offset)
      }
      target[index] = value
      index &+= 1
    }
    if outside & high != 0 { every &= ~AnalysisShortcuts.oneFaceFact }
    if carriageReturn & high != 0 { some |= AnalysisShortcuts.carriageReturnFact }
    return Found(
      every: every, some: some, needsBidi: needsBidi, oneFaceLatin: oneFaceLatin, simple: simple)
  }

  /// The scalar whose UTF-8 starts with `lead` (≥ 0x80) at `offset`, which moves past it.
  @inline(__always)
  private static func multiByte(
    _ base: UnsafePointer<UInt8>, _ lead: UInt32, _ offset: inout Int
  ) -> UInt32 {
    let start = offset
    if lead < 0xE0 {
      offset = start &+ 2
      return (lead & 0x1F) &<< 6 | UInt32(base[start &+ 1] & 0x3F)
    }
    if lead < 0xF0 {
      offset = start &+ 3
      return (lead & 0x0F) &<< 12 | UInt32(base[start &+ 1] & 0x3F) &<< 6
        | UInt32(base[start &+ 2] & 0x3F)
    }
    offset = start &+ 4
    return (lead & 0x07) &<< 18 | UInt32(base[start &+ 1] & 0x3F) &<< 12
      | UInt32(base[start &+ 2] & 0x3F) &<< 6 | UInt32(base[start &+ 3] & 0x3F)
  }

  /// The number of scalars in `utf8`: its bytes less those that continue a character
  /// (10xxxxxx), counted 8 at a time.
  private static func count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    let raw = UnsafeRawPointer(utf8.baseAddress!)
    let bytes = utf8.count
    let high: UInt64 = 0x8080_8080_8080_8080
    var continuing = 0
    var offset = 0
    while offset &+ 8 <= bytes {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      // Bit 7 set and bit 6 clear: shifted left, each byte's bit 6 lands on its bit 7.
      continuing &+= (word & ~(word &<< 1) & high).nonzeroBitCount
      offset &+= 8
    }
    while offset < bytes {
      let byte = utf8[offset]
      if byte & 0xC0 == 0x80 { continuing &+= 1 }
      offset &+= 1
    }
    return bytes &- continuing
  }
}
