import Synchronization

/// Preparing text through a library: the checks every prepared text must pass, and the
/// prepared-text cache, whose entries are checked against their faces' files.
extension FontLibrary {
  /// Prepares `text` for measuring at any width: the one-time, width-independent work,
  /// or a prepared text from the cache for the same text and style.
  ///
  /// - Throws: `CaliperError` for an invalid size or a font that cannot be opened.
  /// In `.css` mode (`TextStyle.breakRules`) the text prepared is the text after CSS
  /// white-space processing (`whiteSpace` `normal`, `nowrap` and `pre-line` collapse spaces),
  /// and every offset of the result indexes that text (`PreparedText.string`).
  public func prepare(_ text: String, style: TextStyle = TextStyle()) throws(CaliperError)
    -> PreparedText
  {
    try prepare(text, style: style, cached: true)
  }

  /// `prepare(_:style:)`; with `cached` false the prepared-text cache is neither asked
  /// nor filled (a text measured once, as most of a batch's are: `TextBatch`).
  func prepare(_ text: String, style: TextStyle, cached: Bool) throws(CaliperError)
    -> PreparedText
  {
    let text = CSSText.laidOut(text, style: style)
    guard style.size.isFinite, style.size > 0, style.size <= inputLimits.maxFontSize else {
      throw .invalidFontSize(style.size, limit: inputLimits.maxFontSize)
    }
    if let problem = style.problem { throw .invalidStyle(problem) }
    let bytes = text.utf8.count
    guard bytes <= inputLimits.maxTextBytes else {
      throw .textTooLong(bytes: bytes, limit: inputLimits.maxTextBytes)
    }
    // A prepared text costs at least `leastBytesPerScalar` a scalar: one that could never
    // fit the cache is not copied into a key for it. (Counting scalars costs a pass, so it
    // is done only for texts long enough to be in doubt: a text has between bytes / 4 and
    // bytes scalars.)
    let least = PreparedText.leastBytesPerScalar
    let limit = prepared.byteLimit
    let mayFit =
      bytes * least <= limit
      || (bytes / 4 * least <= limit && text.unicodeScalars.count * least <= limit)
    guard cached, limit > 0, mayFit else {
      return try PreparedText(text: text, style: style, cascade: cascade(for: style))
    }
    return try current { () throws(CaliperError) in
      let key = PreparedKey(
        utf8: Array(text.utf8), style: style, generation: generation.load(ordering: .relaxed))
      var made = false
      let text = try prepared.value(for: key) { () throws(CaliperError) in
        made = true
        let text = try PreparedText(text: text, style: style, cascade: cascade(for: style))
        return prepared.metered(text, under: key, keyBytes: key.utf8.count)
      }
      return (text, made)
    }
  }

  /// A prepared text from `cached` whose faces are the files as they are now (as of the
  /// last check, at most `CacheLimits.fileCheckInterval` ago): when one of the faces it
  /// opened was rewritten, truncated or deleted since, that face is looked up again (which
  /// reloads it, or throws an error naming the file) and the text prepared anew. A file is
  /// checked as a face lookup checks it (`FontFile.isUnchanged`: one `stat` once the
  /// interval has passed); without it a prepared text would answer from the old file until
  /// some other request happened to look the face up.
  private func current(
    _ cached: () throws(CaliperError) -> (text: PreparedText, made: Bool)
  ) throws(CaliperError) -> PreparedText {
    let (text, made) = try cached()
    // A text made just now looked each of its faces up, which checks its file, while it
    // was prepared: a second `stat` per face would find the same.
    guard !made else { return text }
    let now = fileCheckNow()
    let stale = text.cascadeFonts.compactMap { $0 }.filter {
      !$0.file.isUnchanged(now: now, interval: fileCheckInterval)
    }
    guard !stale.isEmpty else { return text }
    for font in stale {
      _ = try self.font(key: Self.faceKey(path: font.path, index: font.faceIndex), now: now)
    }
    generation.add(1, ordering: .relaxed)  // the next key misses the stale entry
    return try cached().text
  }

  /// Prepares styled text: `spans` give stretches their own size, fonts, weight, width,
  /// slant, OpenType features, variations, letter spacing and baseline offset (`TextSpan`);
  /// line metrics follow them (a larger span makes its line
  /// taller). Without spans this is `prepare(_:style:)`.
  ///
  /// - Throws: `CaliperError` for an invalid size (the paragraph's or a span's), a span
  ///   outside the text, or a font that cannot be opened.
  public func prepare(_ text: String, style: TextStyle = TextStyle(), spans: [TextSpan])
    throws(CaliperError) -> PreparedText
  {
    try prepare(text, style: style, spans: spans, cached: true)
  }

  /// `prepare(_:style:spans:)`; with `cached` false the prepared-text cache is neither
  /// asked nor filled.
  func prepare(_ text: String, style: TextStyle, spans: [TextSpan], cached: Bool)
    throws(CaliperError) -> PreparedText
  {
    guard !spans.isEmpty else { return try prepare(text, style: style, cached: cached) }
    let limit = inputLimits.maxFontSize
    for size in [style.size] + spans.compactMap(\.size)
    where !(size.isFinite && size > 0 && size <= limit) {
      throw .invalidFontSize(size, limit: limit)
    }
    let bytes = text.utf8.count
    guard bytes <= inputLimits.maxTextBytes else {
      throw .textTooLong(bytes: bytes, limit: inputLimits.maxTextBytes)
    }
    let count = text.unicodeScalars.count
    for span in spans where span.range.lowerBound < 0 || span.range.upperBound > count {
      throw .invalidSpan(span.range, count: count)
    }
    if let problem = style.problem { throw .invalidStyle(problem) }
    for span in spans {
      if let problem = span.style(over: style).problem { throw .invalidStyle(problem) }
    }
    if let problem = TextSpan.placeholderProblem(spans) { throw .invalidStyle(problem) }
    // In `.css` mode, the text after white-space processing, its spans moved with it.
    let (text, spans) = CSSText.laidOut(text, style: style, spans: spans)
    if spans.isEmpty { return try prepare(text, style: style, cached: cached) }
    guard cached, prepared.byteLimit > 0 else {
      return try PreparedText(text: text, style: style, spans: spans, library: self)
    }
    return try current { () throws(CaliperError) in
      let key = PreparedKey(
        utf8: Array(text.utf8), style: style, generation: generation.load(ordering: .relaxed),
        spans: spans)
      var made = false
      let text = try prepared.value(for: key) { () throws(CaliperError) in
        made = true
        let text = try PreparedText(text: text, style: style, spans: spans, library: self)
        return prepared.metered(text, under: key, keyBytes: key.utf8.count)
      }
      return (text, made)
    }
  }
}
