/// A span's style over the paragraph's: in the Fonts stage, because a span that makes a
/// bundled family bold or italic is told apart from one naming a bundled face by the
/// bundled fonts' own names (`BundledFonts`).
extension TextSpan {
  /// The paragraph's style with this span's changes.
  func style(over base: TextStyle) -> TextStyle {
    var style = base
    if let size { style.size = size }
    if let fonts { style.fonts = fonts }
    if let letterSpacing { style.letterSpacing = letterSpacing }
    if let fontSynthesis { style.fontSynthesis = fontSynthesis }
    style.features += features
    let weight = resolvedWeight
    let slant = resolvedSlant
    // The weight and width on variable faces the span names by file, after the
    // paragraph's axes and before the span's own (which win).
    if let weight, let axis = try? FontVariation(tag: "wght", value: Double(weight)) {
      style.variations.append(axis)
    }
    if let width, let axis = try? FontVariation(tag: "wdth", value: width) {
      style.variations.append(axis)
    }
    style.variations += variations
    if weight != nil || width != nil || slant != nil {
      func restyled(_ descriptor: FontDescriptor) -> FontDescriptor {
        var descriptor = descriptor
        if let weight { descriptor.weight = weight }
        if let width { descriptor.width = width }
        if let slant { descriptor.slant = slant }
        return descriptor
      }
      style.fonts = style.fonts.map { reference in
        switch reference {
        case .family(let name):
          // A bundled face by its full name ("Noto Sans Bold") is one face: kept.
          let isFamily = BundledFonts.entries.contains {
            $0.family.lowercased() == name.lowercased()
          }
          if !isFamily, BundledFonts.entry(named: name) != nil { return reference }
          return .descriptor(restyled(FontDescriptor(family: name)))
        case .descriptor(let descriptor): return .descriptor(restyled(descriptor))
        case .file, .face: return reference
        }
      }
      style.fonts.append(.descriptor(restyled(FontDescriptor(family: "Noto Sans"))))
    }
    return style
  }
}
